"""A reviewer's corrected grouping of sentences, and the check that a chapter's beads cover it exactly once.

Syntax (the ``correction`` field of a review file): beads separated by ``;``, each ``ZH:EN`` with
comma-separated 0-based sentence indices of the chapter (as in the ``zh_idx`` / ``en_idx`` fields); a
side may be empty (``:7`` is an English sentence with no Chinese). ``-`` dissolves the bead: its
sentences belong to the other corrected beads. Example: ``3:3;4:4,5``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from core.rejection import shorten

Bead = tuple[tuple[int, ...], tuple[int, ...]]
DISSOLVE = "-"


class GroupingError(ValueError):
    """A correction that cannot be read, or beads that do not cover a chapter exactly once."""


# A sentence number: ASCII digits ("²".isdigit() is true, int() refuses it), at most 9 (int() refuses
# more than 4,300, and no chapter has a billion sentences)
NUMBER = "[0-9]{1,9}"


def _indices(text: str, side: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(re.fullmatch(NUMBER, p) for p in parts):
        raise GroupingError(
            f"{side} side {shorten(text.strip(), quote=True)} is not a list of sentence numbers"
        )
    return tuple(int(p) for p in parts)


def parse_grouping(text: str) -> list[Bead]:
    """Beads of a correction ("3:3;4:4,5" -> [((3,), (3,)), ((4,), (4, 5))]; "-" -> [])."""
    if text.strip() == DISSOLVE:
        return []
    beads = []
    for chunk in (c for c in text.split(";") if c.strip()):
        if chunk.count(":") != 1:
            raise GroupingError(f"bead {shorten(chunk.strip(), quote=True)} is not ZH:EN (e.g. 3:3,4)")
        zh, en = chunk.split(":")
        bead = (_indices(zh, "zh"), _indices(en, "en"))
        if not (bead[0] or bead[1]):
            raise GroupingError(f"bead {shorten(chunk.strip(), quote=True)} has no sentence")
        beads.append(bead)
    if not beads:
        raise GroupingError("empty correction (write - to dissolve the bead)")
    return beads


def coverage_problem(beads: Iterable[Bead], n_zh: int, n_en: int) -> str | None:
    """None when every sentence (``n_zh`` Chinese, ``n_en`` English) is in exactly one bead, else the reason."""
    beads = list(beads)
    problems = []
    for side, n, k in (("zh", n_zh, 0), ("en", n_en, 1)):
        seen = Counter(i for bead in beads for i in bead[k])
        outside = sorted(i for i in seen if not 0 <= i < n)
        twice = sorted(i for i, c in seen.items() if c > 1 and 0 <= i < n)
        missing = sorted(set(range(n)) - set(seen))
        if outside:
            problems.append(f"{side} sentence(s) {_few(outside)} do not exist (the chapter has {n})")
        if twice:
            problems.append(f"{side} sentence(s) {_few(twice)} in more than one bead")
        if missing:
            problems.append(f"{side} sentence(s) {_few(missing)} in no bead")
    return "; ".join(problems) or None


def _few(numbers: list[int], limit: int = 5) -> str:
    shown = ", ".join(map(str, numbers[:limit]))
    return shown + (f" and {len(numbers) - limit} more" if len(numbers) > limit else "")
