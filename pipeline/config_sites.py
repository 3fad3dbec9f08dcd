"""The config's ``sites:``: each site profile (a website to crawl, or a local EPUB or text source) read and
checked, key by key, into a ``crawlers.profile.Site``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import regex
from cssselect import SelectorError
from parsel.csstranslator import HTMLTranslator

from core.rejection import quoted, shorten
from core.user_regex import compile_user
from crawlers.limits import Caps
from crawlers.origins import origin
from crawlers.profile import Selectors, Site
from pipeline.config_reader import Reader, existing_folder
from text.decoding import text_codec

LANGS = ("zh", "en")
_SELECTOR_KEYS = {"chapter_links", "toc_next", "title", "body", "body_next"}
_LINK_KEYS = ("chapter_links", "toc_next", "body_next")  # selectors of links: elements or their ::attr(href)
_PSEUDO_ELEMENT = re.compile(r"::[\w-]+(?:\([^)]*\))?\s*$")
_CSS = HTMLTranslator()


def _lang(r: Reader, value: Any, where: str, base_dir: Path) -> str:
    if r.text(value, where) not in LANGS:
        raise r.fail(where, f"must be one of {', '.join(LANGS)}, got {quoted(value)}")
    return value


def no_credentials(r: Reader, value: Any, where: str, url: str) -> None:
    """A config error for an http(s) URL holding a user name or password (``url``, read from ``value``):
    the crawler does not send them, and its robots.txt failed as forbidden ("invalid hostname")."""
    if urlsplit(url.strip()).username is not None:
        raise r.fail(where, f"a user name or password in {quoted(value)}, which the crawler does not send")


def _url(r: Reader, value: Any, where: str, base_dir: Path) -> str:
    """A site's base URL: http(s), on a host the crawler can request (its robots.txt, read first, failed as
    forbidden for a user name in the URL, and as a DNS lookup for an IPv6 address)."""
    if origin(r.one_line(value, where)) is None:
        raise r.fail(where, f"expected an http(s) URL, got {quoted(value)}")
    no_credentials(r, value, where, value)
    if ":" in (urlsplit(value.strip()).hostname or ""):
        raise r.fail(
            where, f"an IPv6 address in {quoted(value)}, which the crawler cannot look up: use a host name"
        )
    return value.strip().rstrip("/") + "/"


def _serve(r: Reader, value: Any, where: str, base_dir: Path) -> Path:
    return existing_folder(r, base_dir / r.text(value, where), where)


def _css(r: Reader, value: Any, where: str) -> str:
    """A CSS selector that parsel can compile (an invalid one is a config error, not a failed crawl)."""
    try:
        _CSS.css_to_xpath(r.text(value, where))
    except SelectorError as err:
        raise r.fail(where, f"invalid CSS selector {quoted(value)}: {err}") from None
    except RecursionError:  # cssselect translates each combinator a level deeper: 20,000 was a traceback
        raise r.fail(where, f"invalid CSS selector {quoted(value)}: nested too deeply to translate") from None
    return value


def _selectors(r: Reader, value: Any, where: str, base_dir: Path) -> Selectors:
    sel = r.mapping(value, where, _SELECTOR_KEYS, {"chapter_links", "title", "body"})
    selectors = {key: _css(r, sel[key], f"{where}.{key}") if key in sel else None for key in _SELECTOR_KEYS}
    for key, css in selectors.items():
        picked = _PSEUDO_ELEMENT.search(css or "")
        if picked is None:
            continue
        what = picked.group().strip()
        if key in _LINK_KEYS and what.replace(" ", "") != "::attr(href)":  # text is no URL to request
            raise r.fail(
                f"{where}.{key}",
                f"{quoted(css)} picks {what}, not links: select the <a> elements (or their ::attr(href))",
            )
        if what == "::text":  # an element's own text nodes: "<b>"'s words, a line after "<br>", are others
            raise r.fail(
                f"{where}.{key}",
                f"{quoted(css)} picks ::text, the text directly inside only (not that of <b>, <i> or <a> within"
                "): select the elements, whose text is read whole",
            )
    return Selectors(**selectors)


def _encoding(r: Reader, value: Any, where: str, base_dir: Path) -> str:
    """A text encoding Python knows (``rot13`` and ``base64`` are codecs, but not of bytes to text, and
    ``unicode_escape`` reads no charset: ``text.decoding.text_codec``), without the blanks at its edges (a
    YAML '|' block's line break, which Python's codec lookup ignores, stood in every message naming it)."""
    name = r.one_line(value, where).strip()
    try:
        text_codec(name)
    except ValueError as err:
        advice = " (e.g. utf-8, gbk, gb18030, big5)" if str(err).endswith("not a text encoding") else ""
        raise r.fail(where, f"{err}{advice}") from None
    return name


def _pattern(r: Reader, value: Any, where: str) -> str:
    """A regular expression, compiled as it will run (``core.user_regex``), without a line break: it is
    searched in one line, which holds none, so it never matched (a YAML block scalar, ``|``, ends in one)."""
    if r.text(value, where).splitlines() != [value]:
        raise r.fail(
            where,
            f"{quoted(value)} holds a line break, which no line holds, so it would never match "
            "(write it on one line, quoted; a YAML '|' block ends in a line break: use '|-')",
        )
    try:
        compile_user(value)
    except (regex.error, re.error, OverflowError, RecursionError) as err:
        raise r.fail(where, f"invalid regular expression: {err}") from None
    return value


def _boilerplate(r: Reader, value: Any, where: str, base_dir: Path) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise r.fail(where, "expected a list of regular expressions")
    return tuple(_pattern(r, pattern, f"{where}[{i}]") for i, pattern in enumerate(value))


def _origins(r: Reader, value: Any, where: str, base_dir: Path) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise r.fail(where, "expected a list of http(s) origins (scheme://host[:port])")
    found = []
    for i, url in enumerate(value):
        allowed = origin(r.one_line(url, f"{where}[{i}]"))
        if allowed is None:
            raise r.fail(
                f"{where}[{i}]", f"expected an http(s) origin (scheme://host[:port]), got {quoted(url)}"
            )
        no_credentials(r, url, f"{where}[{i}]", url)  # dropped from the origin, never sent
        found.append(allowed)
    return tuple(found)


def _number(minimum: float, maximum: float, kind: type) -> Any:
    read = {int: Reader.whole, float: Reader.number}[kind]
    return lambda r, value, where, base_dir: kind(read(r, value, where, minimum, maximum))


# Every key of a site profile and how its value is read and checked, in one place: key -> reader
# (reader, value, field path, the config's folder) -> the ``Site`` field of the same name.
_SITE_FIELDS: dict[str, Any] = {
    "lang": _lang,
    "url": _url,
    "serve": _serve,
    "selectors": _selectors,
    "encoding": _encoding,
    "delay": _number(0, 600, float),  # seconds; beyond ten minutes a crawl only looks hung
    "concurrency": _number(1, 64, int),
    "boilerplate": _boilerplate,
    "obey_robots": lambda r, value, where, base_dir: r.flag(value, where),
    "download_timeout": _number(0.1, 3600, float),
    "max_page_bytes": _number(1024, 1024**3, int),
    "max_toc_pages": _number(1, Caps.chapters, int),  # a page lists a chapter at least
    "allowed_origins": _origins,
}


_LOCAL_KINDS = ("epub", "text")


# A local source (an EPUB or a .txt file per book; the book's ``toc`` is its path): its keys and readers.
_LOCAL_FIELDS: dict[str, Any] = {
    "lang": _lang,
    "encoding": _encoding,
    "boilerplate": _boilerplate,
    "heading": lambda r, value, where, base_dir: _pattern(r, value, where),
}


# Keys of a local source that only a text file uses, and why an EPUB has no need of them.
_TEXT_ONLY = {
    "encoding": "an EPUB's documents declare their own",
    "heading": "an EPUB's chapters are its spine items",
}


def _local_site(r: Reader, name: str, raw: dict[str, Any], base_dir: Path) -> Site:
    where = f"sites.{shorten(str(name))}"
    raw = r.mapping(raw, where, {"kind", *_LOCAL_FIELDS}, {"kind", "lang"})
    if raw["kind"] == "epub" and (unread := sorted(set(_TEXT_ONLY) & set(raw))):
        raise r.fail(f"{where}.{unread[0]}", f"only read for kind text ({_TEXT_ONLY[unread[0]]})")
    values = {
        key: read(r, raw[key], f"{where}.{key}", base_dir)
        for key, read in _LOCAL_FIELDS.items()
        if key in raw
    }
    return Site(name=name, url="file:///", serve=None, selectors=None, kind=raw["kind"], **values)  # type: ignore[arg-type]


def read_site(r: Reader, name: str, raw: Any, base_dir: Path) -> Site:
    where = f"sites.{shorten(str(name))}"
    r.ident(name, where)
    if isinstance(raw, dict) and "kind" in raw:
        if raw["kind"] not in ("web", *_LOCAL_KINDS):  # before its keys, which depend on the kind
            raise r.fail(
                f"{where}.kind", f"must be web, {' or '.join(_LOCAL_KINDS)}, got {quoted(raw['kind'])}"
            )
        if raw["kind"] != "web":
            return _local_site(r, name, raw, base_dir)
        raw = {key: value for key, value in raw.items() if key != "kind"}
    raw = r.mapping(raw, where, set(_SITE_FIELDS), {"lang", "url", "selectors"})
    values = {
        key: read(r, raw[key], f"{where}.{key}", base_dir) for key, read in _SITE_FIELDS.items() if key in raw
    }
    return Site(name=name, **{"serve": None, **values})
