"""Read table-of-contents and chapter pages with a site's CSS selectors (pure functions on responses)."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from lxml import etree
from parsel import Selector, SelectorList
from scrapy.http import TextResponse
from w3lib.encoding import html_body_declared_encoding, http_content_type_encoding, read_bom

from crawlers.blocks import BREAKS, HEADINGS, cut
from crawlers.links import leads_to_a_page
from crawlers.nesting import outermost
from crawlers.profile import Selectors
from text.decoding import LATIN_CHARSETS, chinese_codec, text_codec

MAX_REPLACEMENT_RATIO = (
    0.01  # above this share of U+FFFD (or other ``unreadable_ratio``) a page is misdecoded
)
# The encodings to guess, in this order, for a page that declares no charset, by the site's language: those
# its web novels are served in. GB18030 reads the bytes of cp1252 English (its curly quotes), Big5, EUC-KR
# and Shift-JIS as Chinese characters of no sense: it is guessed on Chinese sites only. No other encoding's
# non-ASCII bytes read as UTF-8.
GUESSES = {"zh": ("utf-8", "gb18030")}
OTHER_GUESSES = ("utf-8",)  # on sites of other languages, and after a site's own encoding
# libxml2's deepest element (with parsel's huge_tree): on reaching it the parser stops reading the page
# and drops the rest, with no error (an ad of 2,100 unclosed <span>s took a chapter's last paragraphs)
PARSER_DEPTH = 2048


@dataclass(frozen=True)
class TocPage:
    chapters: list[tuple[str, str]]  # (absolute URL, or the href of a link to no page; link text) in order
    next_page: str | None


@dataclass(frozen=True)
class ChapterPage:
    title: str
    paragraphs: list[str]
    next_part: str | None  # the next page of the same chapter, when the site splits chapters


def _joined(parts: list[str]) -> str:
    """Text nodes made one text: each stripped, joined by a space."""
    return " ".join(part.strip() for part in parts if part.strip())


def _text(node: Selector) -> str:
    """The text of an element, or the value a selector ending ``::attr(...)`` picked (read as an element's,
    it was none: a title ``meta::attr(content)`` was empty)."""
    if isinstance(node.root, str):
        return " ".join(node.root.split())
    return _joined(node.xpath(".//text()").getall())


BODY_BREAKS = BREAKS | HEADINGS  # where the text of an element ``body`` picks is cut into paragraphs


def _paragraphs(node: Selector) -> list[str]:
    """The paragraphs of an element ``body`` picked: its text cut at <br> and at its block elements
    (``BODY_BREAKS``: the ``<div id="content">text<br><br>text</div>`` of many sites), each read as
    ``_text`` reads an element (inline elements' text kept in place), scripts and styles left out; one
    without either is one paragraph. A value a selector ending ``::text`` or ``::attr(...)`` picked is one."""
    if isinstance(node.root, str):
        return [text] if (text := _text(node)) else []
    return [text for _, text in cut(node.root, _joined, BODY_BREAKS)]


def _href(node: Selector) -> str:
    """A link's target: the ``href`` of a selected element, or the value a selector ending ``::attr(href)``
    picked."""
    # its ``href`` alone: all its attributes (``attrib``) raised ValueError on one whose name holds a control
    # character (a tag's ">" garbled), and the whole table of contents failed as a spider_error
    return (node.root if isinstance(node.root, str) else node.root.get("href", "")).strip()


def _join(response: TextResponse, href: str) -> str:
    """``href`` made absolute against the page's URL, or as written when it is no URL that urljoin can
    read (an unclosed IPv6 bracket): a link the crawl then never requests (``offsite``)."""
    try:
        return response.urljoin(href)
    except ValueError:
        return href


def _link(response: TextResponse, css: str | None) -> str | None:
    """The next page's URL; None without one, or when the link leads to no page
    (``crawlers.links.leads_to_a_page``: "javascript:void(0)" is how many sites disable "next" on the last
    page)."""
    nodes = response.css(css) if css else []
    href = _href(nodes[0]) if nodes else ""  # an element's markup was taken for its URL
    return _join(response, href) if leads_to_a_page(href) else None


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


def decodes(response: TextResponse) -> bool:
    """Whether the page's bytes decode to text in its encoding, a charset (``text.decoding.text_codec``): not
    a codec of no text (``rot13``, ``base64``, ``hex``) nor one of Python's own (``unicode_escape`` read
    "\\u4e2d" as a character; ``idna`` refused non-ASCII bytes)."""
    try:
        text_codec(response.encoding)
        return isinstance(response.text, str)
    except (LookupError, ValueError):  # UnicodeError is a ValueError
        return False


def _as_declared(response: TextResponse) -> TextResponse | None:
    """The page read with the charset it declares; one declared UTF-16 without a BOM in the byte order of its
    markup, and None when it has no UTF-16 markup or its charset does not decode it (the declaration is
    wrong)."""
    if not decodes(response):
        return None
    if not response.encoding.startswith("utf-16") or read_bom(response.body)[0]:
        return response
    codec = _utf16_codec(response.body)
    return response.replace(encoding=codec) if codec else None


def _declarations(response: TextResponse) -> list[TextResponse]:
    """The page read with the charset it declares (its BOM's, else its HTTP header's, else its <meta>'s),
    then, where its <meta> declares another, with that one: a server may send its default charset over
    the page's own (a GBK page whose header said utf-8 was bad_encoding, its <meta> unread). A <meta>
    declaring UTF-8 over bytes that are UTF-8 comes first: no other encoding's non-ASCII bytes read as
    UTF-8, while GB18030 reads UTF-8's as Chinese characters of no sense, with no U+FFFD to tell."""
    meta = html_body_declared_encoding(response.body)
    if meta is None or _codec(meta) == _codec(response.encoding):
        return [response]
    readings = [response, response.replace(encoding=meta)]
    return readings[::-1] if _codec(meta) == "utf-8" and _is_utf8(response.body) else readings


def _is_utf8(body: bytes) -> bool:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _readings(response: TextResponse, site_encoding: str | None) -> list[TextResponse]:
    """The readings of the page to try, in order: the charsets it declares (``_declarations``), then the
    site's configured encoding (on a page that declares no charset, only the site's: ``_guess`` follows)."""
    forced = [response.replace(encoding=site_encoding)] if site_encoding else []
    if not _declares_charset(response):
        return forced
    declared = [r for r in map(_as_declared, _declarations(response)) if r is not None]
    return [*declared, *forced]


def _codec(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return encoding


def _guesses(site_encoding: str | None, lang: str | None) -> list[str]:
    """The encodings to guess for a page that declares no charset (``GUESSES``), but the site's own."""
    if site_encoding is None:
        return list(GUESSES.get(lang or "", OTHER_GUESSES))
    return [name for name in OTHER_GUESSES if _codec(name) != _codec(site_encoding)]


# What no text holds: U+FFFD (bytes the encoding could not decode), control characters other than
# whitespace, and private-use characters (into which GB18030 reads random bytes, and Big5's commonest)
_UNREADABLE = re.compile(r"[\ufffd\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\ue000-\uf8ff\U000f0000-\U0010ffff]")


def unreadable_ratio(text: str) -> float:
    """The share of characters in ``text`` that no text holds (``_UNREADABLE``)."""
    return len(_UNREADABLE.findall(text)) / len(text) if text else 0.0


def _guess(response: TextResponse, site_encoding: str | None, lang: str | None) -> TextResponse | None:
    """The page, which declares no charset, read with the guess (``_guesses``) that leaves the fewest
    unreadable characters (the first of a tie: UTF-8 for ASCII), when they are few; None otherwise.
    Scrapy's own detection is not used: it may pick an encoding such as cp1125 that reads any bytes."""
    readings = [response.replace(encoding=name) for name in _guesses(site_encoding, lang)]
    ratio, best = min(
        ((unreadable_ratio(r.text), r) for r in readings), key=lambda x: x[0], default=(1.0, None)
    )
    return best if ratio <= MAX_REPLACEMENT_RATIO else None


CHINESE_CODECS = ("gb18030",)  # tried after the site's own encoding


def _chinese_declared_latin(
    response: TextResponse, site_encoding: str | None, lang: str | None
) -> TextResponse | None:
    """A Chinese site's page that declares a Latin charset (``text.decoding.LATIN_CHARSETS``) but whose
    bytes are Chinese in the site's encoding or GB18030 (``text.decoding.chinese_codec``): the page read
    in that encoding, else None (the declaration is believed)."""
    if lang != "zh" or not decodes(response) or _codec(response.encoding) not in LATIN_CHARSETS:
        return None
    names = dict.fromkeys(_codec(n) for n in (site_encoding, *CHINESE_CODECS) if n)
    found = chinese_codec(response.body, names)
    return None if found is None else response.replace(encoding=found)


def _false_bom(body: bytes) -> bytes:
    """The byte order mark that ``body`` begins with and its bytes belie, or b"": a UTF-16 one that no UTF-16
    markup follows (GBK or UTF-8 bytes, read as UTF-16, were characters of no markup: ``empty_body``), a
    UTF-8 one before bytes that UTF-8 reads with more U+FFFD than a clean reading holds
    (``MAX_REPLACEMENT_RATIO``: GBK bytes were ``bad_encoding``). A mark overrides every other reading."""
    encoding, bom = read_bom(body)
    if encoding == "utf-8":
        false = replacement_ratio(body[len(bom) :].decode("utf-8", "replace")) > MAX_REPLACEMENT_RATIO
    else:
        false = bool(encoding) and encoding.startswith("utf-16") and not _utf16_codec(body)
    return bom if false else b""


def _without_false_bom(response: TextResponse) -> TextResponse:
    """The page without a byte order mark its bytes belie (``_false_bom``), read as if it were not there;
    as it is otherwise."""
    if not (bom := _false_bom(response.body)):
        return response
    return response.replace(body=response.body[len(bom) :], encoding=None)


def decode_page(
    response: TextResponse, site_encoding: str | None, lang: str | None = None
) -> TextResponse | None:
    """The page decoded with the first of its readings (``_readings``) that reads it cleanly (few U+FFFD
    in a charset it declares; in the site's encoding, few ``unreadable_ratio`` characters, as in a guess),
    else, when it declares no charset, with a guess for a site in ``lang`` (``_guess``); None when none does
    (``response.encoding`` of the result says which was used). A Chinese page that declares a Latin
    charset is read as Chinese (``_chinese_declared_latin``), a byte order mark its bytes belie is dropped
    (``_without_false_bom``)."""
    response = _without_false_bom(response)
    if (chinese := _chinese_declared_latin(response, site_encoding, lang)) is not None:
        return chinese
    readings = _readings(response, site_encoding)
    own = len(readings) - bool(site_encoding)  # the page's own charsets, then the site's encoding
    clean = (  # the site's, as a guess: a Big5 page read as GBK is characters of private use, not U+FFFD
        r
        for n, r in enumerate(readings)
        if (replacement_ratio if n < own else unreadable_ratio)(r.text) <= MAX_REPLACEMENT_RATIO
    )
    decoded = next(clean, None)
    if decoded is None and not _declares_charset(response):
        return _guess(response, site_encoding, lang)
    return decoded


def _either(names: list[str]) -> str:
    return f"neither {' nor '.join(names)}" if len(names) > 1 else f"not {names[0]}"


def undecodable(response: TextResponse, site_encoding: str | None, lang: str | None = None) -> str:
    """Why ``decode_page`` found no clean reading of the page: no charset it declares, a charset that does
    not decode it (``decodes``) or a UTF-16 declaration its bytes belie, and the encodings tried."""
    response = _without_false_bom(response)
    if not _declares_charset(response):
        tried = [f"{site_encoding} (the site's encoding)"] if site_encoding else []
        tried += [name.upper() for name in _guesses(site_encoding, lang)]
        advice = "" if site_encoding else " (set the site's encoding in the config)"
        return f"declares no known charset, and its bytes are {_either(tried)}{advice}"
    tried = ", ".join(dict.fromkeys(r.encoding for r in _readings(response, site_encoding)))
    undecoded = f"too many undecodable bytes with {tried}" if tried else "no site encoding to try instead"
    if not decodes(response):
        return f"declares charset {response.encoding}, which does not decode it to text; {undecoded}"
    if _as_declared(response) is None:
        return f"declares {response.encoding}, but its bytes hold no UTF-16 markup; {undecoded}"
    return undecoded


def cut_off(response: TextResponse) -> str | None:
    """Why the parsed page is not the whole page, or None: its elements nest as deep as the HTML parser
    reads (``PARSER_DEPTH``), so everything after the deepest one is gone."""
    if response.text.count("<") < PARSER_DEPTH:  # fewer tags than that cannot nest so deep
        return None
    depth = 0
    for event, _ in etree.iterwalk(response.selector.root, events=("start", "end")):
        depth += 1 if event == "start" else -1
        if depth >= PARSER_DEPTH:
            return f"elements nested {PARSER_DEPTH:,} deep: the HTML parser reads no further"
    return None


# The <title> of a server's or a site's error page sent as HTTP 200 (a "soft 404"): an error status alone
# ("404", "Error 500"), or the words of one, after its status or not, alone or before a separator ("404 Not
# Found - Site", "页面不存在"). A chapter's page is titled by its chapter: its number follows a word
# ("Chapter 404"), and words follow its first ("Forbidden Garden").
MAX_TITLE = 200  # characters of a <title> read: an error page's is short
_ERROR_TITLE = re.compile(
    r"\W*(?:error\s*)?[45]\d\d\W*"
    r"|\W*(?:(?:error\s*)?[45]\d\d\b\W*)?(?:(?:page\s+)?not\s+found|forbidden|internal\s+server\s+error"
    r"|service\s+(?:temporarily\s+)?unavailable|bad\s+gateway|页面不存在|页面未找到|找不到(?:该|此)?页面)"
    r"(?:\s*[-|–—:·_(（].*|\W*)",
    re.IGNORECASE | re.DOTALL,
)


def error_title(response: TextResponse) -> str | None:
    """The <title> of a page that says it is an error page (``_ERROR_TITLE``), or None."""
    first = response.css("title")[:1]
    title = " ".join(" ".join(first.css("::text").getall()).split())[:MAX_TITLE]
    return title if _ERROR_TITLE.fullmatch(title) else None


def parse_toc(response: TextResponse, selectors: Selectors) -> TocPage:
    """The page's chapter links, each made absolute; a link to no page (``crawlers.links.leads_to_a_page``:
    a locked chapter's placeholder, ``<a href="">``) keeps its href as written, so that its chapter is
    rejected by name in its place, never skipped without a word."""
    chapters = []
    for node in response.css(selectors.chapter_links):
        href = _href(node)  # a string ("::attr(href)") has no attributes: it stopped the crawl
        chapters.append((_join(response, href) if leads_to_a_page(href) else href, _text(node)))
    return TocPage(chapters=chapters, next_page=_link(response, selectors.toc_next))


def _outermost(nodes: SelectorList) -> list[Selector]:
    """The selected elements in document order, but none inside another (``crawlers.nesting``): read for
    each nested one too, a body of elements nested a few thousand deep (which the selector all picks)
    repeated its text and took time cubic in the depth: 2,000 deep, 16 s a page."""
    if len(nodes) < 2 or not all(isinstance(node.root, etree._Element) for node in nodes):
        return list(nodes)  # text nodes (a selector ending ::text) nest in nothing
    selected = {node.root: node for node in nodes}
    return [selected[e] for e in outermost(nodes[0].root.getroottree().getroot(), selected.__contains__)]


def parse_chapter(response: TextResponse, selectors: Selectors) -> ChapterPage:
    title_node = response.css(selectors.title)
    title = _text(title_node[0]) if title_node else ""
    nodes = _outermost(response.css(selectors.body))
    paragraphs = [text for node in nodes for text in _paragraphs(node)]
    return ChapterPage(title=title, paragraphs=paragraphs, next_part=_link(response, selectors.body_next))
