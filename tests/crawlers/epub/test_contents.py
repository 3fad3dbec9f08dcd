"""Titles from an EPUB's table of contents, the nav or the NCX (invented books, built here)."""

import zipfile

from crawlers.epub.book import read_epub
from tests.crawlers.local_books import CONTAINER, OPF, XHTML, write_epub, write_zip


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
    path = write_zip(
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
