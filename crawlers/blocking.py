"""Detect anti-bot challenge pages (Cloudflare's "Just a moment...") and stop the crawl: report, never bypass."""

from __future__ import annotations

from scrapy.exceptions import IgnoreRequest
from scrapy.http import Request, Response

CHALLENGE_STATUSES = (403, 503)
CHALLENGE_MARKERS = (b"Just a moment...", b"cf-chl", b"Checking your browser", b"challenge-platform")


class SiteBlocked(IgnoreRequest):
    """The site answered with a challenge page; the crawl of this site stops."""


def challenge_reason(response: Response) -> str | None:
    """Why ``response`` is a challenge page (the header or body marker that says so), or None."""
    if response.status not in CHALLENGE_STATUSES:
        return None
    if response.headers.get(b"cf-mitigated", b"").lower() == b"challenge":
        return f"challenge page (HTTP {response.status}, cf-mitigated: challenge)"
    marker = next((m for m in CHALLENGE_MARKERS if m in response.body), None)
    return f"challenge page (HTTP {response.status}, {marker.decode()!r} in the body)" if marker else None


class ChallengeMiddleware:
    """Downloader middleware: at the first challenge page, mark the site blocked (stat ``blocked/reason``)
    and refuse every later request, so a blocked site gets no retries and no further traffic."""

    def __init__(self, crawler) -> None:  # noqa: ANN001 - Scrapy's Crawler
        self.stats = crawler.stats
        self.blocked: str | None = None

    @classmethod
    def from_crawler(cls, crawler):  # noqa: ANN001, ANN206 - Scrapy's hook
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        if self.blocked:
            raise SiteBlocked(self.blocked)

    def process_response(self, request: Request, response: Response) -> Response:
        reason = challenge_reason(response)
        if reason is None:
            return response
        if self.blocked is None:
            self.blocked = reason
            self.stats.set_value("blocked/reason", reason)
        raise SiteBlocked(reason)
