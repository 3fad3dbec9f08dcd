"""The word lists in ``cohesion/data/``, loaded once (each file documents its source)."""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class Connective:
    text: str
    type: str  # additive | adversative | causal | temporal
    positions: str  # subset of "ifp": initial, final, parenthetical
    condition: str  # "-" | "comma" | "clause"


@cache
def connectives() -> tuple[Connective, ...]:
    """Connectives, longest first (so multiword entries win)."""
    rows = [Connective(*line.split("\t")) for line in _lines("connectives.tsv")]
    return tuple(sorted(rows, key=lambda c: -len(c.text)))


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


@cache
def _connective_table() -> dict[str, Connective]:
    return {c.text: c for c in connectives()}


def connective(text: str) -> Connective:
    """The entry for a matched connective (any case)."""
    return _connective_table()[text.lower()]
