"""The paragraphs of a chapter's XHTML (invented books, built here)."""

from crawlers.epub.book import read_epub
from tests.crawlers.local_books import XHTML, write_epub


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
