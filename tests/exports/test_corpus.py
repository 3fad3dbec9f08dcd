"""Reading the aligned corpus book by book."""

from __future__ import annotations

import pytest

from core.storage import DamagedFile
from exports import corpus
from exports.corpus import aligned_books, aligned_chapters, chapter_refs, read_book


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


def test_the_chapters_with_beads_are_read_a_table_at_a_time(layout, monkeypatch):
    """The split plan and the funnel read the chapter_id of every bead at once, as Python strings (about
    600 MB at BWB's 9.6 million beads) to find about 196,000 chapters."""
    read, read_table = [], corpus.read_table
    monkeypatch.setattr(
        corpus,
        "read_table",
        lambda path, table, columns: read.append((path.name, columns)) or read_table(path, table, columns),
    )
    found = aligned_chapters(map(layout.aligned, aligned_books(layout)))
    assert read == [(f"{book}.parquet", ["chapter_id"]) for book in aligned_books(layout)]
    assert found == {ref.chapter_id for ref in chapter_refs(layout)}
    assert len(found) == 4 + 5 + 6
