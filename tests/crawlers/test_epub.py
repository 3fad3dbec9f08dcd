"""Reading EPUB files: spine order, titles from headings or the table of contents, matter and notes
dropped by rule, and every unreadable part named (invented books, built here)."""

import re
import zipfile
from pathlib import Path

import pytest

from crawlers import epub
from crawlers.limits import Caps
from crawlers.epub import EpubError, read_epub
from tests.crawlers.local_books import CONTAINER, lantern_book, write_epub, xhtml

OPF = (
    '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="{version}">{body}</package>'
)
NS = "http://www.w3.org/1999/xhtml"
XHTML = '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>{}</body></html>'


def _zip(path: Path, entries: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip")
        for name, text in entries.items():
            archive.writestr(name, text)
    return path


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


def test_broken_xhtml_loses_only_that_chapter(tmp_path):
    book = read_epub(lantern_book(tmp_path, [("c3.xhtml", "<html><body><p>unclosed</body>")]))
    assert [c.href for c in book.chapters] == ["OEBPS/c1.xhtml", "OEBPS/c2.xhtml"]
    assert list(book.broken) == ["OEBPS/c3.xhtml"]
    assert book.broken["OEBPS/c3.xhtml"][0] == "broken_xhtml"


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


def test_epub_without_spine_or_not_a_zip_is_a_named_error(tmp_path):
    with pytest.raises(EpubError) as err:
        read_epub(write_epub(tmp_path / "b.epub", [("c1.xhtml", xhtml("Chapter 1", ["Hi."]))], spine=False))
    assert err.value.reason == "missing_spine"
    (tmp_path / "c.epub").write_text("not a zip")
    with pytest.raises(EpubError) as err:
        read_epub(tmp_path / "c.epub")
    assert err.value.reason == "not_an_epub"


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


def test_epub2_titles_from_the_ncx_and_spine_items_missing_or_not_linear(tmp_path):
    manifest = (
        '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'
        '<item id="a" href="Text/ch%201.xhtml" media-type="application/xhtml+xml"/>'
        '<item id="b" href="Text/extra.xhtml" media-type="application/xhtml+xml"/>'
        '<item id="c" href="Text/gone.xhtml" media-type="application/xhtml+xml"/>'
    )
    spine = '<spine toc="ncx"><itemref idref="a"/><itemref idref="b" linear="no"/><itemref idref="c"/>'
    spine += '<itemref idref="nowhere"/></spine>'
    ncx = (
        '<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>'
        '<navPoint id="p1"><navLabel><text> Chapter One </text></navLabel><content src="Text/ch%201.xhtml"/></navPoint>'
        "</navMap></ncx>"
    )
    path = _zip(
        tmp_path / "old.epub",
        {
            "META-INF/container.xml": CONTAINER,
            "OEBPS/content.opf": OPF.format(version="2.0", body=f"<manifest>{manifest}</manifest>{spine}"),
            "OEBPS/toc.ncx": ncx,
            "OEBPS/Text/ch 1.xhtml": XHTML.format("<p>No heading here.</p><li>A listed line.</li>"),
            "OEBPS/Text/extra.xhtml": XHTML.format("<p>Not in the reading order.</p>"),
        },
    )
    book = read_epub(path)
    assert [(c.href, c.title, c.paragraphs) for c in book.chapters] == [
        ("OEBPS/Text/ch 1.xhtml", "Chapter One", ["No heading here.", "A listed line."])
    ]
    assert book.broken == {
        "OEBPS/Text/gone.xhtml": ("missing_item", "spine item 'c': OEBPS/Text/gone.xhtml is not in the file"),
        "nowhere": ("missing_item", "spine item 'nowhere' is not in the manifest"),
    }
    assert book.dropped == {}


def test_a_broken_nav_costs_only_the_titles(tmp_path):
    path = write_epub(tmp_path / "b.epub", [("c1.xhtml", XHTML.format("<p>Untitled text.</p>"))])
    with zipfile.ZipFile(path) as archive:
        entries = {n: archive.read(n) for n in archive.namelist()}
    entries["OEBPS/nav.xhtml"] = b"<html><body><nav>unclosed"
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    book = read_epub(path)
    assert [(c.title, c.paragraphs) for c in book.chapters] == [("", ["Untitled text."])]


def test_notes_asides_and_matter_titles_are_dropped_by_rule(tmp_path):
    chapter = XHTML.format(
        "<h2>Chapter 3: Author's Notes on a Map</h2><p>Chapter 3: Author's Notes on a Map</p>"
        "<p>The map was old.</p><p>[TL note: the word also means 'chart'.]</p><p>(T/N: a pun.)</p>"
        "<p>Translator's note: see above.</p><aside><p>A footnote aside.</p></aside>"
        '<div epub:type="footnote"><p>A typed footnote.</p></div><blockquote>A quoted line.</blockquote>'
    )
    documents = [
        ("c3.xhtml", chapter),
        ("about.xhtml", xhtml("About the Author", ["She writes."])),
        ("toc.xhtml", xhtml("目录", ["第一章"])),
        ("notes.xhtml", xhtml("Author's Notes", ["Thanks."])),
        ("empty.xhtml", XHTML.format("<h1>Chapter 4</h1>")),
        ("bodiless.xhtml", '<html xmlns="http://www.w3.org/1999/xhtml"><head/></html>'),
        (
            "back.xhtml",
            XHTML.replace("<body>", '<body epub:type="backmatter appendix">').format("<p>Maps.</p>"),
        ),
    ]
    book = read_epub(write_epub(tmp_path / "b.epub", documents))
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("Chapter 3: Author's Notes on a Map", ["The map was old.", "A quoted line."])
    ]
    assert book.dropped == {
        "OEBPS/about.xhtml": "title 'About the Author'",
        "OEBPS/toc.xhtml": "title '目录'",
        "OEBPS/notes.xhtml": 'title "Author\'s Notes"',
        "OEBPS/empty.xhtml": "no text",
        "OEBPS/bodiless.xhtml": "no body",
        "OEBPS/back.xhtml": "epub:type appendix backmatter",
    }


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
        read_epub(_zip(tmp_path / "b.epub", entries))
    assert err.value.reason == reason


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


def test_text_outside_paragraph_elements_is_read_and_nested_paragraphs_once(tmp_path):
    """A chapter written in <div>s or straight in the body (cut at <br>) is read, not dropped as "no text";
    a <p> in a <blockquote> or an <li> is one paragraph, not two; the text after a footnote is kept."""
    documents = [
        (
            "divs.xhtml",
            XHTML.format("<h1>Chapter 1</h1><div>Mira lit the lamp.</div><div><span>It</span> glowed.</div>"),
        ),
        ("breaks.xhtml", XHTML.format("<h1>Chapter 2</h1>Mira found a boat.<br/>It was red.<br/><br/>")),
        (
            "nested.xhtml",
            XHTML.format(
                "<h1>Chapter 3</h1><blockquote><p>A quoted line.</p></blockquote><ul><li><p>An item.</p></li></ul>"
            ),
        ),
        (
            "aside.xhtml",
            XHTML.format(
                "<h1>Chapter 4</h1><p>Mira rowed<aside>A footnote.</aside> to the shore.</p><script>x()</script>"
            ),
        ),
    ]
    book = read_epub(write_epub(tmp_path / "b.epub", documents))
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("Chapter 1", ["Mira lit the lamp.", "It glowed."]),
        ("Chapter 2", ["Mira found a boat.", "It was red."]),
        ("Chapter 3", ["A quoted line.", "An item."]),  # once each, not once per nested block
        ("Chapter 4", ["Mira rowed to the shore."]),
    ]


def test_a_line_break_inside_a_paragraph_is_a_space_between_words_and_none_in_chinese(tmp_path):
    document = XHTML.format(
        "<h1>Chapter 1</h1><p>Mira rowed<br/>to the shore.</p><p>甲来了。<br/>乙走了。</p>"
    )
    book = read_epub(write_epub(tmp_path / "b.epub", [("c1.xhtml", document)]))
    assert [c.paragraphs for c in book.chapters] == [["Mira rowed to the shore.", "甲来了。乙走了。"]]


def test_a_million_nested_elements_are_read_without_recursion(tmp_path):
    depth = 1_000_000
    document = XHTML.format("<h1>Chapter 1</h1>" + "<div>" * depth + "<p>Deep.</p>" + "</div>" * depth)
    book = read_epub(write_epub(tmp_path / "b.epub", [("deep.xhtml", document)]))
    assert [c.paragraphs for c in book.chapters] == [["Deep."]]


def test_headings_and_contents_links_nested_deep_are_read_once_each(tmp_path, monkeypatch):
    # a heading inside a heading, a link inside a link: the outermost one's text holds the others', so
    # only it is read (read per level, a nesting a million deep read its subtree a million times)
    depth = 1000
    chapter = XHTML.format("<h2>" * depth + "</h2>" * depth + "<p>Mira rowed on.</p>")
    untitled = XHTML.format("<p>No heading here.</p>")
    path = write_epub(tmp_path / "b.epub", [("c1.xhtml", chapter), ("c2.xhtml", untitled)])
    with zipfile.ZipFile(path) as archive:
        entries = {n: archive.read(n) for n in archive.namelist()}
    links = '<a href="c2.xhtml">' * depth + "The Shore" + "</a>" * depth
    entries["OEBPS/nav.xhtml"] = XHTML.format(f"<nav><ol><li>{links}</li></ol></nav>").encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    calls = []
    text = epub._text
    monkeypatch.setattr(epub, "_text", lambda element: calls.append(element.tag) or text(element))
    book = read_epub(path)
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("", ["Mira rowed on."]),
        ("The Shore", ["No heading here."]),
    ]
    assert calls == [f"{{{NS}}}a", f"{{{NS}}}h2"]  # the outermost link, and the outermost heading


def test_encryption_data_nested_deep_is_walked_once(tmp_path, monkeypatch):
    # an EncryptedData inside another, a thousand deep, the innermost naming a chapter and its cipher:
    # asked for its method and references per level, each read the whole subtree below it again
    depth = 1000
    aes = "http://www.w3.org/2001/04/xmlenc#aes256-cbc"
    inner = f'<enc:EncryptionMethod Algorithm="{aes}"/><enc:CipherData><enc:CipherReference URI="OEBPS/c1.xhtml"/></enc:CipherData>'
    encryption = (
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
        'xmlns:enc="http://www.w3.org/2001/04/xmlenc#">'
        + "<enc:EncryptedData>" * depth
        + inner
        + "</enc:EncryptedData>" * depth
        + "</encryption>"
    )
    path = write_epub(tmp_path / "b.epub", [("c1.xhtml", xhtml("Chapter 1", ["Sealed."]))])
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("META-INF/encryption.xml", encryption)
    calls = []
    local = epub._local
    monkeypatch.setattr(epub, "_local", lambda tag: calls.append(1) or local(tag))
    with pytest.raises(EpubError) as err:
        read_epub(path)
    assert err.value.reason == "encrypted_entry"
    assert f"OEBPS/c1.xhtml by {aes}" in err.value.detail
    assert len(calls) < 10 * depth  # each element looked at a few times, not once per level above it


def _two_chapters(tmp_path: Path, manifest: str, spine: str) -> Path:
    """An EPUB 3 of OEBPS/c1.xhtml and c2.xhtml (a chapter each) under ``manifest`` items and ``spine``."""
    return _zip(
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
