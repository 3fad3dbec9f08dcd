"""The config's ``books:``: each book's id, titles and, per language, the site that publishes it and where."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

from core.rejection import quoted
from crawlers.origins import origin
from crawlers.profile import Site
from pipeline.config_reader import Reader
from pipeline.config_sites import LANGS, no_credentials


@dataclass(frozen=True)
class BookSource:
    site: str
    toc: str  # table-of-contents URL, relative to the site's base URL or absolute


@dataclass(frozen=True)
class Book:
    book_id: str
    title_zh: str
    title_en: str
    genre: str
    sources: dict[str, BookSource]  # lang -> where the book is published in that language


_BOOK_KEYS = {"id", "title_zh", "title_en", "genre", "zh", "en"}
RESERVED_IDS = frozenset({"corpus"})  # what corpus-wide tasks (dedup, the summary) report under
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def _file_path(r: Reader, value: Any, where: str) -> str:
    """A local source's toc: its file's path, relative to the config's folder (or absolute), not a URL."""
    path = r.one_line(value, where)
    if _SCHEME.match(path.strip()):
        raise r.fail(
            where,
            f"expected the path of the book's file (relative to the config's folder), got the URL {quoted(value)}",
        )
    return path


def _toc(r: Reader, value: Any, where: str, site: Site) -> str:
    """A table-of-contents URL: a path relative to the site's base URL, or an http(s) URL on its origins."""
    toc = r.one_line(value, where).strip()
    try:
        url = urljoin(site.url, toc)
    except ValueError:  # e.g. an unclosed IPv6 host, 'http://[::1'
        url = ""
    if origin(url) not in site.origins:
        raise r.fail(
            where,
            f"expected a path relative to {site.url} or an http(s) URL on "
            f"{', '.join(site.origins)}, got {quoted(value)}",
        )
    no_credentials(r, value, where, url)
    return toc


def read_book(r: Reader, i: int, raw: Any, sites: dict[str, Site]) -> Book:
    where = f"books[{i}]"
    raw = r.mapping(raw, where, _BOOK_KEYS, {"id", "zh", "en"})
    book_id = r.ident(raw["id"], f"{where}.id")
    if book_id in RESERVED_IDS:
        raise r.fail(
            f"{where}.id",
            f"{quoted(book_id)} is reserved: corpus-wide tasks (dedup, the summary) report under that name",
        )
    sources = {}
    for lang in LANGS:
        src = r.mapping(raw[lang], f"{where}.{lang}", {"site", "toc"}, {"site", "toc"})
        site = r.text(src["site"], f"{where}.{lang}.site")
        if site not in sites:
            raise r.fail(
                f"{where}.{lang}.site", f"unknown site {quoted(site)} (known: {', '.join(sorted(sites))})"
            )
        if sites[site].lang != lang:
            raise r.fail(
                f"{where}.{lang}.site",
                f"site {quoted(site)} publishes {quoted(sites[site].lang)}, not {quoted(lang)}",
            )
        toc = f"{where}.{lang}.toc"
        local = sites[site].kind != "web"  # a local source's toc is its file, relative to the config
        sources[lang] = BookSource(
            site=site, toc=_file_path(r, src["toc"], toc) if local else _toc(r, src["toc"], toc, sites[site])
        )
    return Book(
        book_id=book_id,
        title_zh=r.scalar_text(raw.get("title_zh"), f"{where}.title_zh"),
        title_en=r.scalar_text(raw.get("title_en"), f"{where}.title_en"),
        genre=r.scalar_text(raw.get("genre"), f"{where}.genre"),
        sources=sources,
    )
