"""An EPUB's chapters in spine order: front matter and notes dropped, split files joined, broken ones named
(invented books, built here)."""

import pytest

from crawlers.epub.archive import EpubError
from crawlers.epub.book import read_epub
from crawlers.limits import Caps
from tests.crawlers.local_books import lantern_book, write_epub, xhtml


def test_epub_chapters_in_spine_order_without_front_matter_or_notes(tmp_path):
    book = read_epub(lantern_book(tmp_path))
    assert [(c.href, c.title, c.paragraphs) for c in book.chapters] == [
        ("OEBPS/c1.xhtml", "Chapter 1: The Lamp", ["Mira lit the lamp."]),
        ("OEBPS/c2.xhtml", "Chapter 2: The Boat", ["Mira found a boat.", "It was red."]),
    ]
    assert book.dropped == {
        "OEBPS/cover.xhtml": "epub:type cover",
        "OEBPS/note.xhtml": 'title "Translator\'s Note"',
    }


def test_a_file_split_from_the_chapter_before_it_without_a_heading_continues_it(tmp_path):
    documents = [
        ("c1.xhtml", xhtml("Chapter 1", ["Mira lit the lamp."])),
        ("c1_split_001.xhtml", xhtml("", ["The lamp smoked."])),
        ("c1_split_002.xhtml", xhtml("", ["She opened a window."])),
        ("c2.xhtml", xhtml("Chapter 2", ["Mira found a boat."])),
    ]
    book = read_epub(write_epub(tmp_path / "split.epub", documents, toc=["c1.xhtml", "c2.xhtml"]))
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("Chapter 1", ["Mira lit the lamp.", "The lamp smoked.", "She opened a window."]),
        ("Chapter 2", ["Mira found a boat."]),
    ]
    documents[1:3] = [("c2.xhtml", xhtml("", ["The lamp smoked."])), ("c3.xhtml", xhtml("", ["It rained."]))]
    book = read_epub(write_epub(tmp_path / "volume.epub", documents[:3], toc=["c1.xhtml"]))
    assert [c.paragraphs for c in book.chapters] == [
        ["Mira lit the lamp."],
        ["The lamp smoked."],
        ["It rained."],
    ]


def test_broken_xhtml_loses_only_that_chapter(tmp_path):
    book = read_epub(lantern_book(tmp_path, [("c3.xhtml", "<html><body><p>unclosed</body>")]))
    assert [c.href for c in book.chapters] == ["OEBPS/c1.xhtml", "OEBPS/c2.xhtml"]
    assert list(book.broken) == ["OEBPS/c3.xhtml"]
    assert book.broken["OEBPS/c3.xhtml"][0] == "broken_xhtml"


def test_an_epub_whose_every_spine_item_is_dropped_has_no_chapters(tmp_path):
    documents = [
        ("c1.xhtml", xhtml("Copyright", ["All rights reserved."])),
        ("c2.xhtml", xhtml("Chapter 1", [])),
    ]
    with pytest.raises(EpubError) as err:
        read_epub(write_epub(tmp_path / "b.epub", documents))
    assert (err.value.reason, err.value.detail) == (
        "no_chapters",
        "b.epub: every spine item was dropped (title 'Copyright'; no text)",
    )


def test_paragraphs_past_their_cap_reject_the_book_naming_the_document_that_passed_it(tmp_path):
    """Every chapter was read and held before any was measured: 15 documents of 16 MB of two-letter
    paragraphs (a 0.5 MB file) ran over 6 minutes and 1.9 GB. They are counted as each chapter is read."""
    documents = [
        ("c1.xhtml", xhtml("第一章", ["甲。", "乙。"])),
        ("c2.xhtml", xhtml("第二章", ["丙。", "丁。"])),
    ]
    with pytest.raises(EpubError) as err:
        read_epub(write_epub(tmp_path / "many.epub", documents), Caps(paragraphs=3))
    assert (err.value.reason, err.value.detail) == (
        "too_many_paragraphs",
        "more than 3 paragraphs by OEBPS/c2.xhtml (cap; a book of 10,000 chapters has some 1,000,000): is it "
        "a word a paragraph?",
    )
