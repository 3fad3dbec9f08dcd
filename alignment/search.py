"""Two-pass search: confident 1-1 anchors (max-sum monotone path), then an m-n DP near the anchors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from alignment.beads import Bead, span_bead


class Scorer(Protocol):
    n: int  # zh sentences
    m: int  # en sentences

    def scores_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Similarity of the a-b beads starting at (rows, columns) (broadcast index arrays); 0 when unrelated."""
        ...

    def orphans_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: the beads' zh sentences that have no counterpart in them."""
        ...


def full_scores(scorer: Scorer, a: int, b: int) -> np.ndarray:
    """(n - a + 1) x (m - b + 1): the scores of every a-b bead."""
    rows = np.arange(max(0, scorer.n - a + 1))[:, None]
    return scorer.scores_at(a, b, rows, np.arange(max(0, scorer.m - b + 1))[None, :])


def _band(scorer: Scorer, params: SearchParams, a: int, b: int, starts: np.ndarray, width: int) -> np.ndarray:
    """(n - a + 1) x width: the gain of the a-b bead starting at (r, starts[r] + c); -inf past the last column."""
    if a > scorer.n or b > scorer.m:
        return np.full((len(starts), width), -np.inf)
    rows = np.arange(len(starts))[:, None]
    columns = starts[:, None] + np.arange(width)[None, :]
    inside = columns <= scorer.m - b
    columns = np.minimum(columns, max(0, scorer.m - b))
    gain = scorer.scores_at(a, b, rows, columns)
    if params.orphan and a + b > 2:
        gain = gain - params.orphan * scorer.orphans_at(a, b, rows, columns)
    return np.where(inside, gain, -np.inf)


@dataclass(frozen=True)
class SearchParams:
    """Defaults of the last five fitted by ``python -m evals.crossval`` (mac-dev + webfiction-dev)."""

    top_k: int = 3  # candidates per zh sentence in pass 1
    band: int = 50  # minimal half-width of the pass-1 band around the diagonal
    band_fraction: float = 0.15  # ... or this fraction of the longer side
    window: int = 12  # pass 2: columns allowed beyond the neighbouring anchors
    max_size: int = 6  # largest bead a + b
    skip_zh: float = -0.3  # score of a 1-0 bead (a zh sentence left untranslated)
    skip_en: float = -0.3  # score of a 0-1 bead (an en sentence with no zh counterpart)
    para_bonus: float = 0.2  # added where a bead boundary falls on a paragraph break on both sides
    para_cross: float = 0.2  # subtracted per paragraph break a bead crosses (each side)
    orphan: float = 0.1  # subtracted per zh sentence of a multi-sentence bead with nothing explained in it


@dataclass(frozen=True)
class Paragraphs:
    """Sentence indices that begin a paragraph, per side; a side with fewer than two is no evidence."""

    zh: frozenset[int] = frozenset()
    en: frozenset[int] = frozenset()


def _inside_counts(starts: frozenset[int], size: int, width: int) -> np.ndarray:
    """For spans [k, k + width) of ``size`` items: how many starts lie strictly inside (k < s < k + width)."""
    if len(starts) < 2 or width > size:
        return np.zeros(max(0, size - width + 1))
    marks = np.zeros(size + 1)
    marks[[s for s in starts if 0 <= s <= size]] = 1
    before = np.r_[0.0, np.cumsum(marks)]  # before[k] = starts < k
    return before[width : size + 1] - before[1 : size - width + 2]


def best_path(candidates: list[tuple[int, int, float]]) -> list[tuple[int, int]]:
    """Max-sum strictly monotone subset of (i, j, score) links (a Fenwick tree of prefix maxima over j)."""
    size = max((j for _, j, _ in candidates), default=0) + 2
    tree: list[tuple[float, int]] = [(0.0, -1)] * (size + 1)
    best: list[tuple[float, int]] = []

    def query(j: int) -> tuple[float, int]:  # best over links with column < j
        result = (0.0, -1)
        while j > 0:
            if tree[j] > result:
                result = tree[j]
            j -= j & -j
        return result

    def update(j: int, value: tuple[float, int]) -> None:
        j += 1
        while j <= size:
            if value > tree[j]:
                tree[j] = value
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
    """Pass 1: top-k 1-1 partners of each zh sentence within a diagonal band, best monotone path.

    Ties go to the partner nearer the diagonal, then to the later one.
    """
    if not n or not m:
        return []
    half = max(params.band, int(params.band_fraction * max(n, m)))
    ones = full_scores(scorer, 1, 1)
    centre = np.round(np.arange(n) * m / n).astype(np.int64)[:, None]
    distance = np.abs(np.arange(m)[None, :] - centre)
    rows, columns = np.nonzero((ones > 0) & (distance <= half))
    scores = ones[rows, columns]
    order = np.lexsort((-columns, distance[rows, columns], -scores, rows))
    rows, columns, scores = rows[order], columns[order], scores[order]
    first = np.searchsorted(rows, rows)  # where each row's candidates begin
    keep = np.arange(len(rows)) - first < params.top_k
    return best_path(list(zip(rows[keep].tolist(), columns[keep].tolist(), scores[keep].tolist())))


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
    """1-1 first, then the other a-b beads by size, then 1-0 (0-1 is the in-row move, tried last)."""
    beads = sorted(
        ((a, b) for a in range(1, max_size) for b in range(1, max_size + 1 - a)), key=lambda t: t[0] + t[1]
    )
    return beads + [(1, 0)]


ROW_BLOCK = 32  # DP rows whose gathers are prepared together (bounds their memory)


def dp_align(
    n: int,
    m: int,
    scorer: Scorer,
    anchors: list[tuple[int, int]],
    params: SearchParams,
    paragraphs: Paragraphs = Paragraphs(),
) -> list[Bead]:
    """Pass 2: max-sum cover of both sides by 0-1, 1-0 and a-b beads, restricted to the anchor corridor.

    One vector maximum per bead shape per row over the row's columns; then the row's 0-1 moves.
    Paragraph breaks are soft evidence: a bonus for a boundary on a break on both sides, a cost per
    break a bead crosses. Bead scores stay the similarity.
    """
    ranges = column_ranges(n, m, anchors, params.window)
    types = bead_types(params.max_size)
    width = max(hi - lo + 1 for lo, hi in ranges)
    # Row r of shape t's band: the beads starting at zh r and en starts[t][r] + c, c < width, where
    # starts[t][r] is the first column the DP reads there (the row r + a's range, b columns back).
    first_column = np.array([lo for lo, _ in ranges], dtype=np.int64)
    starts = [np.maximum(0, first_column[a:] - b) for a, b in types]
    cost = params.para_cross
    # gains[t, r, c]: shape t's bead starting at (r, starts[t][r] + c), less its zh crossing cost;
    # en_costs[t, j]: its en crossing cost when it starts at en j. The 1-0 bead: skip_zh everywhere.
    gains = np.full((len(types), n + 1, width), -np.inf)
    en_costs = np.zeros((len(types), m + 1))
    for t, (a, b) in enumerate(types):
        if a > n or b > m:
            continue
        if b:
            zh_cross = _inside_counts(paragraphs.zh, n, a) * cost
            gains[t, : n - a + 1] = _band(scorer, params, a, b, starts[t], width) - zh_cross[:, None]
            en_costs[t, : m - b + 1] = _inside_counts(paragraphs.en, m, b) * cost
        else:
            gains[t, :n] = params.skip_zh
    zh_sizes = np.array([a for a, _ in types])
    en_sizes = np.array([b for _, b in types])
    type_index = np.arange(len(types))[:, None]
    zh_breaks = paragraphs.zh if len(paragraphs.zh) > 1 and len(paragraphs.en) > 1 else frozenset()
    en_break = np.zeros(m + 1)
    en_break[[j for j in paragraphs.en if 0 <= j <= m]] = params.para_bonus
    total = np.full((n + 1, m + 1), -np.inf)
    back = np.full((n + 1, m + 1), -1, dtype=np.int8)
    skip_en = len(types)  # the 0-1 move's code in ``back``
    last_column = np.array([hi for _, hi in ranges], dtype=np.int64)

    def block(first: int, last: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For rows first..last - 1, per shape and column of the row's range: the bead's first zh and en
        sentence, and its gain (-inf where it would start before the chapter); padded to the widest row."""
        lo = first_column[first:last, None, None]
        offsets = np.arange(int((last_column[first:last] - first_column[first:last]).max()) + 1)
        rows = np.arange(first, last)[:, None, None] - zh_sizes[None, :, None]
        columns = lo + offsets - en_sizes[None, :, None]
        valid = (rows >= 0) & (columns >= 0)
        rows, columns = np.maximum(rows, 0), np.clip(columns, 0, m)
        band = np.clip(offsets - np.maximum(0, en_sizes[None, :, None] - lo), 0, width - 1)
        gain = gains[type_index[None], rows, band] - en_costs[type_index[None], columns]
        return rows, columns, np.where(valid, gain, -np.inf)

    for i in range(n + 1):
        lo, hi = ranges[i]
        if i % ROW_BLOCK == 0:
            block_rows, block_columns, block_gains = block(i, min(n + 1, i + ROW_BLOCK))
        r, size = i % ROW_BLOCK, hi - lo + 1
        options = total[block_rows[r], block_columns[r, :, :size]] + block_gains[r, :, :size]
        bonus = en_break[lo : hi + 1] if i in zh_breaks else np.zeros(hi - lo + 1)
        options += bonus
        best = options.max(axis=0)
        choice = options.argmax(axis=0).astype(np.int8)
        if i == 0 and lo == 0:
            best[0], choice[0] = 0.0, -1
        row, moves, extra = best.tolist(), choice.tolist(), bonus.tolist()
        for k in range(1, hi - lo + 1):
            if row[k - 1] + params.skip_en + extra[k] > row[k]:
                row[k], moves[k] = row[k - 1] + params.skip_en + extra[k], skip_en
        total[i, lo : hi + 1] = row
        back[i, lo : hi + 1] = moves
    path = []  # (a, b, first zh, first en) of every bead, last first
    i, j = n, m
    while i or j:
        code = int(back[i, j])
        a, b = (0, 1) if code == skip_en else types[code]
        path.append((a, b, i - a, j - b))
        i, j = i - a, j - b
    path.reverse()
    similarity = {}  # bead index -> score, computed per shape in one call
    for a, b in {(a, b) for a, b, _, _ in path if a and b}:
        which = [k for k, bead in enumerate(path) if bead[:2] == (a, b)]
        rows, columns = np.array([path[k][2] for k in which]), np.array([path[k][3] for k in which])
        similarity.update(zip(which, scorer.scores_at(a, b, rows, columns).tolist()))
    return [span_bead(i, i + a, j, j + b, similarity.get(k, 0.0)) for k, (a, b, i, j) in enumerate(path)]


def two_pass(
    n: int,
    m: int,
    scorer: Scorer,
    params: SearchParams = SearchParams(),
    paragraphs: Paragraphs = Paragraphs(),
) -> list[Bead]:
    return dp_align(n, m, scorer, find_anchors(n, m, scorer, params), params, paragraphs)
