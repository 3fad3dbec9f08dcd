"""One generic Scrapy spider for every site, driven by the site's profile (selectors, encoding).

Every chapter it requests ends as a journal record: a ``chapter``, or a ``failure`` with a short
``reason`` and a ``detail``. Reasons: ``http_NNN`` (after the retries), ``timeout``, ``truncated``,
``connection_lost`` (after the retries), ``too_large``, ``redirect_loop``, ``too_many_redirects``,
``offsite``, ``robots_forbidden``, ``blocked`` (a challenge page: the crawl stops, finish reason ``blocked``),
``bad_encoding`` and ``empty_body``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import scrapy
from scrapy.exceptions import (
    CloseSpider,
    DownloadCancelledError,
    DownloadFailedError,
    DownloadTimeoutError,
    IgnoreRequest,
    ResponseDataLossError,
)
from scrapy.http import Request, TextResponse
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.internet.error import ConnectionDone, ConnectionLost
from twisted.python.failure import Failure

from crawlers.guards import RedirectLoop, SiteBlocked
from crawlers.journal import read_journal
from crawlers.parsing import decode_page, parse_chapter, parse_toc
from pipeline.config import Selectors

_ERROR_REASONS: list[tuple[type[Exception] | tuple[type[Exception], ...], str]] = [
    (SiteBlocked, "blocked"),
    (RedirectLoop, "redirect_loop"),
    (DownloadTimeoutError, "timeout"),
    (ResponseDataLossError, "truncated"),
    (DownloadCancelledError, "too_large"),
    ((DownloadFailedError, ConnectionLost, ConnectionDone), "connection_lost"),
]
_IGNORED_REASONS = {  # Scrapy's messages for the requests its middlewares refuse
    "Filtered offsite request": "offsite",
    "max redirections reached": "too_many_redirects",
    "Forbidden by robots.txt": "robots_forbidden",
}


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class NovelSpider(scrapy.Spider):
    """Crawl one book on one site: every table-of-contents page, then each chapter not yet journaled.

    ``base_url`` is where the site is fetched from now; ``canonical_url`` is the site's configured base,
    under which URLs are recorded (the demo site is served on a random local port).
    """

    name = "novel"

    def __init__(
        self,
        toc_url: str,
        selectors: dict[str, Any],
        journal_path: str,
        base_url: str,
        canonical_url: str,
        encoding: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.toc_url = toc_url
        self.selectors = Selectors(**selectors)
        self.journal_path = journal_path
        self.base_url = base_url
        self.canonical_url = canonical_url
        self.encoding = encoding
        self.allowed_domains = [urlparse(base_url).hostname or ""]
        self.known = set(read_journal(Path(journal_path)).chapters)

    def canonical(self, url: str) -> str:
        return self.canonical_url + url[len(self.base_url) :] if url.startswith(self.base_url) else url

    async def start(self) -> Any:
        yield Request(self.toc_url, callback=self.parse_toc, errback=self.toc_failed, cb_kwargs={"entries": []},
                      dont_filter=True)

    def parse_toc(self, response: TextResponse, entries: list[tuple[str, str]]) -> Iterator[Any]:
        decoded = decode_page(response, self.encoding)
        if decoded is None:
            yield self._bad_encoding("toc_failure", response.url, response)
            return
        page = parse_toc(decoded, self.selectors)
        seen = {url for url, _ in entries}
        entries = entries + [(url, title) for url, title in page.chapters if url not in seen]
        if page.next_page and page.next_page != response.url:
            yield Request(page.next_page, callback=self.parse_toc, errback=self.toc_failed,
                          cb_kwargs={"entries": entries})
            return
        yield {"type": "toc", "chapters": [[self.canonical(u), t] for u, t in entries], "fetched_at": _now()}
        for url, _ in entries:
            if self.canonical(url) not in self.known:
                yield self._chapter_request(url, first_url=url, pages=[], paragraphs=[], title=None)

    def _chapter_request(self, url: str, **state: Any) -> Request:
        return Request(url, callback=self.parse_chapter, errback=self.chapter_failed, cb_kwargs=state)

    def parse_chapter(
        self, response: TextResponse, first_url: str, pages: list[str], paragraphs: list[str], title: str | None
    ) -> Iterator[Any]:
        decoded = decode_page(response, self.encoding)
        if decoded is None:
            yield self._bad_encoding("failure", first_url, response)
            return
        response = decoded
        page = parse_chapter(response, self.selectors)
        pages = pages + [self.canonical(response.url)]
        paragraphs = paragraphs + page.paragraphs
        title = title if title is not None else page.title
        if page.next_part and self.canonical(page.next_part) not in pages:
            yield self._chapter_request(page.next_part, first_url=first_url, pages=pages,
                                        paragraphs=paragraphs, title=title)
            return
        if not paragraphs:
            yield self._failure_record("failure", first_url, "empty_body", f"no text at {self.selectors.body!r}")
            return
        yield {
            "type": "chapter",
            "url": self.canonical(first_url),
            "page_urls": pages,
            "title": title,
            "paragraphs": paragraphs,
            "encoding": response.encoding,
            "fetched_at": _now(),
        }

    def chapter_failed(self, failure: Failure) -> Iterator[Any]:
        request = failure.request  # type: ignore[attr-defined]
        yield from self._errback("failure", request.cb_kwargs.get("first_url", request.url), failure)

    def toc_failed(self, failure: Failure) -> Iterator[Any]:
        yield from self._errback("toc_failure", failure.request.url, failure)  # type: ignore[attr-defined]

    def _errback(self, kind: str, url: str, failure: Failure) -> Iterator[Any]:
        yield self._failure_record(kind, url, _reason(failure), str(failure.value)[:300] or failure.type.__name__)
        if failure.check(SiteBlocked):
            raise CloseSpider("blocked")

    def _bad_encoding(self, kind: str, url: str, response: TextResponse) -> dict[str, Any]:
        tried = ", ".join(dict.fromkeys(filter(None, (response.encoding, self.encoding))))
        return self._failure_record(kind, url, "bad_encoding", f"too many undecodable bytes with {tried}")

    def _failure_record(self, kind: str, url: str, reason: str, detail: str) -> dict[str, Any]:
        return {"type": kind, "url": self.canonical(url), "reason": reason, "detail": detail, "fetched_at": _now()}


def _reason(failure: Failure) -> str:
    error = failure.value
    if isinstance(error, HttpError):
        return f"http_{error.response.status}"
    if type(error) is IgnoreRequest:
        return next((reason for start, reason in _IGNORED_REASONS.items() if str(error).startswith(start)), "ignored")
    return next((reason for kinds, reason in _ERROR_REASONS if isinstance(error, kinds)), type(error).__name__)
