import json

import pytest
from scrapy.exceptions import CannotResolveHostError, DownloadConnectionRefusedError
from scrapy.http import HtmlResponse, JsonResponse, Request, Response
from scrapy.spidermiddlewares.httperror import HttpError
from scrapy.utils.test import get_crawler
from twisted.internet.error import NoRouteError
from twisted.python.failure import Failure

from crawlers.profile import page_reader
from crawlers.spider import NovelSpider
from pipeline.config import load_config
from tests.helpers import DEMO_CONFIG

SITE = load_config(DEMO_CONFIG).sites["moxiang"]
BASE = "http://127.0.0.1:8000/"
ORIGIN = "http://127.0.0.1:8000"


def _page(url: str, title: str, paragraphs: list[str], next_part: str | None) -> HtmlResponse:
    link = f'<a id="next-part" href="{next_part}">下一页</a>' if next_part else ""
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    html = f'<div class="bookname"><h1>{title}</h1></div><div id="content">{body}</div>{link}'
    return HtmlResponse(url=url, body=html.encode("gbk"), request=Request(url))


def _one_page_chapter(spider: NovelSpider, url: str, title: str, paragraphs: list[str]) -> list:
    """What the spider yields for a chapter of one page at ``url``."""
    page = _page(url, title, paragraphs, None)
    return list(spider.parse_chapter(page, first_url=url, pages=[], paragraphs=[], title=None))


def _spider(tmp_path) -> NovelSpider:
    from dataclasses import asdict

    spider = NovelSpider(
        toc_url=BASE + "book/a/",
        selectors=asdict(SITE.selectors),
        journal_path=str(tmp_path / "j.jsonl"),
        base_url=BASE,
        canonical_url=SITE.url,
        origins=[ORIGIN],
        encoding="gbk",
    )
    spider.crawler = get_crawler()  # its stats say the site is not stopped
    return spider


def test_a_chapter_over_two_pages_becomes_one_record_with_canonical_urls(tmp_path):
    spider = _spider(tmp_path)
    first = list(
        spider.parse_chapter(
            _page(BASE + "book/a/7.html", "第七章 风", ["甲。"], "7_2.html"),
            first_url=BASE + "book/a/7.html",
            pages=[],
            paragraphs=[],
            title=None,
        )
    )
    assert len(first) == 1 and first[0].url == BASE + "book/a/7_2.html"
    record = list(
        spider.parse_chapter(
            _page(BASE + "book/a/7_2.html", "第七章 风（2/2）", ["乙。"], None), **first[0].cb_kwargs
        )
    )[0]
    assert record["type"] == "chapter"
    assert record["url"] == "http://moxiang.demo/book/a/7.html"
    assert record["page_urls"] == ["http://moxiang.demo/book/a/7.html", "http://moxiang.demo/book/a/7_2.html"]
    assert record["title"] == "第七章 风"
    assert record["paragraphs"] == ["甲。", "乙。"]


def test_a_chapter_page_without_text_is_a_failure_not_an_empty_chapter(tmp_path):
    spider = _spider(tmp_path)
    out = _one_page_chapter(spider, BASE + "book/a/8.html", "第八章", [])
    assert [(r["type"], r["url"], r["reason"]) for r in out] == [
        ("failure", "http://moxiang.demo/book/a/8.html", "empty_body")
    ]


@pytest.mark.parametrize(
    "title, reason",
    [
        ("404 Not Found", "error_page"),
        ("页面不存在_墨香书阁", "error_page"),
        ("Error 503", "error_page"),
        ("第404章 风_墨香书阁", None),
        ("Forbidden Garden - Chapter 4", None),
        ("503 Days | Moonlit", None),
    ],
)
def test_an_error_page_sent_as_a_page_is_error_page_not_the_chapters_text(tmp_path, title, reason):
    # its words were the chapter's text, and its title "404" the chapter's number: never fetched again
    url = BASE + "book/a/8.html"
    html = f"<html><head><title>{title}</title></head><body><h1>Not Found</h1><div id='content'><p>没有。</p></div>"
    page = HtmlResponse(url=url, body=html.encode("gbk"), request=Request(url))
    out = list(_spider(tmp_path).parse_chapter(page, first_url=url, pages=[], paragraphs=[], title=None))
    assert [r.get("reason") for r in out] == [reason]
    if reason:
        assert out[0]["detail"] == f"an error page sent as a page (HTTP 200), titled {title!r}"


def test_a_page_whose_reading_raises_is_the_failure_of_its_chapter_or_table_of_contents(
    tmp_path, monkeypatch
):
    # Scrapy only logged the error: the book had 0 chapters and 0 failures (a selector "a::attr(href)")
    def broken(*args):
        raise AttributeError("'str' object has no attribute 'attrib'")

    monkeypatch.setattr("crawlers.spider.parse_toc", broken)
    monkeypatch.setattr("crawlers.spider.parse_chapter", broken)
    spider = _spider(tmp_path)
    page = _page(BASE + "book/a/9.html", "第九章", ["甲。"], None)
    out = [
        *spider.parse_chapter(
            page, first_url=BASE + "book/a/8.html", pages=[BASE + "book/a/8.html"], paragraphs=[], title=None
        ),
        *spider.parse_toc(page, entries=[]),
    ]
    error = "AttributeError: 'str' object has no attribute 'attrib' (at http://127.0.0.1:8000/book/a/9.html)"
    assert [(r["type"], r["url"], r["reason"], r["detail"]) for r in out] == [
        ("failure", "http://moxiang.demo/book/a/8.html", "spider_error", error),
        ("toc_failure", "http://moxiang.demo/book/a/", "spider_error", error),
    ]


def test_a_page_that_is_no_web_page_is_not_html_naming_its_content_type(tmp_path):
    spider = _spider(tmp_path)
    url = BASE + "book/a/9.html"
    image = Response(url, body=bytes(range(256)), headers={"Content-Type": "image/png"}, request=Request(url))
    json = JsonResponse(
        url, body=b'{"a": 1}', headers={"Content-Type": "application/json"}, request=Request(url)
    )
    out = [
        *spider.parse_chapter(image, first_url=url, pages=[], paragraphs=[], title=None),
        *spider.parse_toc(json, entries=[]),
    ]
    assert [(r["type"], r["url"], r["reason"], r["detail"]) for r in out] == [
        ("failure", "http://moxiang.demo/book/a/9.html", "not_html", "not a web page: image/png"),
        ("toc_failure", "http://moxiang.demo/book/a/9.html", "not_html", "not a web page: application/json"),
    ]


def test_toc_skips_chapters_already_in_the_journal(tmp_path):
    (tmp_path / "j.jsonl").write_text(
        '{"type": "chapter", "url": "http://moxiang.demo/book/a/1.html", "page_urls": [], "title": "t",'
        ' "paragraphs": ["x"], "encoding": "gbk", "fetched_at": "2026-01-01T00:00:00Z"}\n',
        encoding="utf-8",
    )
    spider = _spider(tmp_path)
    html = '<ul class="chapter-list"><li><a href="1.html">第一章</a></li><li><a href="2.html">第二章</a></li></ul>'
    out = list(
        spider.parse_toc(
            HtmlResponse(url=BASE + "book/a/", body=html.encode("gbk"), encoding="gbk"), entries=[]
        )
    )
    assert out[0] == {
        "type": "toc",
        "fetched_at": out[0]["fetched_at"],
        "chapters": [
            ["http://moxiang.demo/book/a/1.html", "第一章"],
            ["http://moxiang.demo/book/a/2.html", "第二章"],
        ],
    }
    assert [r.url for r in out[1:]] == [BASE + "book/a/2.html"]


def test_toc_fetches_again_the_chapters_journaled_under_other_chapter_selectors(tmp_path):
    """An edited ``body`` (or ``title``, ``body_next``, ``encoding``) must not leave the text that the old
    selectors read: those chapters are fetched again; one journaled before readers were is kept."""
    reader = page_reader(SITE.selectors, "gbk")
    records = [(1, "another-reader"), (2, reader), (3, None)]
    (tmp_path / "j.jsonl").write_text(
        "".join(
            json.dumps(
                {
                    "type": "chapter",
                    "url": f"http://moxiang.demo/book/a/{n}.html",
                    "page_urls": [],
                    "title": "t",
                    "paragraphs": ["x"],
                    "encoding": "gbk",
                    "fetched_at": "2026-01-01T00:00:00Z",
                }
                | ({"reader": by} if by else {})
            )
            + "\n"
            for n, by in records
        ),
        encoding="utf-8",
    )
    spider = _spider(tmp_path)
    html = "".join(f'<li><a href="{n}.html">第{n}章</a></li>' for n in range(1, 5))
    toc = HtmlResponse(
        url=BASE + "book/a/", body=f'<ul class="chapter-list">{html}</ul>'.encode(), encoding="gbk"
    )
    assert [r.url for r in list(spider.parse_toc(toc, entries=[]))[1:]] == [
        BASE + "book/a/1.html",
        BASE + "book/a/4.html",
    ]
    assert _one_page_chapter(spider, BASE + "book/a/1.html", "第一章", ["甲。"])[0]["reader"] == reader


def test_chapters_requested_but_never_answered_are_recorded_when_the_spider_closes(tmp_path):
    spider = _spider(tmp_path)
    html = (
        '<ul class="chapter-list"><li><a href="1.html">一</a></li><li><a href="2.html">二</a></li>'
        '<li><a href="3.html">三</a></li></ul>'
    )
    list(
        spider.parse_toc(
            HtmlResponse(url=BASE + "book/a/", body=html.encode("gbk"), encoding="gbk"), entries=[]
        )
    )
    _one_page_chapter(spider, BASE + "book/a/1.html", "第一章", ["甲。"])
    spider.stopped = "site blocked: challenge page (HTTP 503)"
    assert [(r["url"], r["reason"], r["detail"]) for r in spider.unfinished()] == [
        ("http://moxiang.demo/book/a/2.html", "not_fetched", "site blocked: challenge page (HTTP 503)"),
        ("http://moxiang.demo/book/a/3.html", "not_fetched", "site blocked: challenge page (HTTP 503)"),
    ]
    assert spider.unfinished() == []


def _toc(url: str, links: list[str]) -> HtmlResponse:
    items = "".join(f'<li><a href="{link}">{n}</a></li>' for n, link in enumerate(links))
    return HtmlResponse(url=url, body=f'<ul class="chapter-list">{items}</ul>'.encode(), request=Request(url))


def test_a_table_of_contents_without_chapter_links_is_toc_empty(tmp_path):
    out = list(_spider(tmp_path).parse_toc(_toc(BASE + "book/a/", []), entries=[]))
    assert [(r["type"], r["url"], r["reason"]) for r in out] == [
        ("toc_failure", "http://moxiang.demo/book/a/", "toc_empty")
    ]


def test_chapter_links_off_the_sites_origin_are_recorded_offsite_and_never_requested(tmp_path):
    links = [
        "1.html",
        "http://127.0.0.1:8001/x.html",
        "//127.0.0.1:8001/y.html",
        "https://127.0.0.1:8000/z.html",
        "ftp://127.0.0.1:8000/w.html",
    ]
    out = list(_spider(tmp_path).parse_toc(_toc(BASE + "book/a/", links), entries=[]))
    assert out[0]["type"] == "toc" and len(out[0]["chapters"]) == 5
    assert [r.url for r in out[1:] if isinstance(r, Request)] == [BASE + "book/a/1.html"]
    assert [(r["url"], r["reason"]) for r in out[1:] if isinstance(r, dict)] == [
        ("http://127.0.0.1:8001/x.html", "offsite"),
        ("http://127.0.0.1:8001/y.html", "offsite"),
        ("https://127.0.0.1:8000/z.html", "offsite"),
        ("ftp://127.0.0.1:8000/w.html", "offsite"),
    ]


def test_a_next_page_off_the_sites_origin_fails_the_chapter_as_offsite_naming_the_page(tmp_path):
    out = list(
        _spider(tmp_path).parse_chapter(
            _page(BASE + "book/a/9.html", "第九章", ["甲。"], "http://127.0.0.1:8001/9_2.html"),
            first_url=BASE + "book/a/9.html",
            pages=[],
            paragraphs=[],
            title=None,
        )
    )
    assert [(r["url"], r["reason"]) for r in out] == [("http://moxiang.demo/book/a/9.html", "offsite")]
    assert out[0]["detail"].startswith("page 2 of the chapter to http://127.0.0.1:8001/9_2.html, not on")


def test_a_failed_next_page_fails_the_chapter_with_its_own_reason_naming_the_page(tmp_path):
    url = BASE + "book/a/9_2.html"
    request = Request(
        url,
        cb_kwargs={
            "first_url": BASE + "book/a/9.html",
            "pages": ["http://moxiang.demo/book/a/9.html"],
            "paragraphs": ["甲。"],
            "title": "第九章",
        },
    )
    failure = Failure(HttpError(HtmlResponse(url, status=404, request=request), "Ignoring non-200 response"))
    failure.request = request
    out = list(_spider(tmp_path).chapter_failed(failure))
    assert [(r["url"], r["reason"], r["detail"]) for r in out] == [
        (
            "http://moxiang.demo/book/a/9.html",
            "http_404",
            f"page 2 ({url}) of the chapter: Ignoring non-200 response",
        )
    ]


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (DownloadConnectionRefusedError("Connection was refused by other side"), "connection_refused"),
        (
            CannotResolveHostError("DNS lookup failed: no results for hostname lookup: x.invalid."),
            "host_unreachable",
        ),
        (NoRouteError(), "host_unreachable"),
    ],
)
def test_a_chapter_that_could_not_connect_fails_with_a_documented_reason_naming_the_error(
    tmp_path, error, reason
):
    request = Request(BASE + "book/a/9.html", cb_kwargs={"first_url": BASE + "book/a/9.html", "pages": []})
    failure = Failure(error)
    failure.request = request
    out = list(_spider(tmp_path).chapter_failed(failure))
    assert [(r["url"], r["reason"], r["detail"]) for r in out] == [
        ("http://moxiang.demo/book/a/9.html", reason, str(error))
    ]
