"""Reading the aligned corpus book by book."""

from __future__ import annotations

import pytest

from core.storage import DamagedFile
from exports.corpus import aligned_books, read_book


def test_a_folder_in_place_of_a_chapters_table_is_a_damaged_file_not_a_book_left_out(layout):
    books = aligned_books(layout)
    path = layout.chapters(books[0])
    path.unlink()
    path.mkdir()
    assert aligned_books(layout) == books  # stats and exports read it, and name it
    with pytest.raises(DamagedFile) as err:
        read_book(layout, books[0])
    assert err.value.path == path
