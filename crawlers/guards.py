"""Downloader middlewares that end hopeless or forbidden requests at once, with a clear reason.

* ``GuardMiddleware``: refuses a request off the spider's origins (``Offsite``: a link, a redirect,
  a next page or a robots.txt elsewhere) and every request once the site is stopped (``NotSent``): after
  a challenge page, or once it is unreachable.
* ``GuardedHTTPHandler``: the same check again at the moment a request would leave, so that no request
  that passed the middlewares and then waited in the downloader's queue goes out after the site stopped;
  and the site taken as unreachable (stopped) once ``UNREACHABLE_AFTER`` requests in a row failed to
  connect.
* ``ChallengeMiddleware``: an anti-bot challenge page (Cloudflare's "Just a moment...") marks the site
  blocked: detected and reported, never bypassed, and no further request goes to the site. One sent as
  HTTP 200 is told by the spider, which knows what a page of the site holds.
* ``LoopSafeRedirectMiddleware`` and ``LoopSafeMetaRefreshMiddleware``: Scrapy's redirects, by HTTP
  status and by ``<meta http-equiv="refresh">``; one back to a URL the request already went through
  (itself included) fails it (Scrapy's duplicate filter would otherwise drop the request without a
  trace), and so does one to a URL that cannot be read or of another scheme than http and https
  (``Offsite``: it has no origin).
* ``CheckedCompressionMiddleware``: Scrapy's decompression; a body that is not what its
  ``Content-Encoding`` says (a page sent as ``gzip`` that is not) fails the request (``BadCompression``),
  and so does a gzip, deflate, br or zstd stream cut short (``crawlers.compressed``: Scrapy keeps what it
  could decode of it, a chapter's first paragraphs or nothing, stored as the whole chapter), and one over the page size cap once decompressed
  (``InflatesTooLarge``).
* ``StrictRobotsTxtMiddleware``: Scrapy's robots.txt, with RFC 9309's reading of one that cannot be read:
  a server error (after the retries) or a failed download (a timeout, a refused connection, a file over
  the page cap) forbids the whole site, where Scrapy would allow it all; a 4xx allows it, as there is none.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from scrapy.core.downloader.handlers.http11 import HTTP11DownloadHandler
from scrapy.downloadermiddlewares.httpcompression import HttpCompressionMiddleware
from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware, RedirectMiddleware
from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware
from scrapy.exceptions import (
    CannotResolveHostError,
    DownloadCancelledError,
    DownloadConnectionRefusedError,
    IgnoreRequest,
)
from scrapy.http import HtmlResponse, Request, Response
from scrapy.utils.misc import build_from_crawler
from twisted.internet.error import NoRouteError

from crawlers.compressed import cut_short, gzip_damage
from crawlers.origins import allowed
from crawlers.parsing import decodes

CHALLENGE_STATUSES = (403, 503)
CHALLENGE_MARKERS = (b"Just a moment...", b"cf-chl", b"Checking your browser", b"challenge-platform")
# Requests in a row that fail to connect (``CONNECT_FAILURES``: refused, a host name that does not resolve,
# no route), retries included and no response between them, after which the site is taken as down and no
# further request goes to it (setting ``UNREACHABLE_AFTER``). Ten take some ten seconds at the default
# delay of a second, longer than most servers take to restart; they are counted try by try, as Scrapy
# retries a request only after those queued before it: counted request by request, a book's every
# chapter would be tried before the first ran out of retries
UNREACHABLE_AFTER = 10
CONNECT_FAILURES = (DownloadConnectionRefusedError, CannotResolveHostError, NoRouteError)
# Why the crawl stops a site (``stop``): the crawl's finish reason, which names the stat that says why (set
# once, ``NAME/reason``), and how the detail of a request left unsent begins
STOPS = {
    "blocked": "site blocked",  # a challenge page
    "unreachable": "site unreachable",  # requests failed to connect (``note_connection``)
    "unavailable": "site unavailable",  # retries waited past their budget (``crawlers.backoff``)
}


class SiteBlocked(IgnoreRequest):
    """The site answered with a challenge page; the crawl of this site stops."""


class RedirectLoop(IgnoreRequest):
    pass


class Offsite(IgnoreRequest):
    """The request's origin is neither the site's nor one of its ``allowed_origins``: never sent."""


class NotSent(IgnoreRequest):
    """The site is stopped (a challenge page was met, or it is unreachable): the request is dropped unsent."""


class BadCompression(IgnoreRequest):
    """The response's body cannot be decompressed as its ``Content-Encoding`` says."""


class InflatesTooLarge(IgnoreRequest):
    """The response's body, decompressed, is over the page size cap (``DOWNLOAD_MAXSIZE``)."""


def past_the_cap(error: BaseException, settings: Any) -> str | None:
    """What a download Scrapy cut off past ``DOWNLOAD_MAXSIZE`` (a site's ``max_page_bytes``) as it arrived,
    with no Content-Length to refuse it by, says: Scrapy's error is an empty DownloadCancelledError (its log
    says why). None for any other error."""
    if not isinstance(error, DownloadCancelledError) or str(error):
        return None
    cap = settings.getint("DOWNLOAD_MAXSIZE")
    return f"a page of no stated size went past the cap of {cap:,} bytes (max_page_bytes)"


def stop(stats: Any, name: str, why: str) -> None:
    """Stop the site for the reason ``name`` of ``STOPS`` (stat ``NAME/reason``, kept from the first time):
    ``refusal`` sends nothing more to it."""
    if stats.get_value(f"{name}/reason") is None:
        stats.set_value(f"{name}/reason", why)


def stopped(stats: Any) -> tuple[str, str] | None:
    """The crawl's finish reason and the detail of each request left unsent, once the site is stopped
    (``stop``), or None."""
    for name, what in STOPS.items():
        if (why := stats.get_value(f"{name}/reason")) is not None:
            return name, f"{what}: {why}"
    return None


def refusal(crawler: Any, request: Request) -> IgnoreRequest | None:
    """Why ``request`` must not be sent (off the spider's ``origins``, or the site stopped), or None."""
    origins = crawler.spider.origins
    if not allowed(request.url, origins):
        via = request.meta.get("redirect_urls")
        return Offsite(
            f"{request.url} is not on {', '.join(origins)}" + (f" (redirected from {via[-1]})" if via else "")
        )
    stop = stopped(crawler.stats)
    return NotSent(stop[1]) if stop else None


def note_connection(crawler: Any, connected: bool) -> None:
    """Count the requests in a row that failed to connect (stat ``unreachable/in_a_row``, back to 0 at a
    response); at ``UNREACHABLE_AFTER`` of them, set the stat ``unreachable/reason``, which stops the site."""
    stats = crawler.stats
    if connected:
        stats.set_value("unreachable/in_a_row", 0)
        return
    stats.inc_value("unreachable/in_a_row")
    in_a_row = stats.get_value("unreachable/in_a_row")
    if in_a_row >= crawler.settings.getint("UNREACHABLE_AFTER", UNREACHABLE_AFTER):
        stop(stats, "unreachable", f"{in_a_row} requests in a row failed to connect")


class GuardMiddleware:
    """Refuse, before any other middleware (robots.txt included) sees it, a request that ``refusal`` forbids."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Any) -> GuardMiddleware:
        return cls(crawler)

    def process_request(self, request: Request) -> None:
        if (error := refusal(self.crawler, request)) is not None:
            raise error


class GuardedHTTPHandler(HTTP11DownloadHandler):
    """Scrapy's HTTP handler, refusing what ``refusal`` forbids at the moment the request would be sent, and
    noting whether each request sent could connect (``note_connection``), each of its retries too."""

    async def download_request(self, request: Request) -> Response:
        if (error := refusal(self._crawler, request)) is not None:
            raise error
        try:
            response = await super().download_request(request)
        except CONNECT_FAILURES:
            note_connection(self._crawler, connected=False)
            raise
        note_connection(self._crawler, connected=True)
        return response


def challenge_reason(response: Response, any_status: bool = False) -> str | None:
    """Why ``response`` is a challenge page (the header or body marker that says so), or None; one of another
    status than ``CHALLENGE_STATUSES`` only when ``any_status`` (asked of a page the site's selectors find
    nothing on: a chapter whose text mentions a marker is no challenge)."""
    if response.status not in CHALLENGE_STATUSES and not any_status:
        return None
    if response.headers.get(b"cf-mitigated", b"").lower() == b"challenge":
        return f"challenge page (HTTP {response.status}, cf-mitigated: challenge)"
    marker = next((m for m in CHALLENGE_MARKERS if m in response.body), None)
    return f"challenge page (HTTP {response.status}, {marker.decode()!r} in the body)" if marker else None


class ChallengeMiddleware:
    """At a challenge page, stop the site as blocked (``stop``) and fail the request (``SiteBlocked``)."""

    def __init__(self, stats: Any) -> None:
        self.stats = stats

    @classmethod
    def from_crawler(cls, crawler: Any) -> ChallengeMiddleware:
        return cls(crawler.stats)

    def process_response(self, request: Request, response: Response) -> Response:
        reason = challenge_reason(response)
        if reason is None:
            return response
        stop(self.stats, "blocked", reason)
        raise SiteBlocked(reason)


class _LoopSafe:
    """A Scrapy redirect middleware that raises ``RedirectLoop`` for a redirect to a URL already visited, and
    ``Offsite`` for one to a URL it cannot read or of another scheme than http and https."""

    def process_response(self, request: Request, response: Response) -> Request | Response:
        try:
            result = super().process_response(request, response)  # type: ignore[misc]
        except ValueError as error:  # urljoin's, for a Location or refresh URL it cannot read
            raise Offsite(f"redirect from {request.url} to a URL that cannot be read: {error}") from error
        visited = (request.url, *request.meta.get("redirect_urls", ()))
        if isinstance(result, Request) and result.url in visited:
            raise RedirectLoop(f"redirect loop: {request.url} -> {result.url}")
        return result

    def _build_redirect_request(
        self, request: Request, response: Response, *, url: str, **kwargs: Any
    ) -> Request:
        """Scrapy's request for a redirect, by ``Location`` or meta refresh (the hook both middlewares build
        it with); ``Offsite`` for a URL of another scheme (``ftp:``, ``file:``, ``data:``), which Scrapy would
        not follow, leaving the 3xx response (``http_302``) or the refreshing page to the spider."""
        if (scheme := urlsplit(url).scheme) not in ("http", "https"):
            raise Offsite(
                f"redirect from {request.url} to a URL of scheme {scheme}, not http or https: {url}"
            )
        return super()._build_redirect_request(request, response, url=url, **kwargs)  # type: ignore[misc]


class LoopSafeRedirectMiddleware(_LoopSafe, RedirectMiddleware):
    """Scrapy's redirects by HTTP status and ``Location``, a loop failing the request."""


class LoopSafeMetaRefreshMiddleware(_LoopSafe, MetaRefreshMiddleware):
    """Scrapy's redirects by ``<meta http-equiv="refresh">``, a loop (a page refreshing to itself) failing it.
    A page whose charset does not decode it (``rot13``, ``undefined``: ``crawlers.parsing.decodes``) has no
    refresh to read: it goes on to the spider, which reads it in the site's encoding or fails it as
    ``bad_encoding`` (Scrapy's reading would raise, a LookupError or a UnicodeError)."""

    def process_response(self, request: Request, response: Response) -> Request | Response:
        if isinstance(response, HtmlResponse) and not decodes(response):
            return response
        return super().process_response(request, response)


class CheckedCompressionMiddleware(HttpCompressionMiddleware):
    """Scrapy's decompression, a body that is not what its ``Content-Encoding`` says failing the request."""

    def process_response(self, request: Request, response: Response) -> Request | Response:
        said = b", ".join(response.headers.getlist("Content-Encoding")).decode("latin-1")
        try:
            decoded = super().process_response(request, response)
        except IgnoreRequest as error:  # Scrapy's refusal of a body over DOWNLOAD_MAXSIZE once decompressed
            raise InflatesTooLarge(str(error)) from error
        except Exception as error:  # gzip, zlib, brotli and zstd each raise their own
            raise BadCompression(f"not {said} as its Content-Encoding says: {error}") from error
        if decoded is not response and cut_short(response.body, said.strip().lower()):
            raise BadCompression(f"{said} stream cut short: the page ends before its compressed data does")
        if decoded is not response and said.strip().lower() in ("gzip", "x-gzip"):
            if (damage := gzip_damage(response.body)) is not None:
                raise BadCompression(f"{said} data damaged: {damage}")
        return decoded


DISALLOW_ALL = b"User-agent: *\nDisallow: /\n"


# Refusals of a robots.txt that is there but cannot be read, which forbids the site like a 5xx (each read
# as none, everything allowed: a "Disallow: /" sent gzipped past the page cap, or redirected to another host)
UNREADABLE_ROBOTS = (Offsite, BadCompression, InflatesTooLarge)


class StrictRobotsTxtMiddleware(RobotsTxtMiddleware):
    """Scrapy's robots.txt middleware; a robots.txt that cannot be read forbids the site (RFC 9309, 2.3.1.4),
    and each request it refuses says why. One that could not be read because the site would not connect
    (``CONNECT_FAILURES``, after its retries) stops the site as unreachable instead: its requests are left
    unsent (``not_fetched``, fetched by the next run), not forbidden."""

    def __init__(self, crawler: Any) -> None:
        super().__init__(crawler)
        self._unreadable: dict[str, str] = {}  # netloc -> why its robots.txt could not be read

    async def _parse_robots(self, response: Response, netloc: str, request: Request) -> None:
        if response.status >= 500:
            self._unreadable[netloc] = f"robots.txt answered {response.status}"
            response = response.replace(body=DISALLOW_ALL)
        elif response.status >= 400:  # no robots.txt: everything allowed
            response = response.replace(body=b"")
        await super()._parse_robots(response, netloc, request)

    def _robots_error(self, exc: Exception, netloc: str) -> None:
        if isinstance(exc, IgnoreRequest) and not isinstance(exc, UNREADABLE_ROBOTS):
            super()._robots_error(exc, netloc)  # refused here (after a challenge, a redirect loop): none
            return
        said = past_the_cap(exc, self.crawler.settings) or f"{type(exc).__name__}: {exc}"
        why = f"robots.txt could not be read: {said}"[:200]
        if isinstance(exc, CONNECT_FAILURES):  # the site is down, not forbidding: nothing is sent to it
            stop(self.crawler.stats, "unreachable", why)
        self._unreadable[netloc] = why
        waiting = self._parsers[netloc]
        self._parsers[netloc] = parser = build_from_crawler(self._parserimpl, self.crawler, DISALLOW_ALL)
        waiting.callback(parser)  # type: ignore[union-attr]

    def process_request_2(self, rp: Any, request: Request) -> None:
        if (stop_ := stopped(self.crawler.stats)) is not None:
            raise NotSent(stop_[1])  # (a site found down by its robots.txt: unreachable, not forbidden)
        try:
            super().process_request_2(rp, request)
        except IgnoreRequest as refused:
            why = self._unreadable.get(urlsplit(request.url).netloc)
            raise IgnoreRequest(f"{refused}: {why}, so the site is taken as forbidden") if why else refused
