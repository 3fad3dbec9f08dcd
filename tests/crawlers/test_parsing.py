import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scrapy.http import HtmlResponse, Request

from crawlers.parsing import (
    MAX_REPLACEMENT_RATIO,
    PARSER_DEPTH,
    cut_off,
    decode_page,
    parse_chapter,
    parse_toc,
    replacement_ratio,
    undecodable,
    unreadable_ratio,
)
from crawlers.spider import NovelSpider
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
        "一秒记住【墨香书阁】，精彩小说无弹窗免费阅读！",
        "雨下得很大。",
        "林晚星撑着伞，站在 片场 门口。",
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


@pytest.mark.parametrize(
    "encoding, header, read_as", [("utf-8", "gbk", "utf-8"), ("gbk", "utf-8", "gb18030")]
)
def test_a_meta_charset_the_http_header_contradicts_is_read_when_the_headers_misreads(
    encoding, header, read_as
):
    """The header's charset wins; where it misreads the page, its <meta>'s is tried (it was not: on a
    site with no encoding, such a page was bad_encoding, on one with another, read in the site's)."""
    html = ZH_PAGE.replace("charset=gbk", f"charset={encoding}")
    page = _response("http://x.demo/b.html", html, encoding, {"Content-Type": f"text/html; charset={header}"})
    response = decode_page(page, None)
    assert response.encoding == read_as and parse_chapter(response, ZH).title == "第十二章 雨夜"


def test_a_page_no_encoding_reads_is_rejected():
    assert decode_page(_response("http://x.demo/b.html", UNDECLARED, "gbk", SAYS_UTF8), None) is None
    garbage = HtmlResponse(
        url="http://x.demo/b.html", body=b"<p>" + b"\x80\xff" * 100 + b"</p>", headers=SAYS_UTF8
    )
    assert decode_page(garbage, "gbk") is None
    assert replacement_ratio("") == 0.0


SAYS_LATIN1 = {"Content-Type": "text/html; charset=iso-8859-1"}
SAYS_CP1252 = UNDECLARED.replace("<head>", '<head><meta charset="windows-1252">')


LATIN_TEXT = (
    "<html><body><h1>Café crème</h1><p>Noël à la façon de Zoë: très élégant, ÀÉÈ çà.</p></body></html>"
)
FEW_CHINESE = "<html><body><h1>Chapter 12</h1><p>你好，再见。</p></body></html>"


@pytest.mark.parametrize(
    ("html", "encoding", "headers", "site_encoding", "lang", "read_as"),
    [
        (UNDECLARED, "gbk", SAYS_LATIN1, None, "zh", "gb18030"),
        (UNDECLARED, "gbk", SAYS_LATIN1, "gbk", "zh", "gbk"),
        (SAYS_CP1252, "gbk", None, None, "zh", "gb18030"),
        (SAYS_CP1252, "gbk", None, "big5", "zh", "gb18030"),  # the site's encoding does not read it
        (UNDECLARED, "gbk", SAYS_LATIN1, None, "en", "cp1252"),  # an English site's: the declaration stands
        (LATIN_TEXT, "latin-1", SAYS_LATIN1, None, "zh", "cp1252"),  # Latin-1 text: GB18030 refuses it
        (FEW_CHINESE, "gbk", SAYS_LATIN1, None, "zh", "cp1252"),  # too few characters to tell
    ],
)
def test_a_chinese_page_that_declares_a_latin_charset_is_read_as_chinese_on_a_chinese_site(
    html, encoding, headers, site_encoding, lang, read_as
):
    """It was read as Latin letters (mojibake), which the clean stage then rejected as ``mojibake``."""
    response = decode_page(_response("http://x.demo/b.html", html, encoding, headers), site_encoding, lang)
    assert response.encoding == read_as


SAYS_UTF16 = {"Content-Type": "text/html; charset=utf-16"}


def _short(title: str, head: str = "") -> str:
    """A short chapter page: GBK bytes of its title and markup, read as UTF-16, hold not one U+FFFD."""
    return (
        f'<html><head>{head}</head><body><div class="bookname"><h1>{title}</h1></div>'
        '<div id="content"><p>雨下得很大。</p></div></body></html>'
    )


@pytest.mark.parametrize(
    ("html", "encoding", "headers", "read_as"),
    [
        (_short("12 雨夜"), "utf-16-le", SAYS_UTF16, "utf-16-le"),  # no BOM: the order of its markup
        (_short("12 雨夜"), "utf-16-be", SAYS_UTF16, "utf-16-be"),
        (_short("12 雨夜"), "utf-16", SAYS_UTF16, "utf-16-le"),  # Python's, with a BOM
        (_short("12 雨夜"), "gbk", SAYS_UTF16, "gbk"),  # no UTF-16 markup: the declaration is wrong
        (_short("雨夜", '<meta charset="utf-16">'), "gbk", None, "gbk"),
    ],
)
def test_a_utf16_declaration_is_read_in_the_order_of_its_markup_or_not_when_its_bytes_have_none(
    html, encoding, headers, read_as
):
    response = decode_page(_response("http://x.demo/b.html", html, encoding, headers), "gbk")
    assert response.encoding == read_as and parse_chapter(response, ZH).paragraphs == ["雨下得很大。"]


def test_a_page_whose_bytes_belie_its_utf16_declaration_names_it_and_what_was_tried():
    for site_encoding, tried in [
        ("gbk", "too many undecodable bytes with gbk"),
        (None, "no site encoding to try instead"),
    ]:
        misread = _response("http://x.demo/b.html", UNDECLARED, "utf-8", SAYS_UTF16)
        assert decode_page(misread, site_encoding) is None
        assert (
            undecodable(misread, site_encoding)
            == f"declares utf-16, but its bytes hold no UTF-16 markup; {tried}"
        )
    assert undecodable(_response("http://x.demo/b.html", UNDECLARED, "gbk", SAYS_UTF8), None) == (
        "too many undecodable bytes with utf-8"
    )


# A page that declares no charset (no BOM, no Content-Type charset, no <meta>) on a site with no encoding

EN_PAGE = (
    '<html><head><title>Chapter 3</title></head><body><h1>Chapter 3: The Ferry</h1><div class="text">'
    "<p>The rain kept falling over the harbour town, and the ferry waited at the pier all night.</p>"
    "<p>Nobody came; the lamps along the quay went out one by one.</p></div></body></html>"
)
ZH_TEXT = "<p>雨下得很大，林晚星撑着伞站在片场门口。</p><p>远处传来一声汽笛，渡船靠岸了。</p>"
ZH_BARE = f'<html><head><title>第三章</title></head><body><h1>第三章 渡口</h1><div class="text">{ZH_TEXT}</div></body></html>'
ZH_BARE_BIG5 = (
    '<html><head><title>第三章</title></head><body><h1>第三章 渡口</h1><div class="text">'
    "<p>他一個人站在大門口，雨下得很大。</p><p>遠處傳來一聲汽笛，渡船靠岸了。</p></div></body></html>"
)
NO_CHARSET = "declares no known charset, and its bytes are {} (set the site's encoding in the config)"
NEITHER = NO_CHARSET.format("neither UTF-8 nor GB18030")
NOT_UTF8 = NO_CHARSET.format("not UTF-8")


def _bare(body: bytes) -> HtmlResponse:
    """A page sent without a Content-Type charset."""
    return HtmlResponse("http://x.demo/b.html", body=body)


def _junk(seed: int, size: int, low: int = 0) -> bytes:
    """A chapter page whose text is ``size`` seeded random bytes from ``low`` to 0xFF."""
    rng = random.Random(seed)
    text = bytes(rng.randrange(low, 0x100) for _ in range(size))
    return b'<html><body><h1>x</h1><div class="text"><p>' + text + b"</p></div></body></html>"


@pytest.mark.parametrize(
    ("html", "encoding", "lang", "read_as"),
    [
        (EN_PAGE, "ascii", "en", "utf-8"),
        (EN_PAGE, "ascii", "zh", "utf-8"),  # ASCII reads as either: UTF-8 first
        (EN_PAGE.replace("harbour", "harbour’s café"), "utf-8", "en", "utf-8"),
        (EN_PAGE, "ascii", None, "utf-8"),
        (ZH_BARE, "utf-8", "zh", "utf-8"),
        (ZH_BARE, "gbk", "zh", "gb18030"),
        (ZH_BARE, "gb2312", "zh", "gb18030"),
        (ZH_BARE.replace("渡口", "渡口𠀀"), "gb18030", "zh", "gb18030"),  # a character of 4 GB18030 bytes
    ],
)
def test_a_page_that_declares_no_charset_reads_as_utf8_or_on_a_chinese_site_gb18030(
    html, encoding, lang, read_as
):
    response = _bare(html.encode(encoding))
    decoded = decode_page(response, None, lang)
    assert decoded is not None and (decoded.encoding, decoded.text) == (read_as, html)


def test_a_mostly_ascii_gbk_page_reads_as_gb18030_though_utf8_misreads_it_within_the_tolerance():
    html = EN_PAGE.replace("Nobody came;", "雨。Nobody came;")
    utf8 = _bare(html.encode("gbk")).replace(encoding="utf-8")
    assert 0 < replacement_ratio(utf8.text) <= MAX_REPLACEMENT_RATIO
    assert "\ufffd\ua863Nobody came;" in utf8.text  # 雨。 lost
    decoded = decode_page(_bare(html.encode("gbk")), None, "zh")
    assert (decoded.encoding, decoded.text) == ("gb18030", html)


def test_boms_and_a_few_bad_bytes_within_the_tolerance_still_read():
    assert decode_page(_bare(EN_PAGE.encode("utf-8-sig")), None, "en").encoding == "utf-8"
    assert decode_page(_bare(ZH_BARE.encode("utf-16")), None, "zh").encoding == "utf-16-le"
    html = ZH_BARE.replace(ZH_TEXT, ZH_TEXT * 3)
    body = html.encode("gbk").replace("渡船".encode("gbk"), b"\xff\xff", 1)  # 2 bad bytes in 230 characters
    decoded = decode_page(_bare(body), None, "zh")
    assert (decoded.encoding, decoded.text) == ("gb18030", html.replace("渡船", "\ufffd\ufffd", 1))


@pytest.mark.parametrize(
    ("body", "lang", "detail"),
    [
        (_junk(7, 1024), "zh", NEITHER),  # 10.8% U+FFFD as GB18030, 39% as UTF-8
        (_junk(7, 1024), "en", NOT_UTF8),
        (_junk(7, 1024), None, NOT_UTF8),
        (_junk(0, 24, low=0x80), "zh", NEITHER),  # Scrapy's detection read these as ptcp154 ...
        (_junk(5, 24, low=0x80), "en", NOT_UTF8),  # ... and cp1251
        # Big5: as GB18030 not one U+FFFD, but 15% private-use characters
        (ZH_BARE_BIG5.encode("big5"), "zh", NEITHER),
        (ZH_BARE.encode("utf-16-le"), "zh", NEITHER),  # UTF-16 without a BOM: half NUL characters
        # cp1252 English with curly quotes: 2% U+FFFD as UTF-8; GB18030, with 0.7% U+FFFD, would read most
        # as Chinese characters, but is not guessed on an English site
        (
            EN_PAGE.replace("Nobody came;", "“Don’t go,” she said. “It’s late.”").encode("cp1252"),
            "en",
            NOT_UTF8,
        ),
        (EN_PAGE.replace("harbour town", "café, crème brûlée and façade").encode("latin-1"), "en", NOT_UTF8),
    ],
)
def test_a_page_that_declares_no_charset_and_reads_as_no_guess_is_rejected_saying_so(body, lang, detail):
    response = _bare(body)
    assert decode_page(response, None, lang) is None
    assert undecodable(response, None, lang) == detail


def test_a_big5_page_on_a_site_whose_encoding_is_gbk_is_rejected_not_read_as_characters_of_private_use():
    """GBK reads Big5's bytes without one U+FFFD, as characters of private use and others of no sense: the
    chapter was kept as that."""
    response = _bare(ZH_BARE_BIG5.encode("big5"))
    assert replacement_ratio(response.replace(encoding="gbk").text) == 0.0
    assert decode_page(response, "gbk", "zh") is None
    assert undecodable(response, "gbk", "zh") == NO_CHARSET.format(
        "neither gbk (the site's encoding) nor UTF-8"
    ).removesuffix(" (set the site's encoding in the config)")


def test_random_high_bytes_that_gb18030_reads_within_the_replacement_tolerance_are_rejected():
    response = _bare(_junk(14, 1024, low=0x80))
    as_gb18030 = response.replace(encoding="gb18030")
    assert replacement_ratio(as_gb18030.text) <= MAX_REPLACEMENT_RATIO  # 0.5% U+FFFD ...
    assert unreadable_ratio(as_gb18030.text) > 0.05  # ... but 9.4% private-use and control characters
    assert decode_page(response, None, "zh") is None and undecodable(response, None, "zh") == NEITHER


def test_a_page_that_declares_no_charset_after_the_site_encoding_is_guessed_as_utf8_only():
    utf8 = decode_page(_bare(ZH_BARE.encode("utf-8")), "big5", "zh")
    assert (utf8.encoding, utf8.text) == ("utf-8", ZH_BARE)
    cp1252 = EN_PAGE.replace("Nobody came;", "“Don’t go,” she said.")
    decoded = decode_page(_bare(cp1252.encode("cp1252")), "cp1252", "en")
    assert (decoded.encoding, decoded.text) == ("cp1252", cp1252)
    junk = _bare(_junk(7, 1024))
    for site_encoding, lang, detail in [
        ("gbk", "zh", "neither gbk (the site's encoding) nor UTF-8"),
        ("utf-8", "en", "not utf-8 (the site's encoding)"),
        ("UTF8", "en", "not UTF8 (the site's encoding)"),
    ]:
        assert decode_page(junk, site_encoding, lang) is None
        assert (
            undecodable(junk, site_encoding, lang) == f"declares no known charset, and its bytes are {detail}"
        )


def test_an_unknown_declared_charset_is_no_charset():
    response = _bare(_junk(7, 1024)).replace(headers={"Content-Type": "text/html; charset=x-no-such"})
    assert decode_page(response, None, "zh") is None and undecodable(response, None, "zh") == NEITHER
    response = _bare(ZH_BARE.encode("gbk")).replace(headers={"Content-Type": "text/html; charset=x-no-such"})
    assert decode_page(response, None, "zh").encoding == "gb18030"


def test_a_page_declaring_a_python_codec_of_no_charset_is_read_with_the_site_encoding():
    """unicode_escape read the page's "\\u4e2d" as a character; it is a declaration of no charset."""
    body = "<html><head><meta charset='unicode_escape'></head><body><p>\\u4e2d 雨</p></body></html>"
    response = decode_page(_bare(body.encode("utf-8")), "utf-8", "zh")
    assert response.encoding == "utf-8" and "\\u4e2d 雨" in response.text


def test_toc_page_links_in_order_and_pagination():
    html = """<ul class="chapters"><li><a href="/novel/a/chapter-1/">Chapter 1: Rain</a></li>
    <li><a href="/novel/a/chapter-2/"> Chapter 2: <em>Wind</em> </a></li><li><a>no link</a></li></ul>
    <nav class="pagination"><a class="next page-numbers" href="/novel/a/page/2/">Next »</a></nav>"""
    toc = parse_toc(_response("http://en.demo/novel/a/", html, "utf-8"), EN)
    assert toc.chapters == [
        ("http://en.demo/novel/a/chapter-1/", "Chapter 1: Rain"),
        ("http://en.demo/novel/a/chapter-2/", "Chapter 2: Wind"),
        ("", "no link"),  # kept in its place, its href as written: rejected by name (crawlers.raw)
    ]
    assert toc.next_page == "http://en.demo/novel/a/page/2/"


def test_selectors_of_attributes_or_elements_read_the_links_and_the_text_they_pick():
    # chapter_links "::attr(href)" stopped the crawl (an AttributeError: 0 chapters, no failure), a link
    # element's markup was taken for the next page's URL, and a title "::attr(content)" was empty
    html = """<ul class="chapters"><li><a href="/novel/a/chapter-1/">Chapter 1</a></li></ul>
    <nav class="pagination"><a class="next" href="/novel/a/page/2/">Next</a></nav>"""
    picked = replace(EN, chapter_links="ul.chapters a::attr(href)", toc_next="nav a.next")
    toc = parse_toc(_response("http://en.demo/novel/a/", html, "utf-8"), picked)
    assert toc.chapters == [("http://en.demo/novel/a/chapter-1/", "/novel/a/chapter-1/")]
    assert toc.next_page == "http://en.demo/novel/a/page/2/"
    html = ZH_PAGE.replace("<head>", '<head><meta property="og:title" content=" 第十二章  雨夜 ">')
    attributes = replace(ZH, title="meta[property='og:title']::attr(content)", body_next="a#next-part")
    page = parse_chapter(_response("http://x.demo/book/a/2012.html", html, "gbk"), attributes)
    assert (page.title, page.next_part) == ("第十二章 雨夜", "http://x.demo/book/a/2012_2.html")


def test_last_toc_page_has_no_next_page():
    toc = parse_toc(_response("http://en.demo/novel/a/page/2/", '<ul class="chapters"></ul>', "utf-8"), EN)
    assert toc.chapters == [] and toc.next_page is None


@pytest.mark.parametrize("href", ["javascript:void(0)", " JavaScript:; ", "javascript:next()"])
def test_a_next_link_that_runs_a_script_is_no_next_page(href):
    last = ZH_PAGE.replace('href="2012_2.html"', f'href="{href}"')
    assert parse_chapter(_response("http://x.demo/book/a/2012.html", last, "gbk"), ZH).next_part is None
    html = f'<ul class="chapters"></ul><nav class="pagination"><a class="next" href="{href}">Next</a></nav>'
    assert parse_toc(_response("http://en.demo/novel/a/page/9/", html, "utf-8"), EN).next_page is None


# Properties: any bytes decode to a clean page or None; any HTML through the spider gives a record or a request.

CHARSETS = st.sampled_from([None, "utf-8", "utf-16", "gbk", "gb18030", "big5", "latin-1", "no-such-charset"])


@settings(deadline=None)
@given(st.binary(max_size=300), CHARSETS, st.sampled_from([None, "gbk", "utf-8", "big5"]))
def test_any_bytes_decode_to_a_clean_page_or_none(body, declared, site_encoding):
    headers = {"Content-Type": f"text/html; charset={declared}"} if declared else {}
    decoded = decode_page(HtmlResponse("http://s/1.html", body=body, headers=headers), site_encoding)
    assert decoded is None or replacement_ratio(decoded.text) <= MAX_REPLACEMENT_RATIO


@settings(deadline=None)
@given(st.binary(max_size=300), st.sampled_from([None, "zh", "en"]))
def test_bytes_that_declare_no_charset_decode_as_a_guess_with_few_unreadable_characters_or_not(body, lang):
    decoded = decode_page(HtmlResponse("http://s/1.html", body=body), None, lang)
    assert decoded is None or (
        decoded.encoding in ("utf-8", "gb18030", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
        and unreadable_ratio(decoded.text) <= MAX_REPLACEMENT_RATIO
    )
    assert decoded is not None or undecodable(HtmlResponse("http://s/1.html", body=body), None, lang)


@settings(deadline=None)
@given(
    st.text(
        alphabet=st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00\ufeff\ufffd"),
        max_size=200,
    ),
    st.sampled_from(["utf-8", "gb18030"]),
)
def test_a_page_in_its_declared_charset_decodes_without_loss(text, charset):
    # U+FFFD is what a failed decoding leaves, so a page of it reads as mis-decoded: not drawn here.
    body = text.encode(charset)
    decoded = decode_page(
        HtmlResponse("http://s/1.html", body=body, headers={"Content-Type": f"text/html; charset={charset}"}),
        "gbk",
    )
    assert decoded is not None and decoded.text == text


_TAGS = [
    '<div class="bookname"><h1>',
    "</h1></div>",
    '<div id="content">',
    "</div>",
    "<p>",
    "</p>",
    "<br>",
    "<b>",
    '<a id="next-part" href="2.html">',
    '<a id="next-part" href="//127.0.0.1:9/x">',
    '<a id="next-part" href="">',
    '<ul class="chapter-list"><li><a href="',
    '">',
    "</a></li></ul>",
    '<div class="page"><a class="next" href="',
    "<!--",
    "-->",
    "<script>",
    "</script>",
    "&amp;",
    "&#0;",
    "&#xD800;",
    "<![CDATA[",
    "]]>",
    "<",
    ">",
    '"',
    "\x00",
]
HTML = st.lists(st.sampled_from(_TAGS) | st.text(max_size=8), max_size=40).map("".join)
REASONS = {"toc_empty", "bad_encoding", "empty_body", "offsite", "too_deep"}


@pytest.fixture(scope="module")
def spider(tmp_path_factory) -> NovelSpider:
    from dataclasses import asdict

    return NovelSpider(
        toc_url="http://127.0.0.1:8000/b/",
        selectors=asdict(ZH),
        base_url="http://127.0.0.1:8000/",
        canonical_url="http://x.demo/",
        origins=["http://127.0.0.1:8000"],
        encoding="gbk",
        journal_path=str(tmp_path_factory.mktemp("journal") / "j.jsonl"),
    )


@settings(deadline=None, max_examples=150)
@given(html=HTML, encoding=st.sampled_from(["utf-8", "gbk"]))
def test_random_html_through_the_spider_gives_a_record_or_a_request(spider, html, encoding):
    page = HtmlResponse(
        "http://127.0.0.1:8000/b/1.html",
        body=html.encode(encoding, errors="replace"),
        request=Request("http://127.0.0.1:8000/b/1.html"),
    )
    out = [
        *spider.parse_chapter(page, first_url=page.url, pages=[], paragraphs=[], title=None),
        *spider.parse_toc(page, entries=[]),
    ]
    for item in out:
        assert isinstance(item, Request) or item["type"] in ("chapter", "toc") or item["reason"] in REASONS
    chapters = [item for item in out if not isinstance(item, Request) and item["type"] == "chapter"]
    assert all(record["paragraphs"] and all(p.strip() for p in record["paragraphs"]) for record in chapters)


def test_a_page_nested_as_deep_as_the_parser_reads_is_too_deep_not_a_shorter_chapter(spider):
    def page(depth: int) -> HtmlResponse:
        ad = "<span>" * depth + "ad" + "</span>" * depth  # an ad's unclosed spans, as a hostile site sends
        body = f'<html><body><div id="content"><p>第一段。</p>{ad}<p>第二段。</p></div></body></html>'
        url = "http://127.0.0.1:8000/b/1.html"
        return HtmlResponse(url, body=body.encode("gbk"), request=Request(url))

    assert cut_off(page(2000)) is None and cut_off(page(PARSER_DEPTH)) == (
        "elements nested 2,048 deep: the HTML parser reads no further"
    )
    (record,) = spider.parse_chapter(page(2100), first_url="u", pages=[], paragraphs=[], title=None)
    assert (record["reason"], record["detail"]) == (
        "too_deep",
        "elements nested 2,048 deep: the HTML parser reads no further",
    )
    (record,) = spider.parse_toc(page(2100), entries=[])
    assert record["reason"] == "too_deep"


def test_body_elements_nested_in_each_other_are_read_once_by_the_outermost(monkeypatch):
    """Each nested element the body selector picks was read for its text again (its text repeated, and
    time cubic in the depth: 2,000 deep, 16 s a page); only the outermost is read."""
    from dataclasses import replace

    from crawlers import parsing

    reads = []
    real_cut = parsing.cut
    monkeypatch.setattr(parsing, "cut", lambda root, *args: reads.append(root) or real_cut(root, *args))
    nested = "<div>雨" * 300 + "</div>" * 300
    html = f'<html><body><h1>第1章</h1><div id="content">{nested}<div>风</div><p>云</p></div></body></html>'
    selectors = replace(ZH, title="h1", body="#content div")
    page = parse_chapter(_response("http://zh.demo/1.html", html, "utf-8"), selectors)
    assert page.paragraphs == ["雨"] * 300 + ["风"]  # each nested div a paragraph of its own
    assert len(reads) == 2  # the outermost nested div, the last div
    paragraphs = parse_chapter(
        _response("http://zh.demo/1.html", html, "utf-8"), replace(selectors, body="#content div::text")
    ).paragraphs
    assert paragraphs == ["雨"] * 300 + ["风"]  # text nodes nest in nothing: each read once, as it is


CONTAINER = (
    '<html><body><h1>第三章 渡口</h1><div id="content">\u3000\u3000雨下得<b>很大</b>。<br><br>\n'
    "\u3000\u3000<span>船</span>靠<a href='#'>岸</a>了。<br/><br/> \xa0<br>请收藏本站<script>var ad = 1;</script>"
    "<br><p>灯亮了。<br>门开了。</p>风停了<!-- ad --><div>夜深了</div><h3>（二）</h3>天亮了<i> </i></div>"
    "</body></html>"
)


def test_an_element_body_picks_is_cut_into_paragraphs_at_br_runs_and_its_block_elements():
    """``div#content`` read the whole of the common ``text<br><br>text`` layout as one paragraph, <br>s and
    all: a boilerplate line inside was never dropped (boilerplate drops a paragraph whole), and the aligner
    lost the paragraphs. Inline elements' text stays in its paragraph; scripts are no text."""
    response = _response("http://zh.demo/3.html", CONTAINER, "utf-8")
    page = parse_chapter(response, replace(ZH, title="h1", body="div#content"))
    assert page.paragraphs == [
        "雨下得 很大 。",
        "船 靠 岸 了。",
        "请收藏本站",
        "灯亮了。",
        "门开了。",
        "风停了",
        "夜深了",
        "（二）",
        "天亮了",
    ]
    picked = parse_chapter(response, replace(ZH, title="h1", body="div#content p")).paragraphs
    assert picked == ["灯亮了。", "门开了。"]  # a picked paragraph holding a <br> is cut there too


def test_an_element_with_no_br_and_no_block_element_is_one_paragraph_read_as_before():
    html = (
        '<html><body><h1>第四章</h1><div id="content"><p>\u3000\u3000雨下得<b>很大</b>，<a>船</a>靠岸了。</p>'
        "<p> <span>\xa0</span> </p><p>灯亮了。</p></div></body></html>"
    )
    page = parse_chapter(_response("http://zh.demo/4.html", html, "utf-8"), replace(ZH, title="h1"))
    assert page.paragraphs == ["雨下得 很大 ， 船 靠岸了。", "灯亮了。"]
