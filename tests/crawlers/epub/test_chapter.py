"""A spine item's chapter: its title, and matter and notes dropped by rule (invented books, built here)."""

import zipfile

from crawlers.epub import chapter, contents
from crawlers.epub.book import read_epub
from tests.crawlers.local_books import XHTML, write_epub, xhtml

NS = "http://www.w3.org/1999/xhtml"


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


def test_headings_and_contents_links_nested_deep_are_read_once_each(tmp_path, monkeypatch):
    # a heading inside a heading, a link inside a link: the outermost one's text holds the others', so
    # only it is read (read per level, a nesting a million deep read its subtree a million times)
    depth = 1000
    document = XHTML.format("<h2>" * depth + "</h2>" * depth + "<p>Mira rowed on.</p>")
    untitled = XHTML.format("<p>No heading here.</p>")
    path = write_epub(tmp_path / "b.epub", [("c1.xhtml", document), ("c2.xhtml", untitled)])
    with zipfile.ZipFile(path) as archive:
        entries = {n: archive.read(n) for n in archive.namelist()}
    links = '<a href="c2.xhtml">' * depth + "The Shore" + "</a>" * depth
    entries["OEBPS/nav.xhtml"] = XHTML.format(f"<nav><ol><li>{links}</li></ol></nav>").encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    calls = []
    text = chapter.element_text
    for module in (contents, chapter):
        monkeypatch.setattr(
            module, "element_text", lambda element: calls.append(element.tag) or text(element)
        )
    book = read_epub(path)
    assert [(c.title, c.paragraphs) for c in book.chapters] == [
        ("", ["Mira rowed on."]),
        ("The Shore", ["No heading here."]),
    ]
    assert calls == [f"{{{NS}}}a", f"{{{NS}}}h2"]  # the outermost link, and the outermost heading
