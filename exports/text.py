"""Text helpers shared by the line-based exports."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

# Everything str.splitlines() breaks on, so a value always stays on one line for line-based readers.
_LINE_BREAKS = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]+")


# C0 and C1 controls but tab and line feed, and the bidirectional marks and overrides: printed raw, a
# terminal would act on them (escape sequences, carriage return, text shown reversed)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\x1b``, ``\\u202e``)."""
    return _CONTROLS.sub(lambda m: ascii(m.group())[1:-1], text)


def one_line(text: str | None) -> str:
    """``text`` with line breaks replaced by a space, stripped ("" for None)."""
    return _LINE_BREAKS.sub(" ", text or "").strip()


def merge_empty_sides(beads: Iterable[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(zh, en) lines of a chapter where no side is empty: a one-sided bead joins the previous bead
    (the next one at the start of a chapter); zh is joined without separator, en with a space.

    Keeps every sentence of the chapter and the line alignment, as BWB's release does. A chapter
    without any two-sided bead gives no lines.
    """
    lines: list[tuple[list[str], list[str]]] = []
    pending: tuple[list[str], list[str]] = ([], [])
    for bead in beads:
        zh, en = one_line(bead["zh"]), one_line(bead["en"])
        if zh and en:
            lines.append(([*pending[0], zh], [*pending[1], en]))
            pending = ([], [])
        else:
            target = lines[-1] if lines else pending
            target[0].extend([zh] if zh else [])
            target[1].extend([en] if en else [])
    return [("".join(zh), " ".join(en)) for zh, en in lines]
