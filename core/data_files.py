"""The bundled data files that users may edit (word lists and tables such as ``cohesion/data/*.txt``):
their entry lines, with a hand-edit mistake a one-line ``DataFileError`` naming the file and the line.

Tolerated as harmless: a byte order mark, CRLF line ends or CR alone, blank lines, comment lines (``#``, indented
too) and spaces around a line or a column. A missing file, bytes that are not UTF-8 and a row with the
wrong number of tab-separated columns are errors; so are, through the helpers, a value a column does not
allow and a key that a table gives twice with two values (it would silently keep the last)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from core.lines import split_text_lines
from core.paths import REPO_ROOT


class DataFileError(OSError):
    """A bundled data file that is missing or malformed; the message is one line naming it. An OSError, as a
    file of the language data that cannot be read is: every command reports it in one line."""


def problem(path: Path, line: int | None, what: str) -> DataFileError:
    """The error for ``what`` is wrong in ``path`` (at ``line``, counted from 1, where one is to blame)."""
    shown = path.relative_to(REPO_ROOT).as_posix() if path.is_relative_to(REPO_ROOT) else str(path)
    return DataFileError(f"{shown}:{line}: {what}" if line else f"{shown}: {what}")


def rows(path: Path, columns: int = 1) -> list[tuple[int, list[str]]]:
    """(line number, its ``columns`` tab-separated fields, stripped) per entry line of ``path``."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise problem(path, None, "the file is missing (restore it from git)") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise problem(
            path, line, f"byte {data[err.start]:#04x} is not UTF-8 (save the file as UTF-8)"
        ) from None
    found = []
    for number, raw in enumerate(split_text_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [field.strip() for field in line.split("\t")]
        if len(fields) != columns:
            expected = "one entry, no tab" if columns == 1 else f"{columns} tab-separated columns"
            raise problem(
                path, number, f"expected {expected}, got {len(fields)} column{'s' * (len(fields) != 1)}"
            )
        found.append((number, fields))
    return found


def one_of(path: Path, line: int, column: str, value: str, allowed: Iterable[str]) -> str:
    """``value``, the ``column`` of ``line``; DataFileError when it is not one of ``allowed``."""
    allowed = tuple(allowed)
    if value not in allowed:
        raise problem(path, line, f"{column} {value!r} is not one of {', '.join(allowed)}")
    return value


def no_conflicts(path: Path, entries: Iterable[tuple[int, str, object]]) -> None:
    """DataFileError for a key (given per line, with its value) that a later line gives another value (the
    table would silently keep the last); the same entry twice is harmless."""
    first: dict[str, tuple[int, object]] = {}
    for line, key, value in entries:
        if key in first and first[key][1] != value:
            raise problem(
                path, line, f"{key} again, otherwise than on line {first[key][0]}; keep one of the two"
            )
        first.setdefault(key, (line, value))
