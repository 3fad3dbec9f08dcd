"""An EPUB's package: its container, manifest and spine (invented books, built here)."""

from pathlib import Path

import pytest

from crawlers.epub.archive import EpubError
from crawlers.epub.book import read_epub
from crawlers.limits import Caps
from tests.crawlers.local_books import CONTAINER, OPF, write_epub, write_zip, xhtml


def test_epub_without_spine_or_not_a_zip_is_a_named_error(tmp_path):
    with pytest.raises(EpubError) as err:
        read_epub(write_epub(tmp_path / "b.epub", [("c1.xhtml", xhtml("Chapter 1", ["Hi."]))], spine=False))
    assert err.value.reason == "missing_spine"
    (tmp_path / "c.epub").write_text("not a zip")
    with pytest.raises(EpubError) as err:
        read_epub(tmp_path / "c.epub")
    assert err.value.reason == "not_an_epub"


@pytest.mark.parametrize(
    "container, reason",
    [
        (None, "no_container"),
        (
            '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles/></container>',
            "no_container",
        ),
        (CONTAINER, "bad_package"),  # the package it names is not in the file
    ],
)
def test_a_book_without_its_package_is_a_named_error(tmp_path, container, reason):
    entries = {"META-INF/container.xml": container} if container else {}
    with pytest.raises(EpubError) as err:
        read_epub(write_zip(tmp_path / "b.epub", entries))
    assert err.value.reason == reason


def _two_chapters(tmp_path: Path, manifest: str, spine: str) -> Path:
    """An EPUB 3 of OEBPS/c1.xhtml and c2.xhtml (a chapter each) under ``manifest`` items and ``spine``."""
    return write_zip(
        tmp_path / "b.epub",
        {
            "META-INF/container.xml": CONTAINER,
            "OEBPS/content.opf": OPF.format(version="3.0", body=f"<manifest>{manifest}</manifest>{spine}"),
            "OEBPS/c1.xhtml": xhtml("Chapter 1", ["Mira lit the lamp."]),
            "OEBPS/c2.xhtml": xhtml("Chapter 2", ["Mira found a boat."]),
        },
    )


def test_a_spine_item_listed_again_is_read_once_at_its_first_place(tmp_path):
    # epubcheck's OPF-034; listed 99,999 times, a 6 KB file was 99,999 copies of one chapter to build
    manifest = "".join(
        f'<item id="{k}" href="c{k}.xhtml" media-type="application/xhtml+xml"/>' for k in (1, 2)
    )
    spine = "<spine>" + '<itemref idref="1"/>' * 1000 + '<itemref idref="2"/><itemref idref="1"/></spine>'
    book = read_epub(
        _two_chapters(tmp_path, manifest, spine), Caps(chapters=2)
    )  # two chapters: under the cap
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("Chapter 1", ["Mira lit the lamp."]),
        ("Chapter 2", ["Mira found a boat."]),
    ]
    assert book.dropped == {"OEBPS/c1.xhtml again": "the spine lists it 1001 times"}


def test_a_file_two_manifest_items_name_is_read_once_at_its_first_place(tmp_path):
    # read under each id, the copy was a second chapter, which dedup then rejected
    manifest = "".join(
        f'<item id="{i}" href="{name}" media-type="application/xhtml+xml"/>'
        for i, name in (("a", "c1.xhtml"), ("b", "c2.xhtml"), ("c", "./c1.xhtml"))
    )
    spine = '<spine><itemref idref="a"/><itemref idref="b"/><itemref idref="c"/></spine>'
    book = read_epub(_two_chapters(tmp_path, manifest, spine))
    assert [c.title for c in book.chapters] == ["Chapter 1", "Chapter 2"]
    assert book.dropped == {"OEBPS/c1.xhtml again": "the spine lists it 2 times"}
