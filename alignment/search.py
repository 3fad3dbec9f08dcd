"""Two-pass search: confident 1-1 anchors (max-sum monotone path), then an m-n DP near the anchors."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from alignment.beads import Bead, span_bead


class Scorer(Protocol):
    def score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        """Similarity of zh[i0:i1] with en[j0:j1] (both non-empty); 0 when unrelated."""
        ...

    def bound(self, i0: int, i1: int, j0: int, j1: int) -> float:
        """A cheap upper bound of score(i0, i1, j0, j1), used to skip hopeless beads."""
        ...

    def partners(self, i: int) -> Iterable[int]:
        """The en sentences j for which score(i, i + 1, j, j + 1) may be positive."""
        ...


@dataclass(frozen=True)
class SearchParams:
    top_k: int = 3  # candidates per zh sentence in pass 1
    band: int = 50  # minimal half-width of the pass-1 band around the diagonal
    band_fraction: float = 0.15  # ... or this fraction of the longer side
    window: int = 12  # pass 2: columns allowed beyond the neighbouring anchors
    max_size: int = 6  # largest bead a + b
    skip: float = -0.3  # score of a 0-1 or 1-0 bead


def best_path(candidates: list[tuple[int, int, float]]) -> list[tuple[int, int]]:
    """Max-sum strictly monotone subset of (i, j, score) links (a Fenwick tree of prefix maxima over j)."""
    size = max((j for _, j, _ in candidates), default=0) + 2
    tree: list[tuple[float, int]] = [(0.0, -1)] * (size + 1)
    best: list[tuple[float, int]] = []

    def query(j: int) -> tuple[float, int]:  # best over links with column < j
        result = (0.0, -1)
        while j > 0:
            result = max(result, tree[j])
            j -= j & -j
        return result

    def update(j: int, value: tuple[float, int]) -> None:
        j += 1
        while j <= size:
            tree[j] = max(tree[j], value)
            j += j & -j

    ordered = sorted(candidates)
    start = 0
    while start < len(ordered):  # one row at a time, so that links of the same row never chain
        end = start
        while end < len(ordered) and ordered[end][0] == ordered[start][0]:
            end += 1
        row = [(query(ordered[k][1]), k) for k in range(start, end)]
        for (total, previous), k in row:
            best.append((total + ordered[k][2], previous))
        for (_, _), k in row:
            update(ordered[k][1], (best[k][0], k))
        start = end
    k = max(range(len(best)), key=lambda x: best[x][0], default=-1)
    path = []
    while k >= 0:
        path.append(ordered[k][:2])
        k = best[k][1]
    return path[::-1]


def find_anchors(n: int, m: int, scorer: Scorer, params: SearchParams) -> list[tuple[int, int]]:
    """Pass 1: top-k 1-1 partners of each zh sentence within a diagonal band, best monotone path."""
    half = max(params.band, int(params.band_fraction * max(n, m)))
    candidates = []
    for i in range(n):
        centre = round(i * m / n)
        row = (
            (scorer.score(i, i + 1, j, j + 1), -abs(j - centre), j)
            for j in scorer.partners(i)
            if abs(j - centre) <= half
        )
        candidates += [(i, j, s) for s, _, j in heapq.nlargest(params.top_k, row) if s > 0]
    return best_path(candidates)


def column_ranges(n: int, m: int, anchors: list[tuple[int, int]], window: int) -> list[tuple[int, int]]:
    """Pass 2 columns allowed per row: from the anchor at or before the row to the one at or after it, +- window."""
    ranges = []
    k = 0
    for i in range(n + 1):
        while k < len(anchors) and anchors[k][0] < i:
            k += 1
        before = anchors[k - 1][1] + 1 if k > 0 else 0
        after = anchors[k][1] if k < len(anchors) else m
        ranges.append((max(0, before - window), min(m, after + window)))
    return ranges


def bead_types(max_size: int) -> list[tuple[int, int]]:
    """1-1 first, so that the bound prunes more; then the other a-b beads, then 0-1 and 1-0."""
    beads = sorted(
        ((a, b) for a in range(1, max_size) for b in range(1, max_size + 1 - a)), key=lambda t: t[0] + t[1]
    )
    return beads + [(0, 1), (1, 0)]


def dp_align(
    n: int, m: int, scorer: Scorer, anchors: list[tuple[int, int]], params: SearchParams
) -> list[Bead]:
    """Pass 2: max-sum cover of both sides by 0-1, 1-0 and a-b beads, restricted to the anchor corridor."""
    ranges = column_ranges(n, m, anchors, params.window)
    types = bead_types(params.max_size)
    total: list[dict[int, float]] = [{} for _ in range(n + 1)]
    back: list[dict[int, tuple[int, int, float]]] = [{} for _ in range(n + 1)]
    total[0][0] = 0.0
    for i in range(n + 1):
        lo, hi = ranges[i]
        for j in range(lo, hi + 1):
            best, step = float("-inf"), None
            for a, b in types:
                previous = total[i - a].get(j - b) if i >= a and j >= b else None
                if previous is None:
                    continue
                if a == 0 or b == 0:
                    gain = params.skip
                elif previous + scorer.bound(i - a, i, j - b, j) <= best:
                    continue
                else:
                    gain = scorer.score(i - a, i, j - b, j)
                if previous + gain > best:
                    best, step = previous + gain, (a, b, 0.0 if a == 0 or b == 0 else gain)
            if step is not None:
                total[i][j], back[i][j] = best, step
    beads = []
    i, j = n, m
    while i or j:
        a, b, gain = back[i][j]
        beads.append(span_bead(i - a, i, j - b, j, gain))
        i, j = i - a, j - b
    return beads[::-1]


def two_pass(n: int, m: int, scorer: Scorer, params: SearchParams = SearchParams()) -> list[Bead]:
    return dp_align(n, m, scorer, find_anchors(n, m, scorer, params), params)
