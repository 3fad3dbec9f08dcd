"""A named reason for dropping an item, the REJECTED row it becomes, and text for one-line messages."""

from __future__ import annotations

from dataclasses import dataclass

SHOWN_CHARACTERS = 60  # of user-supplied text quoted in a message (``shorten``)
# "pair" outcomes of chapters that are kept: paired by content other than by number (filters.pairing)
KEPT_OUTCOMES = ("renumbered", "merged", "split")


@dataclass(frozen=True)
class Rejection:
    reason: str  # short snake_case name, e.g. "too_few_sentences"
    detail: str = ""  # human-readable specifics, e.g. "zh 3 < 5"
    lang: str = ""  # "zh" / "en" when one side is to blame

    def row(self, stage: str, item_id: str, book_id: str, lang: str | None = None) -> dict:
        """The REJECTED row for this rejection (``lang`` overrides the rejection's own)."""
        return {
            "stage": stage,
            "item_id": item_id,
            "book_id": book_id,
            "lang": self.lang if lang is None else lang,
            "reason": self.reason,
            "detail": self.detail,
        }


def one_line(error: BaseException) -> str:
    """An exception as one line (the detail of a rejection or a failure): ``Type: message``."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def last_line(text: str, default: str) -> str:
    """The last line of ``text`` that is not blank, stripped (a traceback's last line is its error), or
    ``default`` when there is none."""
    return next((line.strip() for line in reversed(text.splitlines()) if line.strip()), default)


def shorten(text: str, limit: int = SHOWN_CHARACTERS, quote: bool = False) -> str:
    """User-supplied text as a one-line message (an error, a rejection's detail) shows it: when longer than
    ``limit`` characters, only its first ``limit`` and "… (N characters)", so that a 100,000-character
    correction is not echoed whole. Unquoted, runs of whitespace are one space; ``quote``: as ``!r``
    writes it (newlines escaped), the count after the closing quote."""
    head = text[:limit]
    shown = repr(head) if quote else " ".join(head.split())
    return shown if len(text) <= limit else f"{shown}… ({len(text)} characters)"


def quoted(value: object, limit: int = SHOWN_CHARACTERS) -> str:
    """A value as a one-line message quotes it: ``repr``, its first ``limit`` characters only when long
    (``shorten``), so that a 300-character id in a config or an export is not echoed whole."""
    return shorten(value, limit, quote=True) if isinstance(value, str) else shorten(repr(value), limit)
