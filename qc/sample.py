"""Draw chapters for alignment review, stratified by book, and order their beads lowest score first."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any


def allocate(sizes: Mapping[str, int], n: int) -> dict[str, int]:
    """Chapters to draw per book: proportional to its size (largest remainder), at most what it has."""
    total = sum(sizes.values())
    n = min(n, total)
    if not n:
        return dict.fromkeys(sizes, 0)
    quota = {book: n * size / total for book, size in sizes.items()}
    taken = {book: int(q) for book, q in quota.items()}
    by_remainder = sorted(sizes, key=lambda b: (-(quota[b] - taken[b]), b))
    for book in by_remainder[: n - sum(taken.values())]:
        taken[book] += 1
    return taken


def draw_chapters(chapters: Mapping[str, list[str]], n: int, seed: int) -> list[str]:
    """``n`` chapter ids drawn from ``chapters`` (book -> chapter ids), stratified by book, sorted."""
    rng = random.Random(seed)
    drawn: list[str] = []
    for book, k in sorted(allocate({b: len(ids) for b, ids in chapters.items()}, n).items()):
        drawn += rng.sample(sorted(chapters[book]), k)
    return sorted(drawn)


def review_order(beads: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A chapter's beads lowest score first (unscored first of all), then in bead order."""
    return sorted(beads, key=lambda b: (b["score"] is not None, b["score"] or 0.0, b["bead_no"]))
