from scrapy.http import HtmlResponse

from crawlers.parsing import decode_page, parse_chapter, parse_toc, replacement_ratio
from pipeline.config import load_config
from tests.helpers import DEMO_CONFIG

SITES = load_config(DEMO_CONFIG).sites
ZH, EN = SITES["moxiang"].selectors, SITES["moonlit"].selectors

ZH_PAGE = """<html><head><meta http-equiv="Content-Type" content="text/html; charset=gbk"></head><body>
<div class="bookname"><h1>第十二章 雨夜</h1></div>
<div id="content"><p>一秒记住【墨香书阁】，精彩小说无弹窗免费阅读！</p><p>雨下得很大。</p>
<p>林晚星撑着伞，站在 <b>片场</b> 门口。</p><p>本章未完，请点击下一页继续阅读》》</p></div>
<div class="pager"><a href="index.html">返回目录</a> <a id="next-part" href="2012_2.html">下一页</a></div>
</body></html>"""


def _response(url: str, html: str, encoding: str, headers: dict[str, str] | None = None) -> HtmlResponse:
    return HtmlResponse(url=url, body=html.encode(encoding), headers=headers)


def test_gbk_chapter_page_with_a_second_part():
    page = parse_chapter(_response("http://x.demo/book/a/2012.html", ZH_PAGE, "gbk"), ZH)
    assert page.title == "第十二章 雨夜"
    assert page.paragraphs == [
        "一秒记住【墨香书阁】，精彩小说无弹窗免费阅读！", "雨下得很大。", "林晚星撑着伞，站在 片场 门口。",
        "本章未完，请点击下一页继续阅读》》",
    ]
    assert page.next_part == "http://x.demo/book/a/2012_2.html"


UNDECLARED = ZH_PAGE.replace('<meta http-equiv="Content-Type" content="text/html; charset=gbk">', "")
SAYS_UTF8 = {"Content-Type": "text/html; charset=utf-8"}


def test_gbk_page_without_a_declaration_is_read_with_the_site_encoding():
    response = decode_page(_response("http://x.demo/b.html", UNDECLARED, "gbk"), "gbk")
    assert response.encoding == "gbk" and parse_chapter(response, ZH).title == "第十二章 雨夜"


def test_a_page_that_misstates_its_charset_is_read_with_the_site_encoding():
    misread = _response("http://x.demo/b.html", UNDECLARED, "gbk", SAYS_UTF8)
    assert replacement_ratio(misread.text) > 0.1
    response = decode_page(misread, "gbk")
    assert response.encoding == "gbk" and parse_chapter(response, ZH).title == "第十二章 雨夜"


def test_a_declared_charset_that_reads_cleanly_wins_over_the_site_encoding():
    response = decode_page(_response("http://x.demo/b.html", UNDECLARED, "utf-8", SAYS_UTF8), "gbk")
    assert response.encoding == "utf-8" and parse_chapter(response, ZH).title == "第十二章 雨夜"


def test_a_page_no_encoding_reads_is_rejected():
    assert decode_page(_response("http://x.demo/b.html", UNDECLARED, "gbk", SAYS_UTF8), None) is None
    garbage = HtmlResponse(url="http://x.demo/b.html", body=b"<p>" + b"\x80\xff" * 100 + b"</p>", headers=SAYS_UTF8)
    assert decode_page(garbage, "gbk") is None
    assert replacement_ratio("") == 0.0


def test_toc_page_links_in_order_and_pagination():
    html = """<ul class="chapters"><li><a href="/novel/a/chapter-1/">Chapter 1: Rain</a></li>
    <li><a href="/novel/a/chapter-2/"> Chapter 2: <em>Wind</em> </a></li><li><a>no link</a></li></ul>
    <nav class="pagination"><a class="next page-numbers" href="/novel/a/page/2/">Next »</a></nav>"""
    toc = parse_toc(_response("http://en.demo/novel/a/", html, "utf-8"), EN)
    assert toc.chapters == [("http://en.demo/novel/a/chapter-1/", "Chapter 1: Rain"),
                            ("http://en.demo/novel/a/chapter-2/", "Chapter 2: Wind")]
    assert toc.next_page == "http://en.demo/novel/a/page/2/"


def test_last_toc_page_has_no_next_page():
    toc = parse_toc(_response("http://en.demo/novel/a/page/2/", '<ul class="chapters"></ul>', "utf-8"), EN)
    assert toc.chapters == [] and toc.next_page is None
