"""Raw-chapter rows from a crawl journal's state, and the rejection of a side without a chapter list."""

from datetime import datetime, timezone

import pytest

from crawlers.journal import JournalState
from crawlers.raw import content_hash, empty_bodies, raw_rows, toc_rejection


def _record(title: str, paragraphs: list[str]) -> dict:
    return {
        "title": title,
        "paragraphs": paragraphs,
        "page_urls": ["http://s/1", "http://s/1_2"],
        "fetched_at": "2026-11-01T08:30:00Z",
        "encoding": "gbk",
    }


def test_rows_take_the_link_title_when_the_page_has_none_and_local_failures_keep_their_reason():
    state = JournalState(
        toc=[("http://s/1", "第一章 链接"), ("http://s/2", "第二章"), ("file:///b.epub#c3", "Chapter 3")],
        chapters={"http://s/1": _record("", ["甲。", "乙。"])},
        failures={"file:///b.epub#c3": {"reason": "broken_xhtml", "detail": "line 1: mismatched tag"}},
    )
    rows, failures = raw_rows(state, "bk", "zh", "moxiang")
    assert rows == [
        {
            "raw_id": "bk/zh/00000",
            "book_id": "bk",
            "lang": "zh",
            "site": "moxiang",
            "toc_index": 0,
            "url": "http://s/1",
            "page_urls": ["http://s/1", "http://s/1_2"],
            "fetched_at": datetime(2026, 11, 1, 8, 30, tzinfo=timezone.utc),
            "encoding": "gbk",
            "title": "第一章 链接",
            "text": "甲。\n乙。",
            "content_hash": content_hash("第一章 链接", "甲。\n乙。"),
        }
    ]
    assert [(f["item_id"], f["reason"], f["detail"]) for f in failures] == [
        ("bk/zh/00001", "fetch_failed", "http://s/2: not fetched"),
        ("bk/zh/00002", "broken_xhtml", "file:///b.epub#c3: broken_xhtml (line 1: mismatched tag)"),
    ]


def test_the_content_hash_changes_with_the_title_or_the_text():
    assert len({content_hash("a", "b"), content_hash("a", "c"), content_hash("b", "b")}) == 3
    assert content_hash("a", "b") == content_hash("a", "b")


@pytest.mark.parametrize(
    "failure, selector, reason, detail",
    [
        (
            {"reason": "toc_empty", "url": "http://s/toc", "detail": "no   links\nmatched"},
            "ul a",
            "toc_empty",
            "table of contents http://s/toc (chapter_links 'ul a'): no links matched",
        ),
        (
            {"reason": "blocked", "url": "http://s/toc", "detail": "a challenge page"},
            "ul a",
            "site_blocked",
            "table of contents http://s/toc (chapter_links 'ul a'): blocked (a challenge page)",
        ),
        (
            {"reason": "http_404", "url": "http://s/toc"},
            "ul a",
            "toc_failed",
            "table of contents http://s/toc (chapter_links 'ul a'): http_404",
        ),
        (  # a local file keeps the reader's reason
            {"reason": "missing_spine", "url": "file:///b.epub", "detail": "no spine items"},
            None,
            "missing_spine",
            "file:///b.epub: no spine items",
        ),
    ],
)
def test_a_side_without_a_chapter_list_is_one_named_rejection(failure, selector, reason, detail):
    assert toc_rejection(failure, "bk", "en", selector) == {
        "stage": "crawl",
        "item_id": "bk/en",
        "book_id": "bk",
        "lang": "en",
        "reason": reason,
        "detail": detail,
    }


TOC = [("http://s/1", "一"), ("http://s/2", "二"), ("http://s/3", "三")]
EMPTY = {"reason": "empty_body", "detail": "no div.text p"}


@pytest.mark.parametrize(
    "chapters, failures, empty",
    [
        ({}, {url: EMPTY for url, _ in TOC}, ["http://s/1", "http://s/2", "http://s/3"]),
        (
            {},
            {"http://s/1": {"reason": "http_404"}, "http://s/3": EMPTY},
            ["http://s/3"],
        ),  # 404: no page read
        (
            {"http://s/1": {"reader": "old"}},
            {url: EMPTY for url, _ in TOC},
            ["http://s/1", "http://s/2", "http://s/3"],
        ),
        # the text other selectors read is no text these read: a body selector edited to pick nothing
        ({"http://s/1": {"reader": "old"}}, {"http://s/2": EMPTY}, ["http://s/2"]),
        ({"http://s/1": {"reader": "now"}}, {"http://s/2": EMPTY, "http://s/3": EMPTY}, []),  # a page of text
        # refetched (``--recheck``) and empty now: its latest reading found none
        (
            {"http://s/1": {"reader": "now"}},
            {url: EMPTY for url, _ in TOC},
            ["http://s/1", "http://s/2", "http://s/3"],
        ),
        ({"http://s/1": {}}, {"http://s/2": EMPTY}, []),  # journaled before readers were: these selectors'
        ({}, {"http://s/1": {"reason": "http_404"}}, []),  # no chapter page read
    ],
)
def test_a_side_whose_body_selector_found_no_text_on_any_chapter_names_every_empty_one(
    chapters, failures, empty
):
    assert empty_bodies(JournalState(toc=TOC, chapters=chapters, failures=failures), "now") == empty
