"""Downloader middlewares that end hopeless requests at once, with a clear reason, instead of retrying.

* ``ChallengeMiddleware``: an anti-bot challenge page (Cloudflare's "Just a moment...") marks the site
  blocked: detected and reported, never bypassed, and no further request goes to the site.
* ``RedirectLoopMiddleware``: a redirect back to a URL the request already went through fails it
  (Scrapy's duplicate filter would otherwise drop the request without a trace).
"""

from __future__ import annotations

from typing import Any

from scrapy.exceptions import IgnoreRequest
from scrapy.http import Request, Response

CHALLENGE_STATUSES = (403, 503)
CHALLENGE_MARKERS = (b"Just a moment...", b"cf-chl", b"Checking your browser", b"challenge-platform")


class SiteBlocked(IgnoreRequest):
    """The site answered with a challenge page; the crawl of this site stops."""


class RedirectLoop(IgnoreRequest):
    pass


def challenge_reason(response: Response) -> str | None:
    """Why ``response`` is a challenge page (the header or body marker that says so), or None."""
    if response.status not in CHALLENGE_STATUSES:
        return None
    if response.headers.get(b"cf-mitigated", b"").lower() == b"challenge":
        return f"challenge page (HTTP {response.status}, cf-mitigated: challenge)"
    marker = next((m for m in CHALLENGE_MARKERS if m in response.body), None)
    return f"challenge page (HTTP {response.status}, {marker.decode()!r} in the body)" if marker else None


class ChallengeMiddleware:
    """At the first challenge page, set the stat ``blocked/reason`` and refuse every later request."""

    def __init__(self, stats: Any) -> None:
        self.stats = stats
        self.blocked: str | None = None

    @classmethod
    def from_crawler(cls, crawler: Any) -> ChallengeMiddleware:
        return cls(crawler.stats)

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


class RedirectLoopMiddleware:
    def process_response(self, request: Request, response: Response) -> Response:
        location = response.headers.get(b"Location")
        if 300 <= response.status < 400 and location:
            target = response.urljoin(location.decode("latin-1"))
            if target in (request.url, *request.meta.get("redirect_urls", ())):
                raise RedirectLoop(f"redirect loop: {request.url} -> {target}")
        return response
