"""Read table-of-contents and chapter pages with a site's CSS selectors (pure functions on responses)."""

from __future__ import annotations

from dataclasses import dataclass

from parsel import Selector
from scrapy.http import TextResponse

from pipeline.config import Selectors


@dataclass(frozen=True)
class TocPage:
    chapters: list[tuple[str, str]]  # (absolute URL, link text) in reading order
    next_page: str | None


@dataclass(frozen=True)
class ChapterPage:
    title: str
    paragraphs: list[str]
    next_part: str | None  # the next page of the same chapter, when the site splits chapters


def _text(node: Selector) -> str:
    return " ".join(part.strip() for part in node.xpath(".//text()").getall() if part.strip())


def _link(response: TextResponse, css: str | None) -> str | None:
    if not css:
        return None
    href = response.css(css).get()
    return response.urljoin(href.strip()) if href and href.strip() else None


def with_encoding(response: TextResponse, encoding: str | None) -> TextResponse:
    """The response decoded with a forced encoding (for sites that omit or misstate theirs)."""
    return response.replace(encoding=encoding) if encoding else response


def parse_toc(response: TextResponse, selectors: Selectors) -> TocPage:
    chapters = []
    for node in response.css(selectors.chapter_links):
        href = node.attrib.get("href", "").strip()
        if href:
            chapters.append((response.urljoin(href), _text(node)))
    return TocPage(chapters=chapters, next_page=_link(response, selectors.toc_next))


def parse_chapter(response: TextResponse, selectors: Selectors) -> ChapterPage:
    title_node = response.css(selectors.title)
    title = _text(title_node[0]) if title_node else ""
    paragraphs = [text for text in (_text(node) for node in response.css(selectors.body)) if text]
    return ChapterPage(title=title, paragraphs=paragraphs, next_part=_link(response, selectors.body_next))
