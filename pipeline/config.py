"""The pipeline's one configuration file: sites (crawl profiles) and books, validated with clear errors.

Every error names the file, the field (as a dotted path) and the problem, e.g.
``config/real.yaml: books[2].zh.site: unknown site 'foo' (known: jade-library, moonlit)``.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pipeline.langdata import REPO_ROOT

SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
LANGS = ("zh", "en")


class ConfigError(ValueError):
    """A configuration file is invalid; the message names the file, field and problem."""


@dataclass(frozen=True)
class Selectors:
    """CSS selectors (Scrapy/parsel syntax) that locate the parts of a site's pages."""

    chapter_links: str  # on a table-of-contents page: the chapter links, in reading order
    toc_next: str | None  # on a table-of-contents page: the link to its next page
    title: str  # on a chapter page: the chapter title text
    body: str  # on a chapter page: the body paragraphs
    body_next: str | None  # on a chapter page: the link to the next page of the same chapter


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
    concurrency: int = 1  # parallel requests to this site
    boilerplate: tuple[str, ...] = ()  # regexes of site-specific lines to strip in cleaning
    obey_robots: bool = True
    timeout: float = 30.0  # seconds before a request is abandoned (then retried with backoff)
    max_page_bytes: int = 8 * 1024 * 1024  # larger pages are refused and recorded as too_large
    kind: str = "web"  # "web", or a local file named by each book's toc: "epub" or "text" (crawlers.local)
    heading: str | None = None  # kind text: the chapter-heading regex (default: crawlers.textbook)


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


@dataclass(frozen=True)
class Config:
    path: Path
    output: Path
    sites: dict[str, Site]
    books: tuple[Book, ...]
    options: dict[str, Any] = field(default_factory=dict)  # stage options (filters, split, ...)

    def book(self, book_id: str) -> Book:
        for book in self.books:
            if book.book_id == book_id:
                return book
        raise KeyError(f"{self.path}: no book {book_id!r}")


class _Reader:
    """Walks the parsed YAML and raises ConfigError with the file and the field path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ConfigError:
        return ConfigError(f"{self.path}: {where}: {problem}")

    def mapping(self, value: Any, where: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a mapping, got {type(value).__name__}")
        unknown = sorted(set(value) - allowed)
        if unknown:
            raise self.fail(f"{where}.{unknown[0]}", f"unknown key (allowed: {', '.join(sorted(allowed))})")
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(f"{where}.{missing[0]}", "required key is missing")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected a non-empty string, got {value!r}")
        return value

    def number(self, value: Any, where: str, minimum: float) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or value < minimum:
            raise self.fail(where, f"expected a number >= {minimum}, got {value!r}")
        return value

    def ident(self, value: Any, where: str) -> str:
        value = self.text(value, where)
        if not SAFE_ID.match(value):
            raise self.fail(where, f"{value!r} is not a safe id (lower-case letters, digits, '-', '_'; max 64)")
        return value


_SITE_KEYS = {"kind", "lang", "url", "serve", "selectors", "encoding", "delay", "concurrency", "boilerplate", "obey_robots",
              "timeout", "max_page_bytes"}
_SELECTOR_KEYS = {"chapter_links", "toc_next", "title", "body", "body_next"}
_BOOK_KEYS = {"id", "title_zh", "title_en", "genre", "zh", "en"}


_LOCAL_KINDS = ("epub", "text")
_LOCAL_KEYS = {"kind", "lang", "encoding", "heading", "boilerplate"}


def _local_site(r: _Reader, name: str, raw: dict[str, Any]) -> Site:
    """A local source: an EPUB or a .txt file per book (the book's ``toc`` is its path)."""
    where = f"sites.{name}"
    raw = r.mapping(raw, where, _LOCAL_KEYS, {"kind", "lang"})
    if raw["kind"] not in _LOCAL_KINDS:
        raise r.fail(f"{where}.kind", f"must be web, {' or '.join(_LOCAL_KINDS)}, got {raw['kind']!r}")
    if raw["lang"] not in LANGS:
        raise r.fail(f"{where}.lang", f"must be one of {', '.join(LANGS)}, got {raw['lang']!r}")
    boilerplate = raw.get("boilerplate") or []
    if not isinstance(boilerplate, list):
        raise r.fail(f"{where}.boilerplate", "expected a list of regular expressions")
    patterns = {f"boilerplate[{i}]": pattern for i, pattern in enumerate(boilerplate)}
    if raw.get("heading") is not None:
        patterns["heading"] = raw["heading"]
    for key, pattern in patterns.items():
        try:
            re.compile(r.text(pattern, f"{where}.{key}"))
        except re.error as err:
            raise r.fail(f"{where}.{key}", f"invalid regular expression: {err}") from None
    if raw.get("encoding") is not None:
        try:
            codecs.lookup(r.text(raw["encoding"], f"{where}.encoding"))
        except LookupError:
            raise r.fail(f"{where}.encoding", f"unknown encoding {raw['encoding']!r}") from None
    return Site(name=name, lang=raw["lang"], url="file:///", serve=None, selectors=None,  # type: ignore[arg-type]
                encoding=raw.get("encoding"), boilerplate=tuple(boilerplate), kind=raw["kind"],
                heading=raw.get("heading"))


def _site(r: _Reader, name: str, raw: Any, base_dir: Path) -> Site:
    where = f"sites.{name}"
    if isinstance(raw, dict) and raw.get("kind", "web") != "web":
        return _local_site(r, r.ident(name, where), raw)
    r.ident(name, where)
    raw = r.mapping(raw, where, _SITE_KEYS, {"lang", "url", "selectors"})
    lang = r.text(raw["lang"], f"{where}.lang")
    if lang not in LANGS:
        raise r.fail(f"{where}.lang", f"must be one of {', '.join(LANGS)}, got {lang!r}")
    url = r.text(raw["url"], f"{where}.url")
    if not re.match(r"^https?://[^/\s]+", url):
        raise r.fail(f"{where}.url", f"expected an http(s) URL, got {url!r}")
    serve = None
    if "serve" in raw:
        serve = (base_dir / r.text(raw["serve"], f"{where}.serve")).resolve()
        if not serve.is_dir():
            raise r.fail(f"{where}.serve", f"folder {serve} does not exist")
    sel = r.mapping(raw["selectors"], f"{where}.selectors", _SELECTOR_KEYS, {"chapter_links", "title", "body"})
    selectors = Selectors(
        chapter_links=r.text(sel["chapter_links"], f"{where}.selectors.chapter_links"),
        toc_next=sel.get("toc_next"),
        title=r.text(sel["title"], f"{where}.selectors.title"),
        body=r.text(sel["body"], f"{where}.selectors.body"),
        body_next=sel.get("body_next"),
    )
    boilerplate = raw.get("boilerplate", [])
    if not isinstance(boilerplate, list):
        raise r.fail(f"{where}.boilerplate", "expected a list of regular expressions")
    for i, pattern in enumerate(boilerplate):
        try:
            re.compile(r.text(pattern, f"{where}.boilerplate[{i}]"))
        except re.error as err:
            raise r.fail(f"{where}.boilerplate[{i}]", f"invalid regular expression: {err}") from None
    encoding = raw.get("encoding")
    if encoding is not None:
        import codecs

        try:
            codecs.lookup(r.text(encoding, f"{where}.encoding"))
        except LookupError:
            raise r.fail(f"{where}.encoding", f"unknown encoding {encoding!r}") from None
    return Site(
        name=name,
        lang=lang,
        url=url.rstrip("/") + "/",
        serve=serve,
        selectors=selectors,
        encoding=encoding,
        delay=float(r.number(raw.get("delay", 1.0), f"{where}.delay", 0)),
        concurrency=int(r.number(raw.get("concurrency", 1), f"{where}.concurrency", 1)),
        boilerplate=tuple(boilerplate),
        obey_robots=bool(raw.get("obey_robots", True)),
        timeout=float(r.number(raw.get("timeout", 30.0), f"{where}.timeout", 0.1)),
        max_page_bytes=int(r.number(raw.get("max_page_bytes", 8 * 1024 * 1024), f"{where}.max_page_bytes", 1024)),
    )


def _book(r: _Reader, i: int, raw: Any, sites: dict[str, Site]) -> Book:
    where = f"books[{i}]"
    raw = r.mapping(raw, where, _BOOK_KEYS, {"id", "zh", "en"})
    book_id = r.ident(raw["id"], f"{where}.id")
    sources = {}
    for lang in LANGS:
        src = r.mapping(raw[lang], f"{where}.{lang}", {"site", "toc"}, {"site", "toc"})
        site = r.text(src["site"], f"{where}.{lang}.site")
        if site not in sites:
            raise r.fail(f"{where}.{lang}.site", f"unknown site {site!r} (known: {', '.join(sorted(sites))})")
        if sites[site].lang != lang:
            raise r.fail(f"{where}.{lang}.site", f"site {site!r} publishes {sites[site].lang!r}, not {lang!r}")
        sources[lang] = BookSource(site=site, toc=r.text(src["toc"], f"{where}.{lang}.toc"))
    return Book(
        book_id=book_id,
        title_zh=str(raw.get("title_zh", "")),
        title_en=str(raw.get("title_en", "")),
        genre=str(raw.get("genre", "")),
        sources=sources,
    )


OUTPUT_ROOT = REPO_ROOT / "output"


def _output_folder(r: _Reader, value: Any) -> Path:
    """The config's output folder, which must lie inside the repository's ``output/``.

    A config never makes the pipeline write elsewhere; to write to another place (shared storage
    for several machines, a scratch disk) the user says so on the command line: ``--output DIR``.
    """
    folder = (REPO_ROOT / r.text(value, "output")).resolve()
    if folder != OUTPUT_ROOT and OUTPUT_ROOT not in folder.parents:
        raise r.fail("output", f"{value!r} is outside {OUTPUT_ROOT}; use --output DIR to write elsewhere")
    return folder


def load_config(path: Path | str) -> Config:
    """Read and validate a pipeline config file."""
    path = Path(path)
    r = _Reader(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: file not found") from None
    except yaml.YAMLError as err:
        raise ConfigError(f"{path}: not valid YAML: {err}") from None
    raw = r.mapping(raw, "(top level)", {"output", "sites", "books", "options"}, {"sites", "books"})
    if not isinstance(raw["sites"], dict) or not raw["sites"]:
        raise r.fail("sites", "expected a non-empty mapping of site name -> profile")
    base_dir = path.resolve().parent
    sites = {name: _site(r, name, value, base_dir) for name, value in raw["sites"].items()}
    if not isinstance(raw["books"], list) or not raw["books"]:
        raise r.fail("books", "expected a non-empty list of books")
    books = tuple(_book(r, i, value, sites) for i, value in enumerate(raw["books"]))
    seen: set[str] = set()
    for i, book in enumerate(books):
        if book.book_id in seen:
            raise r.fail(f"books[{i}].id", f"duplicate book id {book.book_id!r}")
        seen.add(book.book_id)
    output = _output_folder(r, raw.get("output", "output"))
    options = raw.get("options", {}) or {}
    if not isinstance(options, dict):
        raise r.fail("options", "expected a mapping")
    return Config(path=path, output=output, sites=sites, books=books, options=options)
