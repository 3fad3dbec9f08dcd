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


@pytest.mark.parametrize("damage", ["missing", "loop"])
def test_a_chapters_table_deleted_or_a_link_loop_is_named_not_its_book_left_out(layout, damage):
    """``stats`` printed the corpus without the book: aligned_books left out a book whose chapters table
    did not ``exist()``."""
    books = aligned_books(layout)
    path = layout.chapters(books[0])
    path.unlink()
    if damage == "loop":
        path.symlink_to(path)
    assert aligned_books(layout) == books
    with pytest.raises(DamagedFile) as err:
        read_book(layout, books[0])
    assert err.value.path == path
    if damage == "missing":
        assert str(err.value) == f"{path}: missing"
