"""Real crawls of a fault-injecting site whose pages declare no charset, or one that decodes no text."""

from __future__ import annotations

import random

import pytest

from tests.crawlers.faultsite import page, serve_faults
from tests.crawlers.fault_crawl import TEXT, chapter_page, publish, run_crawl

HTML = {"Content-Type": "text/html"}  # no charset


def _junk_page(seed: int, size: int) -> bytes:
    """A chapter page whose text is ``size`` seeded random bytes."""
    rng = random.Random(seed)
    text = bytes(rng.randrange(0x100) for _ in range(size))
    return b'<html><body><h1>x</h1><div class="text"><p>' + text + b"</p></div></body></html>"


NO_CHARSET = "declares no known charset, and its bytes are {} (set the site's encoding in the config)"
EN_TEXT = "The rain kept falling over the harbour town all night."


@pytest.mark.slow
def test_pages_that_declare_no_charset_on_a_site_with_no_encoding_read_as_utf8_or_gb18030_or_are_bad_encoding(
    tmp_path,
):
    zh_routes = {
        "/u/utf8": page(chapter_page("一", charset=None, encoding="utf-8")),
        "/u/gbk": page(chapter_page("二", charset=None)),
        "/u/random": page(_junk_page(7, 1024), headers=HTML),  # without a type: not_html, as binary
        "/u/big5": page(
            chapter_page("三", "他一個人站在大門口，雨下得很大。", charset=None, encoding="big5")
        ),
    }
    en_routes = {
        "/u/ascii": page(chapter_page("Chapter 1", EN_TEXT, charset=None, encoding="ascii")),
        "/u/cp1252": page(
            chapter_page("Chapter 2", "“Don’t go,” she said. “It’s late.”", charset=None, encoding="cp1252")
        ),
    }
    records = {}  # lang -> path -> ("chapter", encoding, paragraphs) or (reason, detail)
    for lang, routes in (("zh", zh_routes), ("en", en_routes)):
        with serve_faults() as site:
            publish(site, routes)
            done = run_crawl(site, tmp_path / f"{lang}.jsonl", encoding=None, lang=lang)
        chapters, failures = done.state.chapters, done.state.failures
        records[lang] = {
            path: (
                ("chapter", chapters[url]["encoding"], chapters[url]["paragraphs"])
                if url in chapters
                else (failures[url]["reason"], failures[url]["detail"])
            )
            for path in routes
            for url in [site.url + path.lstrip("/")]
        }
    neither = NO_CHARSET.format("neither UTF-8 nor GB18030")
    assert records["zh"] == {
        "/u/utf8": ("chapter", "utf-8", [TEXT]),
        "/u/gbk": ("chapter", "gb18030", [TEXT]),
        "/u/random": ("bad_encoding", neither),
        "/u/big5": ("bad_encoding", neither),
    }
    assert records["en"] == {
        "/u/ascii": ("chapter", "utf-8", [EN_TEXT]),
        "/u/cp1252": ("bad_encoding", NO_CHARSET.format("not UTF-8")),
    }


NOT_TEXT = "declares charset {}, which does not decode it to text; no site encoding to try instead"
NO_TEXT_CHARSETS = {
    "rot13": "rot-13",
    "base64": "base64",
    "hex": "hex",
    "idna": "idna",
    "undefined": "undefined",
}


def test_a_page_in_a_charset_that_decodes_no_text_is_bad_encoding_naming_it(tmp_path):
    with serve_faults() as site:
        routes = {}
        for charset in NO_TEXT_CHARSETS:
            said = {"Content-Type": f"text/html; charset={charset}"}
            routes[f"/header/{charset}"] = page(
                chapter_page("一", charset=None, encoding="utf-8"), headers=said
            )
            routes[f"/meta/{charset}"] = page(
                chapter_page("一", charset=charset, encoding="utf-8"), headers=HTML
            )
        publish(site, routes)
        done = run_crawl(site, tmp_path / "journal.jsonl", encoding=None)
    assert {
        url.removeprefix(site.url): (f["reason"], f["detail"]) for url, f in done.state.failures.items()
    } == {
        f"{where}/{charset}": ("bad_encoding", NOT_TEXT.format(name))
        for where in ("header", "meta")
        for charset, name in NO_TEXT_CHARSETS.items()
    }
    assert done.report["failed_reasons"] == {"bad_encoding": 10}


@pytest.mark.parametrize(
    ("encoding", "chapters", "toc_failure"),
    [
        ("gbk", {"c/1": "gbk"}, None),
        (None, {}, ("bad_encoding", NOT_TEXT.format("base64"))),
    ],
    ids=["site-encoding", "none"],
)
def test_a_table_of_contents_in_a_charset_that_decodes_no_text_is_read_in_the_sites_encoding_or_bad_encoding(
    tmp_path, encoding, chapters, toc_failure
):
    with serve_faults() as site:
        publish(site, {"/c/1": page(chapter_page("一", charset="rot13"))})
        site.routes["/book/"] = page(
            b'<ul class="toc"><li><a href="/c/1">1</a></li></ul>',
            headers={"Content-Type": "text/html; charset=base64"},
        )
        done = run_crawl(site, tmp_path / "journal.jsonl", encoding=encoding)
    failure = done.state.toc_failure
    assert {url.removeprefix(site.url): r["encoding"] for url, r in done.state.chapters.items()} == chapters
    assert ((failure["reason"], failure["detail"]) if failure else None) == toc_failure


@pytest.mark.parametrize(
    ("body", "encoding", "read_as"),
    [
        (chapter_page("一"), "gbk", "gb18030"),
        (chapter_page("一", charset=None, encoding="utf-8"), None, "utf-8"),
    ],
    ids=["gbk-declared", "utf8-undeclared"],
)
def test_a_utf16_byte_order_mark_before_bytes_of_no_utf16_markup_is_dropped(
    tmp_path, body, encoding, read_as
):
    with serve_faults() as site:  # read as UTF-16, the page was characters of no markup: empty_body
        publish(site, {"/c/1": page(b"\xff\xfe" + body, headers=HTML)})
        done = run_crawl(site, tmp_path / "journal.jsonl", encoding=encoding)
    chapter = done.state.chapters[site.url + "c/1"]
    assert (chapter["encoding"], chapter["title"], chapter["paragraphs"]) == (read_as, "一", [TEXT])


@pytest.mark.parametrize(
    ("body", "encoding", "outcome"),
    [
        (chapter_page("一"), "gbk", ("gb18030", "一", [TEXT])),  # its <meta> says gbk
        (chapter_page("一", charset=None), "gbk", ("gbk", "一", [TEXT])),  # the site's encoding
        (chapter_page("一", charset=None), None, ("gb18030", "一", [TEXT])),  # guessed on a zh site
        (chapter_page("一", charset=None, encoding="utf-8"), None, ("utf-8", "一", [TEXT])),  # a true mark
        (_junk_page(7, 1024), None, "bad_encoding"),  # bytes of no encoding: the mark is no matter
    ],
    ids=["gbk-declared", "site-encoding", "gb18030-guessed", "utf8", "junk"],
)
def test_a_utf8_byte_order_mark_before_bytes_that_are_not_utf8_is_dropped(tmp_path, body, encoding, outcome):
    with serve_faults() as site:  # the mark overrides every other reading: GBK bytes were bad_encoding
        publish(site, {"/c/1": page(b"\xef\xbb\xbf" + body, headers=HTML)})
        done = run_crawl(site, tmp_path / "journal.jsonl", encoding=encoding)
    chapter = done.state.chapters.get(site.url + "c/1")
    read = (chapter["encoding"], chapter["title"], chapter["paragraphs"]) if chapter else None
    assert (read or done.outcome(site.url + "c/1")) == outcome
