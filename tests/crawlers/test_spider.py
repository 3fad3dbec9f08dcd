from scrapy.http import HtmlResponse, Request

from crawlers.spider import NovelSpider
from pipeline.config import load_config
from tests.helpers import DEMO_CONFIG

SITE = load_config(DEMO_CONFIG).sites["moxiang"]
BASE = "http://127.0.0.1:8000/"


def _page(url: str, title: str, paragraphs: list[str], next_part: str | None) -> HtmlResponse:
    link = f'<a id="next-part" href="{next_part}">下一页</a>' if next_part else ""
    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    html = f'<div class="bookname"><h1>{title}</h1></div><div id="content">{body}</div>{link}'
    return HtmlResponse(url=url, body=html.encode("gbk"), request=Request(url))


def _spider(tmp_path) -> NovelSpider:
    from dataclasses import asdict

    return NovelSpider(toc_url=BASE + "book/a/", selectors=asdict(SITE.selectors), journal_path=str(tmp_path / "j.jsonl"),
                       base_url=BASE, canonical_url=SITE.url, encoding="gbk")


def test_a_chapter_over_two_pages_becomes_one_record_with_canonical_urls(tmp_path):
    spider = _spider(tmp_path)
    first = list(spider.parse_chapter(_page(BASE + "book/a/7.html", "第七章 风", ["甲。"], "7_2.html"),
                                      first_url=BASE + "book/a/7.html", pages=[], paragraphs=[], title=None))
    assert len(first) == 1 and first[0].url == BASE + "book/a/7_2.html"
    record = list(spider.parse_chapter(_page(BASE + "book/a/7_2.html", "第七章 风（2/2）", ["乙。"], None),
                                       **first[0].cb_kwargs))[0]
    assert record["type"] == "chapter"
    assert record["url"] == "http://moxiang.demo/book/a/7.html"
    assert record["page_urls"] == ["http://moxiang.demo/book/a/7.html", "http://moxiang.demo/book/a/7_2.html"]
    assert record["title"] == "第七章 风"
    assert record["paragraphs"] == ["甲。", "乙。"]


def test_a_chapter_page_without_text_is_a_failure_not_an_empty_chapter(tmp_path):
    spider = _spider(tmp_path)
    out = list(spider.parse_chapter(_page(BASE + "book/a/8.html", "第八章", [], None),
                                    first_url=BASE + "book/a/8.html", pages=[], paragraphs=[], title=None))
    assert [(r["type"], r["url"], r["reason"]) for r in out] == [("failure", "http://moxiang.demo/book/a/8.html", "empty_body")]


def test_toc_skips_chapters_already_in_the_journal(tmp_path):
    (tmp_path / "j.jsonl").write_text(
        '{"type": "chapter", "url": "http://moxiang.demo/book/a/1.html", "page_urls": [], "title": "t",'
        ' "paragraphs": ["x"], "encoding": "gbk", "fetched_at": "2026-01-01T00:00:00Z"}\n', encoding="utf-8")
    spider = _spider(tmp_path)
    html = '<ul class="chapter-list"><li><a href="1.html">第一章</a></li><li><a href="2.html">第二章</a></li></ul>'
    out = list(spider.parse_toc(HtmlResponse(url=BASE + "book/a/", body=html.encode("gbk"), encoding="gbk"), entries=[]))
    assert out[0] == {"type": "toc", "fetched_at": out[0]["fetched_at"],
                      "chapters": [["http://moxiang.demo/book/a/1.html", "第一章"], ["http://moxiang.demo/book/a/2.html", "第二章"]]}
    assert [r.url for r in out[1:]] == [BASE + "book/a/2.html"]


def test_chapters_requested_but_never_answered_are_recorded_when_the_spider_closes(tmp_path):
    spider = _spider(tmp_path)
    html = ('<ul class="chapter-list"><li><a href="1.html">一</a></li><li><a href="2.html">二</a></li>'
            '<li><a href="http://elsewhere.example/3.html">三</a></li></ul>')
    list(spider.parse_toc(HtmlResponse(url=BASE + "book/a/", body=html.encode("gbk"), encoding="gbk"), entries=[]))
    list(spider.parse_chapter(_page(BASE + "book/a/1.html", "第一章", ["甲。"], None),
                              first_url=BASE + "book/a/1.html", pages=[], paragraphs=[], title=None))
    assert [(r["url"], r["reason"]) for r in spider.unfinished()] == [
        ("http://moxiang.demo/book/a/2.html", "not_fetched"), ("http://elsewhere.example/3.html", "offsite")]
    assert spider.unfinished() == []
