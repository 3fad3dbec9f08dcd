"""Alignment accuracy (share of reviewed beads judged correct) with a Wilson 95% interval."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

Z95 = 1.959963984540054


def wilson(correct: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (stays inside [0, 1], sensible for small n and p near 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = correct / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def accuracy_rows(verdicts: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per book and ``all``: beads reviewed, correct, accuracy and its 95% interval (QC_VERDICTS rows in)."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for v in verdicts:
        for key in (v["book_id"], "all"):
            counts[key][0] += bool(v["correct"])
            counts[key][1] += 1
    rows = []
    for book in [*sorted(k for k in counts if k != "all"), *(["all"] if counts else [])]:
        correct, n = counts[book]
        low, high = wilson(correct, n)
        rows.append(
            {
                "book": book,
                "beads": n,
                "correct": correct,
                "accuracy %": round(100 * correct / n, 1),
                "95% interval": f"{100 * low:.1f}–{100 * high:.1f}",
            }
        )
    return rows


def format_accuracy(rows: list[dict[str, Any]]) -> str:
    lines = [f"  {'book':<24} {'beads':>6} {'correct':>8} {'accuracy':>9}  95% interval"]
    lines += [
        f"  {r['book']:<24} {r['beads']:>6} {r['correct']:>8} {r['accuracy %']:>8.1f}%  {r['95% interval']}"
        for r in rows
    ]
    return "\n".join(lines)
