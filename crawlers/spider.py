"""One generic Scrapy spider for every site, driven by the site's profile (selectors, encoding).

Every chapter it requests ends as a journal record: a ``chapter``, or a ``failure`` with a short
``reason`` and a ``detail``. Reasons, after retries with backoff: ``http_NNN``, ``timeout``, ``truncated``,
``connection_lost``, ``connection_refused``, ``host_unreachable`` (its name does not resolve, or no route
leads to it); at once: ``too_large``, ``too_many_pages`` (a chapter whose next pages go on past
``max_chapter_pages``, setting ``MAX_CHAPTER_PAGES``), ``redirect_loop`` (by HTTP or by meta refresh, a page
refreshing to itself included), ``too_many_redirects``, ``robots_forbidden``,
``bad_encoding`` (a UTF-16 declaration its bytes belie included, a charset that decodes no text, such as
``rot13``, ``base64`` or ``undefined``, on a page the site's encoding does not read either, and a page that
declares no charset and reads in neither the site's encoding nor those guessed for its language:
``crawlers.parsing.GUESSES``),
``bad_compression`` (a body that is not the gzip, deflate, br or zstd its ``Content-Encoding`` says, or
a gzip or deflate stream cut short),
``spider_error`` (reading the page raised an error, named in the detail),
``not_html`` (an image, a PDF, JSON or other bytes the selectors cannot read, whatever Content-Type they
are sent with), ``empty_body`` (no text on the chapter's first page, or on a later page that ends it: a 204,
an empty page), ``error_page`` (a page whose <title> says it is an error, "404 Not
Found", sent as HTTP 200: ``crawlers.parsing.error_title``), ``too_deep`` (elements nested as deep as
the HTML parser reads: the rest of the page would be lost, ``crawlers.parsing.cut_off``), ``offsite``
(a link, redirect or next page off the site's origins or to another scheme than http and https: never
requested), ``blocked`` (a challenge page: the crawl stops at once, finish reason ``blocked``; one sent as HTTP 200 when the site's selectors find nothing on it);
``not_fetched`` for the requests the crawl never sent (detail ``site blocked: ...`` after a challenge,
``site unreachable: N requests in a row failed to connect`` once ``crawlers.guards.UNREACHABLE_AFTER``
requests, retries included, failed to connect with no response between them: the crawl stops, finish
reason ``unreachable``; ``site unavailable: ...`` once the waits before retries add up past
``crawlers.backoff.BACKOFF_BUDGET`` with no response but errors to retry: finish reason ``unavailable``;
``URL (page N of the chapter) is a page already requested: ...`` for a page Scrapy's duplicate filter
dropped: another chapter's, or one a redirect led back to).
A failure on a chapter's second or later page names that page in its detail.

The table of contents ends as a ``toc`` record, or a ``toc_failure``: ``toc_empty`` when its pages hold no
chapter link, or a later page that ends them is empty (a 204, an empty body; an HTML page with no chapter link
ends the list), ``too_many_pages`` when they go on past ``max_toc_pages`` (the site's, setting
``MAX_TOC_PAGES``; each URL a redirect went through counts), ``too_many_chapters`` when they list more
chapters than a local book may have (``crawlers.limits.Caps.chapters``, setting ``MAX_CHAPTERS``), or the
reason its page could not be fetched. Its pages are the first and each one's next page, up to one already read
(a next-page link back to it, by a link or a redirect, ends the list). A chapter link to no page (an empty or
missing href, a fragment alone, a script: a locked chapter's placeholder, ``crawlers.links.leads_to_a_page``)
keeps its place in the ``toc`` record with its href as written and is never requested:
``crawlers.raw.unlinked_chapters`` rejects its chapter by name; pages of no other link are ``toc_empty``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import scrapy
from scrapy import signals
from scrapy.exceptions import CloseSpider
from scrapy.http import Request, Response, TextResponse
from twisted.python.failure import Failure

from core.rejection import one_line
from crawlers.backoff import unwaited
from crawlers.guards import challenge_reason, past_the_cap, stop, stopped
from crawlers.journal import read_by, read_journal
from crawlers.limits import Caps
from crawlers.links import entry_key, last_of_each, leads_to_a_page, page_key, urls_of
from crawlers.origins import allowed
from crawlers.page_kind import not_a_page
from crawlers.parsing import cut_off, decode_page, error_title, parse_chapter, parse_toc, undecodable
from crawlers.profile import Selectors, Site, page_reader
from crawlers.request_errors import failure_detail, failure_reason


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _no_chapter_link(entries: list[tuple[str, str]]) -> str:
    """Why a table of contents whose ``entries`` hold no link to a page is ``toc_empty``."""
    if not entries:
        return "no chapter link on its pages"
    placeholders = "an empty href, a fragment, a script"
    return f"no chapter link on its pages: its {len(entries)} links lead to no page ({placeholders})"


def _recorded(kind: str) -> Callable[[Callable[..., Iterator[Any]]], Callable[..., Iterator[Any]]]:
    """A page callback whose error (a bug, a page no rule foresaw) ends as the page's ``kind`` record,
    ``spider_error``: Scrapy only logged it, and the table of contents or chapter was left with no record
    (a book of 0 chapters, 0 failed, exit status 0)."""

    def wrap(callback: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
        @functools.wraps(callback)
        def recorded(spider: NovelSpider, response: Response, **state: Any) -> Iterator[Any]:
            try:
                yield from callback(spider, response, **state)
            except CloseSpider:  # the site stopped (``_close_if_stopped``): no error
                raise
            except Exception as err:  # noqa: BLE001 - the page fails by name, the crawl goes on
                url = state.get("first_url", spider.toc_url)
                yield spider._failure_record(
                    kind, url, "spider_error", f"{one_line(err)} (at {response.url})"
                )

        return recorded

    return wrap


class NovelSpider(scrapy.Spider):
    """Crawl one book on one site: every table-of-contents page, then each chapter not yet journaled.

    ``base_url`` is where the site is fetched from now; ``canonical_url`` is the site's configured base,
    under which URLs are recorded (the demo site is served on a random local port). ``origins`` are the
    only origins requested (``crawlers.guards.OriginGuardMiddleware`` enforces them for every request).
    """

    name = "novel"
    max_toc_pages = Site.max_toc_pages  # a site's own (``Site.max_toc_pages``) in its crawl's settings
    max_chapter_pages = 50  # a site splits a chapter over a few pages
    max_chapters = Caps.chapters  # chapters of one book, as for local books (the longest have ~10,000)

    @classmethod
    def from_crawler(cls, crawler: Any, *args: Any, **kwargs: Any) -> NovelSpider:
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.max_toc_pages = crawler.settings.getint("MAX_TOC_PAGES", cls.max_toc_pages)
        spider.max_chapter_pages = crawler.settings.getint("MAX_CHAPTER_PAGES", cls.max_chapter_pages)
        spider.max_chapters = crawler.settings.getint("MAX_CHAPTERS", cls.max_chapters)
        crawler.signals.connect(spider.request_dropped, signal=signals.request_dropped)
        return spider

    def __init__(
        self,
        toc_url: str,
        selectors: dict[str, Any],
        journal_path: str,
        base_url: str,
        canonical_url: str,
        origins: list[str],
        encoding: str | None = None,
        lang: str | None = None,
        recheck: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.toc_url = toc_url
        self.selectors = Selectors(**selectors)
        self.journal_path = journal_path
        self.base_url = base_url
        self.canonical_url = canonical_url
        self.encoding = encoding
        self.lang = lang  # the site's: which encodings a page that declares no charset may be in
        self.origins = tuple(origins)
        self.reader = page_reader(self.selectors, encoding)
        # Chapters already journaled are not fetched again, unless rechecking for edits or read by other
        # selectors (a record without a reader, journaled before readers were, counts as read by these).
        journaled = {} if recheck else read_journal(Path(journal_path)).chapters
        self.known = {url for url, record in journaled.items() if read_by(record, self.reader)}
        self.pending: set[str] = set()  # first URLs of the chapters requested and not yet journaled
        self.stopped: str | None = None  # why the site is stopped (blocked, unreachable): what was not sent
        self.dropped: dict[str, str] = {}  # first URL -> the page of that chapter Scrapy dropped unsent

    def canonical(self, url: str) -> str:
        return self.canonical_url + url[len(self.base_url) :] if url.startswith(self.base_url) else url

    async def start(self) -> Any:
        yield Request(
            self.toc_url,
            callback=self.parse_toc,
            errback=self.toc_failed,
            cb_kwargs={"entries": [], "read": ()},
            dont_filter=True,
        )

    @_recorded("toc_failure")
    def parse_toc(
        self, response: TextResponse, entries: list[tuple[str, str]], read: tuple[str, ...] = ()
    ) -> Iterator[Any]:
        """Gather the chapter links of this table-of-contents page, after those of the pages ``read``
        (canonicalized URLs), then request its next page, or end with the whole list."""
        if (what := not_a_page(response)) is not None:
            yield self._failure_record("toc_failure", response.url, "not_html", f"not a web page: {what}")
            return
        decoded = decode_page(response, self.encoding, self.lang)
        if decoded is None:
            yield self._bad_encoding("toc_failure", response.url, response)
            return
        if (cut := cut_off(decoded)) is not None:
            yield self._failure_record("toc_failure", response.url, "too_deep", cut)
            return
        page = parse_toc(decoded, self.selectors)
        if not page.chapters and (why := challenge_reason(response, any_status=True)) is not None:
            yield from self._challenged("toc_failure", response.url, why)
            return
        # a later page with nothing at all (a 204, an empty body): the list would end cut short there; an HTML
        # page with no chapter link ends it (a site's pages may run on past the last one that lists any)
        if read and not page.chapters and not page.next_page and not response.body.strip():
            empty = "empty page" if response.status == 204 else "empty body"
            yield self._failure_record(
                "toc_failure",
                self.toc_url,
                "toc_empty",
                f"{empty} (HTTP {response.status}) at {self.canonical(response.url)}, the next page of the "
                "one before",
            )
            return
        listed = set(map(entry_key, entries))  # on an earlier page: a page linking back lists them again
        entries = entries + [entry for entry in last_of_each(page.chapters) if entry_key(entry) not in listed]
        if len(entries) > self.max_chapters:  # pages of a million links each: a crawl without end
            yield self._failure_record(
                "toc_failure",
                self.toc_url,
                "too_many_chapters",
                f"over {self.max_chapters} chapter links (cap) by {response.url}: does chapter_links match "
                "links that are no chapters?",
            )
            return
        read = (*read, *map(page_key, urls_of(response)))
        if page.next_page and page_key(page.next_page) not in read:
            if not allowed(page.next_page, self.origins):
                yield self._offsite(
                    "toc_failure", response.url, page.next_page, "the next table-of-contents page"
                )
                return
            if len(read) >= self.max_toc_pages:
                yield self._too_many_pages(
                    "toc_failure",
                    self.toc_url,
                    page.next_page,
                    f"{self.max_toc_pages} table-of-contents pages (the site's max_toc_pages)",
                )
                return
            yield Request(
                page.next_page,
                callback=self.parse_toc,
                errback=self.toc_failed,
                cb_kwargs={"entries": entries, "read": read},
                dont_filter=True,  # a page already read is never requested again (``read``)
            )
            return
        if not any(leads_to_a_page(url) for url, _ in entries):
            yield self._failure_record("toc_failure", self.toc_url, "toc_empty", _no_chapter_link(entries))
            return
        yield {"type": "toc", "chapters": [[self.canonical(u), t] for u, t in entries], "fetched_at": _now()}
        for url, _ in entries:
            if not leads_to_a_page(url) or self.canonical(url) in self.known:
                continue  # a link to no page is rejected by name (``crawlers.raw.unlinked_chapters``)
            if allowed(url, self.origins):
                yield self._chapter_request(url, first_url=url, pages=[], paragraphs=[], title=None)
            else:
                yield self._offsite("failure", url, url, "a chapter link")

    def _offsite(self, kind: str, record_url: str, target: str, what: str) -> dict[str, Any]:
        """The record of a link that is never requested, since it leads off the site's origins."""
        return self._failure_record(
            kind, record_url, "offsite", f"{what} to {target}, not on {', '.join(self.origins)}"
        )

    def _too_many_pages(self, kind: str, url: str, next_page: str, pages: str) -> dict[str, Any]:
        """The record of pages that go on past their cap (``pages`` says which)."""
        return self._failure_record(
            kind, url, "too_many_pages", f"over {pages}: the next would be {next_page}"
        )

    def _chapter_request(self, url: str, **state: Any) -> Request:
        self.pending.add(state["first_url"])
        return Request(url, callback=self.parse_chapter, errback=self.chapter_failed, cb_kwargs=state)

    @_recorded("failure")
    def parse_chapter(
        self,
        response: TextResponse,
        first_url: str,
        pages: list[str],
        paragraphs: list[str],
        title: str | None,
    ) -> Iterator[Any]:
        if (what := not_a_page(response)) is not None:
            yield self._failure_record("failure", first_url, "not_html", f"not a web page: {what}")
            return
        decoded = decode_page(response, self.encoding, self.lang)
        if decoded is None:
            yield self._bad_encoding("failure", first_url, response)
            return
        if (cut := cut_off(decoded)) is not None:
            yield self._failure_record("failure", first_url, "too_deep", cut)
            return
        response = decoded
        page = parse_chapter(response, self.selectors)
        where = f"page {len(pages) + 1} ({response.url}) of the chapter: " if pages else ""
        if not page.paragraphs and (why := challenge_reason(response, any_status=True)) is not None:
            yield from self._challenged("failure", first_url, why, where)
            return
        # an error page's text would be the chapter's, never fetched again
        if (error := error_title(response)) is not None:
            yield self._failure_record(
                "failure",
                first_url,
                "error_page",
                f"{where}an error page sent as a page (HTTP {response.status}), titled {error!r}",
            )
            return
        # a later page the chapter ends on with no text (a 204, an empty page): the chapter is cut short there
        if where and not page.paragraphs and not page.next_part:
            yield self._failure_record("failure", first_url, "empty_body", f"{where}no {self.selectors.body}")
            return
        pages = pages + [self.canonical(response.url)]
        paragraphs = paragraphs + page.paragraphs
        title = title if title is not None else page.title
        read = {page_key(url) for url in pages}  # its fragment or query order makes no other page
        if page.next_part and page_key(self.canonical(page.next_part)) not in read:
            if not allowed(page.next_part, self.origins):
                yield self._offsite(
                    "failure", first_url, page.next_part, f"page {len(pages) + 1} of the chapter"
                )
                return
            if len(pages) >= self.max_chapter_pages:
                yield self._too_many_pages(
                    "failure", first_url, page.next_part, f"{self.max_chapter_pages} pages of the chapter"
                )
                return
            yield self._chapter_request(
                page.next_part, first_url=first_url, pages=pages, paragraphs=paragraphs, title=title
            )
            return
        if not paragraphs:
            yield self._failure_record("failure", first_url, "empty_body", f"no {self.selectors.body}")
            return
        self.pending.discard(first_url)
        yield {
            "type": "chapter",
            "url": self.canonical(first_url),
            "page_urls": pages,
            "title": title,
            "paragraphs": paragraphs,
            "encoding": response.encoding,
            "reader": self.reader,
            "fetched_at": _now(),
        }

    def chapter_failed(self, failure: Failure) -> Iterator[Any]:
        request = failure.request  # type: ignore[attr-defined]
        pages = request.cb_kwargs.get("pages") or []
        where = f"page {len(pages) + 1} ({request.url}) of the chapter: " if pages else ""
        yield from self._errback("failure", request.cb_kwargs.get("first_url", request.url), failure, where)

    def toc_failed(self, failure: Failure) -> Iterator[Any]:
        yield from self._errback("toc_failure", failure.request.url, failure)  # type: ignore[attr-defined]

    def _errback(self, kind: str, url: str, failure: Failure, where: str = "") -> Iterator[Any]:
        settings = self.crawler.settings
        said = (
            past_the_cap(failure.value, settings)
            or unwaited(failure.value, settings)
            or failure_detail(failure.value)[:300]
        )
        detail = where + said
        yield self._failure_record(kind, url, failure_reason(failure), detail)
        self._close_if_stopped()

    def _challenged(self, kind: str, url: str, reason: str, where: str = "") -> Iterator[Any]:
        """The record of a page that is a challenge, though sent as a page (HTTP 200), and the site blocked
        as the guards block it at one sent as an error."""
        stop(self.crawler.stats, "blocked", reason)
        yield self._failure_record(kind, url, "blocked", where + reason)
        self._close_if_stopped()

    def _close_if_stopped(self) -> None:
        """Close the crawl once the site is stopped (``crawlers.guards.STOPS``)."""
        if self.stopped is None and (stopping := stopped(self.crawler.stats)) is not None:
            finish, self.stopped = stopping
            raise CloseSpider(finish)

    def _bad_encoding(self, kind: str, url: str, response: TextResponse) -> dict[str, Any]:
        return self._failure_record(
            kind, url, "bad_encoding", undecodable(response, self.encoding, self.lang)
        )

    def request_dropped(self, request: Request) -> None:
        """Note a chapter's page that Scrapy's scheduler dropped as a duplicate of a page already requested
        (another chapter's, or one the chapter's next page redirected back to)."""
        if (first_url := request.cb_kwargs.get("first_url")) is not None:
            self.dropped[first_url] = (
                f"{request.url} (page {len(request.cb_kwargs['pages']) + 1} of the chapter)"
            )

    def unfinished(self) -> list[dict[str, Any]]:
        """Failure records for the chapters requested that got neither a record nor an errback: dropped by
        Scrapy's scheduler (duplicates) or still queued when the crawl stopped the site (``stopped``)."""
        return [
            self._failure_record("failure", url, "not_fetched", self._unsent(url))
            for url in sorted(self.pending)
        ]

    def _unsent(self, url: str) -> str:
        """Why the chapter at ``url`` was requested and never answered."""
        if self.stopped:
            return self.stopped
        if url in self.dropped:
            return f"{self.dropped[url]} is a page already requested: not requested again"
        return "no response before the crawl ended"

    def _failure_record(self, kind: str, url: str, reason: str, detail: str) -> dict[str, Any]:
        self.pending.discard(url)
        return {
            "type": kind,
            "url": self.canonical(url),
            "reason": reason,
            "detail": detail,
            "fetched_at": _now(),
        }
