"""Reading an EPUB's zip within bounds (invented books, built here)."""

import zipfile

import pytest

from crawlers.epub.archive import EpubError
from crawlers.epub.book import read_epub
from crawlers.limits import Caps
from tests.crawlers.local_books import lantern_book


def test_a_zip_listing_more_entries_than_its_cap_is_refused_before_they_are_listed(tmp_path, monkeypatch):
    """Listing a zip's entries takes about 1 KB each (300,000 empty ones in 26 MB took 320 MB), before any
    cap was read."""
    path = lantern_book(tmp_path)
    with zipfile.ZipFile(path, "a") as archive:
        for k in range(100):
            archive.writestr(f"junk/{k}", b"")
    with zipfile.ZipFile(path) as archive:
        listed = sum(46 + len(info.filename.encode()) + len(info.extra) for info in archive.infolist())
    assert len(read_epub(path, Caps(zip_directory_bytes=listed)).chapters) == 2
    monkeypatch.setattr(zipfile, "ZipFile", None)  # refused before the zip is opened
    with pytest.raises(EpubError) as err:
        read_epub(path, Caps(zip_directory_bytes=listed - 1))
    assert (err.value.reason, err.value.detail) == (
        "too_many_entries",
        f"book.epub: its zip's list of entries takes {listed:,} bytes (cap {listed - 1:,}): more entries than "
        "a book has",
    )
