"""A crawl profile: how to fetch and read one website (loaded from the config by ``pipeline.config``)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from crawlers.origins import origin


@dataclass(frozen=True)
class Selectors:
    """CSS selectors (Scrapy/parsel syntax) that locate the parts of a site's pages."""

    chapter_links: str  # on a table-of-contents page: the chapter links, in reading order
    toc_next: str | None  # on a table-of-contents page: the link to its next page
    title: str  # on a chapter page: the chapter title text
    body: str  # on a chapter page: the body paragraphs (or elements holding them, cut at <br> and blocks)
    body_next: str | None  # on a chapter page: the link to the next page of the same chapter


def page_reader(selectors: Selectors, encoding: str | None) -> str:
    """A digest of what turns a chapter's pages into its title and paragraphs: the chapter-page selectors
    and a forced encoding. The crawl journals it with each chapter, and fetches a chapter that was read
    otherwise again (an edited ``body`` selector must not leave the text the old one read)."""
    reading = [selectors.title, selectors.body, selectors.body_next, encoding]
    return hashlib.sha256(json.dumps(reading).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Site:
    """A crawl profile: how to fetch and read one website."""

    name: str
    lang: str
    url: str  # canonical base URL, recorded in the raw chapters
    serve: Path | None  # a local folder served on 127.0.0.1 during the crawl (the demo sites)
    selectors: Selectors
    encoding: str | None = None  # force this encoding (sites that lie about or omit theirs)
    delay: float = 1.0  # seconds between requests to this site (AutoThrottle adapts above it)
    concurrency: int = 2  # parallel requests to this site (a slow page does not stall the others)
    boilerplate: tuple[str, ...] = ()  # regexes of site-specific lines to strip in cleaning
    obey_robots: bool = True
    download_timeout: float = 20.0  # seconds before a request is abandoned (then retried with backoff)
    max_page_bytes: int = 8 * 1024 * 1024  # larger pages are refused and recorded as too_large
    # table-of-contents pages a book's list may run to, past which it is a too_many_pages toc_failure: a crawl
    # trap's next-page links go on without end; a book of 5,000 chapters lists them on 50 to 250 pages
    max_toc_pages: int = 500
    allowed_origins: tuple[str, ...] = ()  # other origins (scheme://host:port) requests may go to

    @property
    def origins(self) -> tuple[str, ...]:
        """Every origin a crawl of this site may request: its own and the ``allowed_origins``."""
        return (origin(self.url) or "", *self.allowed_origins)

    kind: str = "web"  # "web", or a local file named by each book's toc: "epub" or "text" (crawlers.local)
    heading: str | None = None  # kind text: the chapter-heading regex (default: crawlers.textbook)
