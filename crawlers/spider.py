"""One generic Scrapy spider for every site, driven by the site's profile (selectors, encoding)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import scrapy
from scrapy.http import Request, TextResponse
from twisted.python.failure import Failure

from crawlers.journal import read_journal
from crawlers.parsing import parse_chapter, parse_toc, with_encoding
from pipeline.config import Selectors


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
        page = parse_toc(with_encoding(response, self.encoding), self.selectors)
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
        response = with_encoding(response, self.encoding)
        page = parse_chapter(response, self.selectors)
        pages = pages + [self.canonical(response.url)]
        paragraphs = paragraphs + page.paragraphs
        title = title if title is not None else page.title
        if page.next_part and self.canonical(page.next_part) not in pages:
            yield self._chapter_request(page.next_part, first_url=first_url, pages=pages,
                                        paragraphs=paragraphs, title=title)
            return
        if not paragraphs:
            yield {"type": "failure", "url": self.canonical(first_url), "reason": "empty_body", "fetched_at": _now()}
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
        first_url = request.cb_kwargs.get("first_url", request.url)
        yield {"type": "failure", "url": self.canonical(first_url), "reason": _reason(failure), "fetched_at": _now()}

    def toc_failed(self, failure: Failure) -> Iterator[Any]:
        url = self.canonical(failure.request.url)  # type: ignore[attr-defined]
        yield {"type": "toc_failure", "url": url, "reason": _reason(failure), "fetched_at": _now()}


def _reason(failure: Failure) -> str:
    """``http_503`` for HTTP errors, else the exception's class name (``TimeoutError``, ...)."""
    response = getattr(failure.value, "response", None)
    return f"http_{response.status}" if response is not None else failure.value.__class__.__name__
