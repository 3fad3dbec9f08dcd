"""English connectives with their cohesion type and positions (``data/connectives.tsv``, which documents its
source): the cohesion miner's conjunction list and the MT evaluation's discourse markers."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Connective:
    text: str
    type: str  # additive | adversative | causal | temporal
    positions: str  # subset of "ifps": initial, final, parenthetical, after a pronoun subject
    condition: str  # "-" | "comma" | "clause" | "degree" | "subject"


@cache
def connectives() -> tuple[Connective, ...]:
    """Connectives, longest first (so multiword entries win)."""
    text = (DATA / "connectives.tsv").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    rows = [Connective(*line.split("\t")) for line in lines]
    return tuple(sorted(rows, key=lambda c: -len(c.text)))


@cache
def _connective_table() -> dict[str, Connective]:
    return {c.text: c for c in connectives()}


def connective(text: str) -> Connective:
    """The entry for a matched connective (any case)."""
    return _connective_table()[text.lower()]


def find(text: str) -> Connective | None:
    """The entry for a connective (any case); None when the table has none."""
    return _connective_table().get(text.lower())
