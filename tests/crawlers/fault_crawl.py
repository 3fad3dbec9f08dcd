"""Crawls of the fault-injecting site (``tests.crawlers.faultsite``) as the crawl stage runs them, and the
pages they serve."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from crawlers.journal import JournalState, read_journal
from crawlers.profile import Selectors, Site
from crawlers.web import crawl
from tests.crawlers.faultsite import FaultSite, Route, page

SETTINGS = {"BACKOFF_BASE": 0.01, "DOWNLOAD_TIMEOUT": 0.5, "DOWNLOAD_MAXSIZE": 64 * 1024}
ATTEMPTS = 4  # the request and its RETRY_TIMES (3) retries
TEXT = "雨下得很大，林晚星撑着伞站在片场门口。"
UTF8 = {"Content-Type": "text/html; charset=utf-8"}


def chapter_page(
    title: str,
    text: str = TEXT,
    charset: str | None = "gbk",
    next_part: str | None = None,
    encoding: str = "gbk",
) -> bytes:
    """A chapter page in ``encoding``; ``charset`` is what its <meta> declares (None: no declaration)."""
    meta = f'<meta charset="{charset}">' if charset else ""
    link = f'<a class="next" href="{next_part}">下一页</a>' if next_part else ""
    return (
        f'<html><head>{meta}</head><body><h1>{title}</h1><div class="text"><p>{text}</p></div>{link}'
        "</body></html>"
    ).encode(encoding)


OK = page(chapter_page("第一章"))


def profile(site: FaultSite, **changes: Any) -> Site:
    fields = dict(
        name="faults",
        lang="zh",
        url=site.url,
        serve=None,
        encoding="gbk",
        delay=0.0,
        concurrency=4,
        selectors=Selectors(
            chapter_links="ul.toc a",
            toc_next=None,
            title="h1",
            body="div.text p",
            body_next="a.next::attr(href)",
        ),
    )
    return Site(**{**fields, **changes})


def publish(site: FaultSite, chapters: dict[str, Route], links: list[str] | None = None) -> None:
    """Serve ``chapters`` and a table of contents at /book/ linking to them (or to ``links``)."""
    links = links if links is not None else [site.url + path.lstrip("/") for path in chapters]
    toc = "".join(f'<li><a href="{url}">{n}</a></li>' for n, url in enumerate(links))
    site.routes.update(chapters)
    site.routes["/book/"] = page(f'<ul class="toc">{toc}</ul>'.encode(), headers=UTF8)


@dataclass
class Crawl:
    report: dict[str, Any]
    state: JournalState

    def outcome(self, url: str) -> str:
        """``chapter`` or the failure's reason: the latest journal record for ``url``."""
        return "chapter" if url in self.state.chapters else self.state.failures[url]["reason"]


def run_crawl(
    site: FaultSite, journal: Path, settings: dict[str, Any] | None = None, **changes: Any
) -> Crawl:
    report = crawl(
        profile(site, **changes),
        "book/",
        journal,
        log_file=journal.with_suffix(".log"),
        settings={**SETTINGS, **(settings or {})},
    )
    return Crawl(report, read_journal(journal))
