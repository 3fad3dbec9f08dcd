import pytest
from scrapy.http import HtmlResponse, Request, Response

from crawlers.guards import ChallengeMiddleware, RedirectLoop, RedirectLoopMiddleware, SiteBlocked, challenge_reason

JUST_A_MOMENT = b"<html><head><title>Just a moment...</title></head><body>...</body></html>"


class _Stats(dict):
    def set_value(self, key: str, value: object) -> None:
        self[key] = value


def _html(status: int, body: bytes, **headers: str) -> HtmlResponse:
    return HtmlResponse("http://s/1.html", status=status, body=body, headers=headers)


def test_challenge_pages_are_told_by_status_and_a_header_or_body_marker():
    assert challenge_reason(_html(503, JUST_A_MOMENT, Server="cloudflare")) == (
        "challenge page (HTTP 503, 'Just a moment...' in the body)")
    assert challenge_reason(_html(403, b"<p>denied</p>", **{"cf-mitigated": "challenge"})) == (
        "challenge page (HTTP 403, cf-mitigated: challenge)")
    assert challenge_reason(_html(403, b"<script src='/cdn-cgi/challenge-platform/x.js'></script>")) is not None
    assert challenge_reason(_html(200, b"<p>Just a moment..., she said.</p>")) is None  # story text, not a block
    assert challenge_reason(_html(503, b"<p>Service Unavailable</p>")) is None  # an ordinary 503 is retried


def test_after_a_challenge_every_request_is_refused():
    stats = _Stats()
    guard = ChallengeMiddleware(stats)
    page = _html(200, b"<p>ok</p>")
    assert guard.process_request(Request("http://s/1.html")) is None
    assert guard.process_response(Request("http://s/1.html"), page) is page
    with pytest.raises(SiteBlocked):
        guard.process_response(Request("http://s/2.html"), _html(503, JUST_A_MOMENT))
    with pytest.raises(SiteBlocked, match="Just a moment"):
        guard.process_request(Request("http://s/3.html"))
    assert stats["blocked/reason"] == "challenge page (HTTP 503, 'Just a moment...' in the body)"


def test_a_redirect_back_to_a_visited_url_is_a_loop():
    guard = RedirectLoopMiddleware()
    hop = Request("http://s/b", meta={"redirect_urls": ["http://s/a"]})
    with pytest.raises(RedirectLoop, match="http://s/b -> http://s/a"):
        guard.process_response(hop, Response("http://s/b", status=302, headers={"Location": "/a"}))
    onward = Response("http://s/b", status=302, headers={"Location": "/c"})
    assert guard.process_response(hop, onward) is onward
