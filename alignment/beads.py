"""Beads (aligned groups of zh and en sentence indices) and the ``[i,j]:[k]:score`` file format."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from core.storage import write_bytes

_BEAD = re.compile(r"^\[([\d,\s]*)\]:\[([\d,\s]*)\](?::(\S+))?$")


@dataclass(frozen=True)
class Bead:
    zh: tuple[int, ...]
    en: tuple[int, ...]
    score: float = 0.0

    @property
    def kind(self) -> str:
        return f"{len(self.zh)}-{len(self.en)}"

    @property
    def key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return self.zh, self.en


def span_bead(i0: int, i1: int, j0: int, j1: int, score: float = 0.0) -> Bead:
    return Bead(tuple(range(i0, i1)), tuple(range(j0, j1)), score)


def format_bead(bead: Bead, with_score: bool = True) -> str:
    text = "[{}]:[{}]".format(",".join(map(str, bead.zh)), ",".join(map(str, bead.en)))
    return f"{text}:{bead.score:.4f}" if with_score else text


def parse_bead(line: str) -> Bead:
    match = _BEAD.match(line.strip())
    if not match:
        raise ValueError(f"not a bead: {line!r}")
    zh, en, score = match.groups()
    indices = [tuple(int(x) for x in side.split(",") if x.strip()) for side in (zh, en)]
    return Bead(indices[0], indices[1], float(score) if score else 0.0)


def write_beads(path: Path, beads: list[Bead]) -> None:
    """Atomically: a killed or failed write (a full disk) leaves the file as it was, not cut short."""
    write_bytes(path, "".join(format_bead(bead) + "\n" for bead in beads).encode("utf-8"))
