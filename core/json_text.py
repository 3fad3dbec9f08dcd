"""JSON as text files hold it: a string with a lone surrogate escape ("\\ud800", valid JSON) is refused
when read, since no UTF-8 file, Parquet table or spaCy string can hold it (it would fail later, far from
its file). JSON Lines are read line by line, a problem named by its line."""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any

# what a lone surrogate can come from: a \uD800-\uDFFF escape, or such a character in the text itself
_MAY_HOLD_ONE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


class JsonProblem(ValueError):
    """JSON text that cannot be read (a ValueError, as ``json.JSONDecodeError`` is); the message says why
    in one line, in the file's terms rather than Python's."""


class LoneSurrogate(JsonProblem):
    """A JSON string holds a lone surrogate."""


class JsonLineProblem(JsonProblem):
    """A line of JSON Lines that cannot be read: its number (from 1) and why, in one line."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def loads(text: str) -> Any:
    """``json.loads``; ``json.JSONDecodeError`` for text that is not JSON, and ``JsonProblem`` for JSON nested
    too deeply for Python's parser (a RecursionError), a number of more digits than Python converts (a
    ValueError naming ``sys.set_int_max_str_digits``) and a string that holds a lone surrogate."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise JsonProblem("nested too deeply") from None
    except ValueError:  # the only other ValueError json raises: int() refusing a number that long
        raise JsonProblem(f"a number of more than {sys.get_int_max_str_digits():,} digits") from None
    if not _MAY_HOLD_ONE.search(text):  # the common case: no second pass over the value
        return value
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        raise LoneSurrogate(
            f"a string holds a lone surrogate (\\u{ord(err.object[err.start]):04x}), which is no character"
        ) from None
    return value


def json_lines(lines: Iterable[str]) -> Iterator[tuple[int, Any]]:
    """(line number, value) of every line of JSON Lines that is not blank; ``JsonLineProblem`` for the first
    that is not JSON (the decoder's own "line 1" is the line's), or that ``loads`` refuses."""
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            value = loads(line)
        except json.JSONDecodeError as err:
            raise JsonLineProblem(number, f"not JSON ({err.msg}, column {err.colno})") from None
        except JsonProblem as err:
            raise JsonLineProblem(number, f"cannot be read: {err}") from None
        yield number, value


def json_digest(value: Any) -> str:
    """SHA-256 of a JSON value by its canonical text (sorted keys, compact separators, UTF-8): the same
    before and after a round trip through a file, whatever the key order or spacing there."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
