from types import SimpleNamespace

import gzip
import zlib

import brotli

import pytest
from scrapy.http import HtmlResponse, Request, Response
from scrapy.utils.test import get_crawler

from crawlers.compressed import zstd
from crawlers.guards import (
    BadCompression,
    ChallengeMiddleware,
    CheckedCompressionMiddleware,
    GuardMiddleware,
    InflatesTooLarge,
    NotSent,
    Offsite,
    LoopSafeMetaRefreshMiddleware,
    LoopSafeRedirectMiddleware,
    RedirectLoop,
    SiteBlocked,
    challenge_reason,
    note_connection,
    refusal,
)

JUST_A_MOMENT = b"<html><head><title>Just a moment...</title></head><body>...</body></html>"


class _Stats(dict):
    def set_value(self, key: str, value: object) -> None:
        self[key] = value


def _html(status: int, body: bytes, **headers: str) -> HtmlResponse:
    return HtmlResponse("http://s/1.html", status=status, body=body, headers=headers)


def test_challenge_pages_are_told_by_status_and_a_header_or_body_marker():
    assert challenge_reason(_html(503, JUST_A_MOMENT, Server="cloudflare")) == (
        "challenge page (HTTP 503, 'Just a moment...' in the body)"
    )
    assert challenge_reason(_html(403, b"<p>denied</p>", **{"cf-mitigated": "challenge"})) == (
        "challenge page (HTTP 403, cf-mitigated: challenge)"
    )
    assert (
        challenge_reason(_html(403, b"<script src='/cdn-cgi/challenge-platform/x.js'></script>")) is not None
    )
    assert (
        challenge_reason(_html(200, b"<p>Just a moment..., she said.</p>")) is None
    )  # story text, not a block
    assert challenge_reason(_html(200, JUST_A_MOMENT), any_status=True) == (
        "challenge page (HTTP 200, 'Just a moment...' in the body)"  # asked of a page with no text
    )
    assert challenge_reason(_html(503, b"<p>Service Unavailable</p>")) is None  # an ordinary 503 is retried


def _crawler(stats: _Stats, origins: tuple[str, ...] = ("http://s:80",)) -> SimpleNamespace:
    stats.get_value = stats.get
    return SimpleNamespace(stats=stats, spider=SimpleNamespace(origins=origins))


def test_after_a_challenge_every_request_is_refused_unsent():
    stats = _Stats()
    challenge, guard = ChallengeMiddleware(stats), GuardMiddleware(_crawler(stats))
    page = _html(200, b"<p>ok</p>")
    assert guard.process_request(Request("http://s/1.html")) is None
    assert challenge.process_response(Request("http://s/1.html"), page) is page
    with pytest.raises(SiteBlocked):
        challenge.process_response(Request("http://s/2.html"), _html(503, JUST_A_MOMENT))
    with pytest.raises(NotSent, match="site blocked: challenge page .*Just a moment"):
        guard.process_request(Request("http://s/3.html"))
    assert stats["blocked/reason"] == "challenge page (HTTP 503, 'Just a moment...' in the body)"


def test_a_site_is_unreachable_once_requests_in_a_row_fail_to_connect_with_no_response_between():
    crawler = get_crawler(settings_dict={"UNREACHABLE_AFTER": 4})
    crawler.spider = SimpleNamespace(origins=("http://s:80",))
    for connected in [False] * 3 + [True] + [False] * 3:  # a response starts the count again
        note_connection(crawler, connected)
    assert refusal(crawler, Request("http://s/1.html")) is None
    note_connection(crawler, connected=False)
    refused = refusal(crawler, Request("http://s/1.html"))
    assert (type(refused), str(refused)) == (
        NotSent,
        "site unreachable: 4 requests in a row failed to connect",
    )


@pytest.mark.parametrize(
    "url",
    [
        "http://s:8080/1.html",
        "https://s/1.html",
        "ftp://s/1.html",
        "http://t/1.html",
        "file:///etc/passwd",
        "data:text/html,x",
    ],
)
def test_a_request_off_the_sites_origins_is_refused(url):
    with pytest.raises(Offsite, match="is not on http://s:80"):
        GuardMiddleware(_crawler(_Stats())).process_request(Request(url))


def test_an_allowed_origin_is_requested():
    guard = GuardMiddleware(_crawler(_Stats(), ("http://s:80", "https://cdn.s:443")))
    assert guard.process_request(Request("https://CDN.s/a.html")) is None


def test_a_redirect_back_to_a_visited_url_is_a_loop():
    guard = LoopSafeRedirectMiddleware.from_crawler(get_crawler())
    hop = Request("http://s/b", meta={"redirect_urls": ["http://s/a"]})
    with pytest.raises(RedirectLoop) as loop:
        guard.process_response(hop, Response("http://s/b", status=302, headers={"Location": "/a"}))
    assert str(loop.value) == "redirect loop: http://s/b -> http://s/a"
    onward = guard.process_response(hop, Response("http://s/b", status=302, headers={"Location": "/c"}))
    assert onward.url == "http://s/c"


def _refresh(to: str) -> HtmlResponse:
    return HtmlResponse(
        "http://s/b", body=f'<meta http-equiv="refresh" content="0; url={to}">'.encode(), encoding="utf-8"
    )


def test_a_page_that_meta_refreshes_to_itself_or_a_visited_url_is_a_loop():
    guard = LoopSafeMetaRefreshMiddleware.from_crawler(get_crawler())
    hop = Request("http://s/b", meta={"redirect_urls": ["http://s/a"]})
    for to, target in [("/b", "http://s/b"), ("/a", "http://s/a")]:
        with pytest.raises(RedirectLoop) as loop:
            guard.process_response(hop, _refresh(to))
        assert str(loop.value) == f"redirect loop: http://s/b -> {target}"
    assert guard.process_response(hop, _refresh("/c")).url == "http://s/c"


def test_a_body_that_is_not_what_its_content_encoding_says_is_bad_compression():
    guard = CheckedCompressionMiddleware.from_crawler(get_crawler())
    request = Request("http://s/1.html")
    for encoding, error in [
        ("gzip", "Not a gzipped file (b'<p')"),
        ("deflate", "Error -3 while decompressing data: invalid code lengths set"),
    ]:
        with pytest.raises(BadCompression) as bad:
            guard.process_response(request, _html(200, b"<p>ok</p>", **{"Content-Encoding": encoding}))
        assert str(bad.value) == f"not {encoding} as its Content-Encoding says: {error}"
    honest = _html(200, gzip.compress(b"<p>ok</p>"), **{"Content-Encoding": "gzip"})
    assert guard.process_response(request, honest).body == b"<p>ok</p>"


def test_a_compressed_stream_cut_short_is_bad_compression_not_a_shorter_page():
    """br and zstd were read as what Scrapy decoded of them: half a page, or none of a zstd one."""
    guard = CheckedCompressionMiddleware.from_crawler(get_crawler())
    request = Request("http://s/1.html")
    page = ("<p>" + "".join(f"{k * 7919 % 10007}字" for k in range(3000)) + "</p>").encode()
    raw = zlib.compressobj(wbits=-15)
    for encoding, body in [
        ("gzip", gzip.compress(page)),
        ("deflate", zlib.compress(page)),
        ("deflate", raw.compress(page) + raw.flush()),  # raw deflate, as some servers send it
        ("br", brotli.compress(page)),
        ("zstd", zstd.compress(page)),
    ]:
        whole = guard.process_response(request, _html(200, body, **{"Content-Encoding": encoding}))
        assert whole.body == page
        with pytest.raises(BadCompression) as bad:
            guard.process_response(
                request, _html(200, body[: len(body) * 6 // 10], **{"Content-Encoding": encoding})
            )
        assert str(bad.value) == f"{encoding} stream cut short: the page ends before its compressed data does"
    for encoding, compress in [("gzip", gzip.compress), ("zstd", zstd.compress)]:
        two_members = compress(page[:100]) + compress(page[100:])
        assert (
            guard.process_response(request, _html(200, two_members, **{"Content-Encoding": encoding})).body
            == page
        )


def test_a_gzip_body_whose_data_or_crc_is_damaged_is_bad_compression_not_garbled_text():
    """Scrapy keeps what it decodes of a damaged gzip body: a chapter was read with garbled paragraphs."""
    guard = CheckedCompressionMiddleware.from_crawler(get_crawler())
    page = ("<p>" + "".join(f"{k * 7919 % 10007}字" for k in range(3000)) + "</p>").encode()
    body = gzip.compress(page)
    for at in (1281, len(body) - 6):  # a byte of its data (garbled text of the same length), of its CRC
        damaged = body[:at] + bytes([body[at] ^ 0xFF]) + body[at + 1 :]
        with pytest.raises(BadCompression) as bad:
            guard.process_response(
                Request("http://s/1.html"), _html(200, damaged, **{"Content-Encoding": "gzip"})
            )
        assert str(bad.value) == "gzip data damaged: Error -3 while decompressing data: incorrect data check"


def test_bytes_sent_as_br_that_brotli_takes_for_a_stream_begun_are_bad_compression_not_an_empty_page():
    guard = CheckedCompressionMiddleware.from_crawler(get_crawler())
    with pytest.raises(BadCompression) as bad:
        guard.process_response(
            Request("http://s/1.html"), _html(200, b"\x00\x01garbage", **{"Content-Encoding": "br"})
        )
    assert str(bad.value) == "br stream cut short: the page ends before its compressed data does"


def test_a_body_over_the_page_cap_once_decompressed_is_too_large():
    guard = CheckedCompressionMiddleware.from_crawler(get_crawler(settings_dict={"DOWNLOAD_MAXSIZE": 1000}))
    bomb = _html(200, gzip.compress(b"<p>" + b"a" * 5000 + b"</p>"), **{"Content-Encoding": "gzip"})
    with pytest.raises(InflatesTooLarge) as big:
        guard.process_response(Request("http://s/1.html"), bomb)
    assert "exceeded DOWNLOAD_MAXSIZE (1000 B) during decompression" in str(big.value)
