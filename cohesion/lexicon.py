"""The word lists in ``cohesion/data/``, loaded once (each file documents its source)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def _lines(name: str) -> list[str]:
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


@cache
def words(name: str) -> frozenset[str]:
    """A one-entry-per-line list, e.g. ``words("generic_nouns.txt")``."""
    return frozenset(_lines(name))


@cache
def genders() -> dict[tuple[str, str], str]:
    """``(word, kind) -> "m" | "f"`` for gendered nouns (kind "noun") and honorifics (kind "title")."""
    table = {}
    for line in _lines("gendered_nouns.tsv"):
        word, gender, kind = line.split("\t")
        table[word, kind] = gender
    return table


@cache
def first_names() -> dict[str, str]:
    """First name -> "m" | "f" (``data/first_names.tsv``)."""
    return dict(line.split("\t") for line in _lines("first_names.tsv"))
