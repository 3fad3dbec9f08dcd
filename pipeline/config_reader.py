"""Reading a parsed config file: each value checked, each problem a ``ConfigError`` naming the file, the field
(as a dotted path) and the problem."""

from __future__ import annotations

import datetime
import difflib
import math
import re
from pathlib import Path
from typing import Any

from core.arg_types import has_control_character
from core.files import os_problem
from core.rejection import quoted, shorten

SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
# half of a UTF-16 pair, which YAML's \u escapes can write alone: no UTF-8 file name or table holds one
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class ConfigError(ValueError):
    """A configuration file is invalid; the message names the file, field and problem."""


class Reader:
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
        return self.encodable(value, where)

    def encodable(self, value: str, where: str) -> str:
        """``value``, unless it holds a lone surrogate (``"\\ud800"``): a book whose file name or title held
        one failed its crawl, or the books table, with a UnicodeEncodeError."""
        if surrogate := LONE_SURROGATE.search(value):
            raise self.fail(
                where,
                f"{quoted(value)} holds U+{ord(surrogate.group()):04X}, half of a UTF-16 pair (a \\u escape), "
                "which no file name or table can hold",
            )
        return value

    def one_line(self, value: Any, where: str) -> str:
        """``text`` without a line break or another control character inside (edges may be blank): a URL's
        are dropped as it is requested (``urlsplit``), so the URL recorded was not the one crawled, and a
        file name's cut every message naming it in two."""
        return self.no_control(self.text(value, where), where)

    def no_control(self, value: str, where: str) -> str:
        """``value``, unless a line break or another control character is inside it (edges may be blank)."""
        if has_control_character(value.strip()):
            raise self.fail(where, f"{quoted(value)} holds a line break or another control character")
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
        """An optional plain value (a title, a genre) as text: a string or number, never a list or mapping, nor
        holding a NUL, a line break or another control character inside (the report's tables and charts
        showed them raw: a NUL made index.md a binary file, an escape sequence drove the terminal)."""
        if value is None:
            return ""
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise self.fail(
                where, f"expected a string, got {type(value).__name__} {quoted(value)}{_quote_hint(value)}"
            )
        return self.no_control(self.encodable(str(value), where), where)

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
    if isinstance(value, dict) and len(value) == 1:
        return " (YAML reads unquoted text holding ': ' or ending in ':' as a mapping: quote it)"
    if isinstance(value, list) and len(value) == 1:
        return " (YAML reads unquoted text in [ ] as a list: quote it)"
    return ""


def existing_folder(r: Reader, path: Path, where: str) -> Path:
    """``path`` resolved, a folder; a config error where it is none (missing, a file, a symbolic link loop)
    or cannot be looked at (a name too long, a folder above it of no permission: an OSError traceback)."""
    folder = resolved(r, path, where, str(path))
    try:
        if folder.is_dir():
            return folder
        exists = folder.exists()
    except OSError as err:
        raise r.fail(where, f"{shorten(str(folder))}: {os_problem(err)}") from None
    raise r.fail(where, f"{folder} is not a folder" if exists else f"folder {folder} does not exist")


def resolved(r: Reader, path: Path, where: str, shown: str) -> Path:
    """``path`` resolved; a config error of field ``where``, naming the path as ``shown``, where it is a
    symbolic link that loops."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # a symbolic link loop (RuntimeError before Python 3.13)
        raise r.fail(where, f"{shown} is a symbolic link that loops, not a folder") from None
