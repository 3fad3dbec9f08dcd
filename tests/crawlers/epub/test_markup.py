"""Parsing an EPUB's XML: missing namespaces, encodings, HTML's named references (invented books, built here)."""

import re
import zipfile

import pytest

from crawlers.epub.book import read_epub
from tests.crawlers.local_books import lantern_book, write_epub, xhtml


def test_a_package_container_and_contents_without_their_namespace_are_read(tmp_path):
    documents = [("c1.xhtml", xhtml("", ["Mira lit the lamp."])), ("c2.xhtml", xhtml("", ["A boat."]))]
    path = write_epub(tmp_path / "plain.epub", documents)
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    plain = ("OEBPS/content.opf", "META-INF/container.xml", "OEBPS/nav.xhtml")
    for name in plain:
        entries[name] = re.sub(rb' xmlns(:epub)?="[^"]*"', b"", entries[name]).replace(b"epub:type", b"type")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    book = read_epub(path)
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("c1.xhtml", ["Mira lit the lamp."]),  # titles from the contents, which had no namespace either
        ("c2.xhtml", ["A boat."]),
    ]


def test_xhtml_in_another_encoding_that_declares_none_says_what_to_do(tmp_path):
    path = lantern_book(tmp_path)
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    entries["OEBPS/c2.xhtml"] = xhtml("第二章", ["乙。"]).replace(' encoding="utf-8"', "").encode("gbk")
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    assert read_epub(path).broken["OEBPS/c2.xhtml"] == (
        "broken_xhtml",
        "OEBPS/c2.xhtml: not UTF-8 at byte 119 and no encoding declared (declare it, e.g. "
        '<?xml version="1.0" encoding="gbk"?>, or save the file as UTF-8)',
    )


LATIN_GBK = [  # a Chinese chapter in GBK, its document declaring a Latin charset (a tool's default)
    xhtml("第一章 雨夜", ["雨下得很大。", "林晚星撑着伞，站在片场门口。"])
    .replace("utf-8", charset)
    .encode("gbk")
    for charset in ("iso-8859-1", "windows-1252")
]


def test_a_chinese_document_that_declares_a_latin_charset_is_read_as_chinese_in_a_chinese_book(tmp_path):
    """It was read as Latin letters, then rejected by the clean stage as ``mojibake``; in a book of
    another language the declaration stands."""
    path = write_epub(tmp_path / "b.epub", [(f"c{k}.xhtml", "") for k in range(len(LATIN_GBK))])
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    entries |= {f"OEBPS/c{k}.xhtml": doc for k, doc in enumerate(LATIN_GBK)}
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    assert [c.paragraphs[0] for c in read_epub(path, chinese=True).chapters] == ["雨下得很大。"] * 2
    assert [c.paragraphs[0] for c in read_epub(path).chapters][0] == "ÓêÏÂµÃºÜ´ó¡£"


def test_html_named_references_are_read_and_unknown_ones_still_break_the_chapter(tmp_path):
    doctype = (
        '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">'
    )
    documents = [
        ("c1.xhtml", xhtml("Chapter 1", ["Mira&nbsp;lit the lamp&hellip; &ldquo;Go&rdquo; &amp; &mdash;"])),
        ("c2.xhtml", xhtml("Chapter 2", ["A&nbsp;boat."]).replace("<html", doctype + "<html", 1)),
        ("c3.xhtml", xhtml("Chapter 3", ["&nosuchname; here."])),
    ]
    book = read_epub(write_epub(tmp_path / "b.epub", documents))
    assert [c.paragraphs for c in book.chapters] == [["Mira lit the lamp… “Go” & —"], ["A boat."]]
    assert book.broken["OEBPS/c3.xhtml"][0] == "broken_xhtml"


def test_a_document_declaring_a_codec_of_no_text_is_broken_not_a_traceback(tmp_path):
    """base64, hex or rot13 are codecs Python knows, but not of bytes to text: decoding was a LookupError."""
    documents = [
        ("c1.xhtml", xhtml("Chapter 1", ["Mira lit the lamp."])),
        ("c2.xhtml", xhtml("Chapter 2", ["A boat."]).replace('encoding="utf-8"', 'encoding="base64"')),
        (
            "c3.xhtml",
            xhtml("Chapter 3", ["A bell."])
            .replace(' encoding="utf-8"', "")
            .replace("<head>", '<head><meta charset="rot13"/>'),
        ),
    ]
    book = read_epub(write_epub(tmp_path / "b.epub", documents))
    assert [c.title for c in book.chapters] == ["Chapter 1"]
    assert book.broken == {
        "OEBPS/c2.xhtml": ("broken_xhtml", "OEBPS/c2.xhtml: 'base64' is not a text encoding"),
        "OEBPS/c3.xhtml": ("broken_xhtml", "OEBPS/c3.xhtml: 'rot13' is not a text encoding"),
    }


def test_a_document_declaring_a_python_codec_of_no_charset_is_broken_not_read_garbled(tmp_path):
    """unicode_escape reads bytes to text, but no file is saved in it: "\\u4e2d" was read as a character."""
    documents = [
        ("c1.xhtml", xhtml("Chapter 1", ["Mira lit the lamp."])),
        (
            "c2.xhtml",
            xhtml("Chapter 2", ["A \\u4e2d boat."]).replace('encoding="utf-8"', 'encoding="unicode_escape"'),
        ),
        ("c3.xhtml", xhtml("Chapter 3", ["A bell."]).replace('encoding="utf-8"', 'encoding="idna"')),
    ]
    book = read_epub(write_epub(tmp_path / "b.epub", documents))
    assert [c.title for c in book.chapters] == ["Chapter 1"]
    assert book.broken == {
        "OEBPS/c2.xhtml": ("broken_xhtml", "OEBPS/c2.xhtml: 'unicode_escape' is not a text encoding"),
        "OEBPS/c3.xhtml": ("broken_xhtml", "OEBPS/c3.xhtml: 'idna' is not a text encoding"),
    }


def _read_with_c2(tmp_path, data: bytes):
    """The lantern book read with chapter c2's document replaced by ``data``."""
    path = lantern_book(tmp_path)
    with zipfile.ZipFile(path) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    entries["OEBPS/c2.xhtml"] = data
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return read_epub(path)


@pytest.mark.parametrize("mark, encoding", [(b"", "utf-32"), (b"\0\0\xfe\xff", "utf-32-be")])
def test_a_utf32_chapter_with_its_byte_order_mark_is_read(tmp_path, mark, encoding):
    """Its mark starts as UTF-16's: it was broken_xhtml, "not well-formed (invalid token): line 1, column 1"
    (little-endian) or "not UTF-8 at byte 2 and no encoding declared" (big-endian)."""
    text = xhtml("第二章", ["乙。"]).replace("utf-8", "UTF-32")
    book = _read_with_c2(tmp_path, mark + text.encode(encoding))  # Python's utf-32 writes its mark
    assert book.broken == {}
    assert book.chapters[-1].paragraphs == ["乙。"]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_a_wide_chapter_without_its_byte_order_mark_is_named_so(tmp_path, encoding):
    """It declares its encoding, unreadable without the mark: "not UTF-8 ... and no encoding declared"."""
    wide = encoding[:6].upper()
    text = xhtml("第二章", ["乙。"]).replace("utf-8", wide)
    assert _read_with_c2(tmp_path, text.encode(encoding)).broken["OEBPS/c2.xhtml"] == (
        "broken_xhtml",
        f"OEBPS/c2.xhtml: {wide} without a byte order mark (save it with one, or as UTF-8)",
    )
