"""English connectives with their cohesion type and positions (``data/connectives.tsv``, which documents its
source): the cohesion miner's conjunction list and the MT evaluation's discourse markers. A hand-edit
mistake in the table is a one-line ``core.data_files.DataFileError`` naming the file and line."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from core.data_files import no_conflicts, one_of, problem, rows

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Connective:
    text: str
    type: str  # additive | adversative | causal | temporal
    positions: str  # subset of "ifps": initial, final, parenthetical, after a pronoun subject
    condition: str  # "-" | "comma" | "clause" | "degree" | "subject"


TYPES = ("additive", "adversative", "causal", "temporal")
POSITIONS = "ifps"
CONDITIONS = ("-", "comma", "clause", "degree", "subject")


@cache
def connectives() -> tuple[Connective, ...]:
    """Connectives, longest first (so multiword entries win)."""
    path = DATA / "connectives.tsv"
    found = rows(path, 4)
    if not found:
        raise problem(path, None, "no connective in it (restore it from git)")
    entries = []
    for line, (text, kind, positions, condition) in found:
        if not positions or set(positions) - set(POSITIONS):
            raise problem(path, line, f"positions {positions!r} are not letters of {POSITIONS!r}")
        one_of(path, line, "type", kind, TYPES)
        one_of(path, line, "condition", condition, CONDITIONS)
        entries.append(Connective(" ".join(text.lower().split()), kind, positions, condition))
    no_conflicts(path, ((line, repr(c.text), c) for (line, _), c in zip(found, entries)))
    return tuple(sorted(entries, key=lambda c: -len(c.text)))


@cache
def _connective_table() -> dict[str, Connective]:
    return {c.text: c for c in connectives()}


def connective(text: str) -> Connective:
    """The entry for a matched connective (any case), or one the rules name ("later"): DataFileError when the
    table lacks it (removed by hand)."""
    entry = find(text)
    if entry is None:
        what = f"the entry {text.lower()!r} that the rules name is missing (restore it from git)"
        raise problem(DATA / "connectives.tsv", None, what)
    return entry


def find(text: str) -> Connective | None:
    """The entry for a connective (any case); None when the table has none."""
    return _connective_table().get(text.lower())
