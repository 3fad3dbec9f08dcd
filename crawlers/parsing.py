"""Read table-of-contents and chapter pages with a site's CSS selectors (pure functions on responses)."""

from __future__ import annotations

from dataclasses import dataclass

from parsel import Selector
from scrapy.http import TextResponse
from w3lib.encoding import html_body_declared_encoding, http_content_type_encoding, read_bom

from crawlers.profile import Selectors

MAX_REPLACEMENT_RATIO = 0.01  # above this share of U+FFFD a page is taken as misdecoded


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


def _join(response: TextResponse, href: str) -> str:
    """``href`` made absolute against the page's URL, or as written when it is no URL that urljoin can
    read (an unclosed IPv6 bracket): a link the crawl then never requests (``offsite``)."""
    try:
        return response.urljoin(href)
    except ValueError:
        return href


def _link(response: TextResponse, css: str | None) -> str | None:
    """The next page's URL; None without one, or when the link is a script ("javascript:void(0)": how
    many sites disable "next" on the last page), which leads to no page."""
    if not css:
        return None
    href = (response.css(css).get() or "").strip()
    return _join(response, href) if href and not href.lower().startswith("javascript:") else None


def replacement_ratio(text: str) -> float:
    """The share of U+FFFD in ``text``: bytes the chosen encoding could not decode."""
    return text.count("\ufffd") / len(text) if text else 0.0


def _declares_charset(response: TextResponse) -> bool:
    content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
    return bool(
        read_bom(response.body)[0]
        or http_content_type_encoding(content_type)
        or html_body_declared_encoding(response.body)
    )


def decode_page(response: TextResponse, site_encoding: str | None) -> TextResponse | None:
    """The page decoded with the first encoding that reads it cleanly: the charset it declares, then the
    site's configured encoding, then the one Scrapy detects; None when none does (``response.encoding``
    of the result says which was used)."""
    forced = [response.replace(encoding=site_encoding)] if site_encoding else []
    candidates = [response, *forced] if _declares_charset(response) else [*forced, response]
    return next((c for c in candidates if replacement_ratio(c.text) <= MAX_REPLACEMENT_RATIO), None)


def parse_toc(response: TextResponse, selectors: Selectors) -> TocPage:
    chapters = []
    for node in response.css(selectors.chapter_links):
        href = node.attrib.get("href", "").strip()
        if href:
            chapters.append((_join(response, href), _text(node)))
    return TocPage(chapters=chapters, next_page=_link(response, selectors.toc_next))


def parse_chapter(response: TextResponse, selectors: Selectors) -> ChapterPage:
    title_node = response.css(selectors.title)
    title = _text(title_node[0]) if title_node else ""
    paragraphs = [text for text in (_text(node) for node in response.css(selectors.body)) if text]
    return ChapterPage(title=title, paragraphs=paragraphs, next_part=_link(response, selectors.body_next))
