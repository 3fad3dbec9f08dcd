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


def _utf16_codec(body: bytes) -> str | None:
    """The UTF-16 byte order in which ``body`` reads as markup (the one whose text holds more ``<``), or None
    when neither holds one: bytes of GBK, UTF-8 or another ASCII-based encoding, each ``<`` paired with a
    neighbouring byte into another character. Read as UTF-16, such bytes are characters of no markup, with
    too few U+FFFD to tell by."""
    counts = {codec: body.decode(codec, "replace").count("<") for codec in ("utf-16-le", "utf-16-be")}
    codec = max(counts, key=counts.__getitem__)
    return codec if counts[codec] else None


def _as_declared(response: TextResponse) -> TextResponse | None:
    """The page read with the charset it declares; one declared UTF-16 without a BOM in the byte order of its
    markup, and None when it has no UTF-16 markup (the declaration is wrong)."""
    if not response.encoding.startswith("utf-16") or read_bom(response.body)[0]:
        return response
    codec = _utf16_codec(response.body)
    return response.replace(encoding=codec) if codec else None


def _readings(response: TextResponse, site_encoding: str | None) -> list[TextResponse]:
    """The readings of the page to try, in order: the charset it declares, then the site's configured
    encoding, then the one Scrapy detects (which is the declared one when the page declares a charset)."""
    forced = [response.replace(encoding=site_encoding)] if site_encoding else []
    if not _declares_charset(response):
        return [*forced, response]
    declared = _as_declared(response)
    return forced if declared is None else [declared, *forced]


def decode_page(response: TextResponse, site_encoding: str | None) -> TextResponse | None:
    """The page decoded with the first of its readings (``_readings``) that reads it cleanly; None when none
    does (``response.encoding`` of the result says which was used)."""
    return next(
        (r for r in _readings(response, site_encoding) if replacement_ratio(r.text) <= MAX_REPLACEMENT_RATIO),
        None,
    )


def undecodable(response: TextResponse, site_encoding: str | None) -> str:
    """Why ``decode_page`` found no clean reading of the page: a UTF-16 declaration its bytes belie, and the
    encodings tried."""
    tried = ", ".join(dict.fromkeys(r.encoding for r in _readings(response, site_encoding)))
    undecoded = f"too many undecodable bytes with {tried}" if tried else "no site encoding to try instead"
    if _declares_charset(response) and _as_declared(response) is None:
        return f"declares {response.encoding}, but its bytes hold no UTF-16 markup; {undecoded}"
    return undecoded


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
