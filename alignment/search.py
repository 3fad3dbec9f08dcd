"""Two-pass search: confident 1-1 anchors (max-sum monotone path), then an m-n DP near the anchors."""

from __future__ import annotations

from dataclasses import dataclass, replace
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

import math

import numpy as np

from alignment.beads import Bead, span_bead
from alignment.borders import settle_borders

# a bead of LONG_BEAD or more sentences is scored only where its length factor reaches LONG_LENGTH_FACTOR: the
# shorter side at least 0.41 times as long as the other (ratio-corrected). Every gold bead of 4+ sentences of
# the dev sets has 0.52 or more (gold 1-2 beads: from 0.26). Half the cells of those shapes fail it.
LONG_BEAD = 4
LONG_LENGTH_FACTOR = 0.5


def least_length_ratio(factor: float) -> float:
    """The smallest double r with log2(r) >= ``factor`` (numpy's log2 of an array, as the scorers'): a length
    ratio reaches it exactly where its length factor reaches ``factor``, with no log per cell."""
    ratio = 2.0**factor
    while np.log2(np.array([math.nextafter(ratio, 0.0)]))[0] >= factor:
        ratio = math.nextafter(ratio, 0.0)
    while np.log2(np.array([ratio]))[0] < factor:
        ratio = math.nextafter(ratio, math.inf)
    return ratio


LONG_LENGTH_RATIO = least_length_ratio(LONG_LENGTH_FACTOR)

Shape = int | np.ndarray  # a bead side's sentence count: one, or one per bead (``takes_shape_arrays``)


class Scorer(Protocol):
    """Bead scores by shape (a zh, b en sentences). A scorer whose ``takes_shape_arrays`` is true also
    takes a and b as index arrays broadcast with rows and columns (several shapes in one call)."""

    n: int  # zh sentences
    m: int  # en sentences

    def scores_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Similarity of the a-b beads starting at (rows, columns) (broadcast index arrays); 0 when unrelated."""
        ...

    def orphans_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: the beads' zh sentences that have no counterpart in them."""
        ...

    def marks_mismatch_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: how far the beads' two sides differ in quotation and question marks."""
        ...

    def quote_balance_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: how far the beads' two sides differ in quotations left open (opened less closed)."""
        ...

    def length_ratios_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: the beads' length ratios, 1 + shorter / longer side (2 for equal lengths, 1 for
        an empty side), whose log2 is the length factor."""
        ...

    def end_quote_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: whether one side's last sentence ends in speech and the other's does not."""
        ...


@dataclass(frozen=True)
class SearchParams:
    """The search's settings. The last nine are weights, fitted by ``python -m evals.crossval`` on all
    chapters of mac-dev and webfiction-dev: the defaults are that fit's but for skip_zh and para_cross (kept:
    see their comment)."""

    top_k: int = 3  # candidates per zh sentence in pass 1
    band: int = 50  # minimal half-width of the pass-1 band around the diagonal
    band_fraction: float = 0.15  # ... or this fraction of the longer side
    window: int = 12  # pass 2: columns allowed beyond the neighbouring anchors
    # realignment (refinement's second search): columns allowed around the first pass's path. From 4 on, the
    # dev sets' beads are those of both passes rerun (3: two mac-dev beads differ); 6 leaves a margin
    # (docs/stages.md, Align)
    near: int = 6
    max_size: int = 6  # largest bead a + b
    # ... and 1-b beads up to this b: a long Chinese sentence the translation splits (web novels' comma-joined
    # sentences). Chosen on webfiction-dev (five 1-6 lines, three 1-7 to 1-9, of 803): 9 holds them all, for
    # a few percent more align time at BWB's shape than 6 (docs/stages.md: figures of the change)
    one_to_many: int = 9
    # skip_zh and para_cross: today's fit on all chapters gives -0.2 and 0.1 (dev strict .895 / .949 against
    # these .894 / .951; the cross-validated figures refit per fold and do not depend on them): kept
    skip_zh: float = -0.3  # score of a 1-0 bead (a zh sentence left untranslated)
    skip_en: float = -0.3  # score of a 0-1 bead (an en sentence with no zh counterpart)
    para_bonus: float = 0.2  # added where a bead boundary falls on a paragraph break on both sides
    para_cross: float = 0.2  # subtracted per paragraph break a bead crosses (each side)
    # subtracted per zh sentence of a multi-sentence bead with nothing explained in it (the fit on all
    # chapters gives 0 since 1-9 beads and quoted terms came in, ahead of 0.1 by .002 strict F1 on
    # mac-dev; but the hybrid, which shares these weights, then loses .005 cross-validated there: 0.1 stays)
    orphan: float = 0.1
    marks: float = 0.1  # subtracted per quotation opened or closed or question mark on one side only
    balance: float = 0.1  # subtracted per quotation a bead leaves open (or closes) on one side only
    end_quote: float = 0.1  # subtracted where one side's last sentence ends in speech, the other's not
    # after the search, a short en sentence at a border moves to the other bead where its loss in gain is
    # below this x the clause evidence (``alignment.borders``); 0: never. Fitted among 0, 0.2, 0.4 and 0.6
    clause: float = 0.4

    def span_widths(self) -> tuple[int, int]:
        """The most sentences a bead can have on each side (zh, en)."""
        types = bead_types(self)
        return max(a for a, _ in types), max(b for _, b in types)


@dataclass(frozen=True)
class Paragraphs:
    """Sentence indices that begin a paragraph, per side; a side with fewer than two is no evidence."""

    zh: frozenset[int] = frozenset()
    en: frozenset[int] = frozenset()

    @property
    def on_both_sides(self) -> bool:
        """Whether each side has two starts or more: the evidence a border on a break of both sides needs."""
        return len(self.zh) > 1 and len(self.en) > 1


def _crossing_costs(
    starts: frozenset[int], size: int, cost: float
) -> Callable[[np.ndarray, Shape], np.ndarray] | None:
    """For spans [k, k + width) of ``size`` items: ``cost`` x how many starts lie strictly inside
    (k < s < k + width), as a function of the spans' k and width (broadcast arrays, widths 1..size); None
    when fewer than two starts (no evidence: no cost) or when ``cost`` is 0 (subtracting 0 changes no gain)."""
    if len(starts) < 2 or not cost:
        return None
    marks = np.zeros(size + 1)
    marks[[s for s in starts if 0 <= s <= size]] = 1
    before = np.zeros(size + 2)  # before[k] = starts < k
    np.cumsum(marks, out=before[1:])
    return lambda first, width: (before.take(first + width) - before.take(first + 1)) * cost


def best_path(candidates: list[tuple[int, int, float]]) -> list[tuple[int, int]]:
    """Max-sum strictly monotone subset of (i, j, score) links (a Fenwick tree of prefix maxima over j)."""
    size = max((j for _, j, _ in candidates), default=0) + 2
    tree: list[tuple[float, int]] = [(0.0, -1)] * (size + 1)  # prefix maxima of (total, link)
    best: list[tuple[float, int]] = []  # per link: best total of a path ending there, previous link
    ordered = sorted(candidates)
    start = 0
    while start < len(ordered):  # one row at a time, so that links of the same row never chain
        end = start
        while end < len(ordered) and ordered[end][0] == ordered[start][0]:
            end += 1
        for k in range(start, end):  # the best path over links with a smaller column (tree query)
            result, j = (0.0, -1), ordered[k][1]
            while j > 0:
                if tree[j] > result:
                    result = tree[j]
                j -= j & -j
            best.append((result[0] + ordered[k][2], result[1]))
        for k in range(start, end):  # then the row's links enter the tree (update)
            value, j = (best[k][0], k), ordered[k][1] + 1
            while j <= size:
                if value > tree[j]:
                    tree[j] = value
                j += j & -j
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
    centre = np.round(np.arange(n) * m / n).astype(np.int64)[:, None]
    # each row's columns within the band (all, when the band is as wide as the chapter): the scorer reads
    # only these
    columns = np.arange(m)[None, :] if 2 * half + 1 >= m else centre + np.arange(-half, half + 1)[None, :]
    inside = (columns >= 0) & (columns < m)
    columns = np.clip(columns, 0, m - 1)
    ones = scorer.scores_at(1, 1, np.arange(n)[:, None], columns)
    distance = np.abs(columns - centre)
    candidates = (ones > 0) & (distance <= half) & inside
    width = candidates.shape[1]
    # only scores at least a row's k-th best can be among its top k (a cheaper sort)
    if width > params.top_k > 0:
        ranked = np.where(candidates, ones, -np.inf)
        candidates &= (
            ranked >= np.partition(ranked, width - params.top_k, axis=1)[:, width - params.top_k, None]
        )
    rows, places = np.nonzero(candidates)
    scores, distance = ones[rows, places], distance[rows, places]
    columns = np.broadcast_to(columns, ones.shape)[rows, places]
    order = np.lexsort((-columns, distance, -scores, rows))
    rows, columns, scores = rows[order], columns[order], scores[order]
    first = np.searchsorted(rows, rows)  # where each row's candidates begin
    keep = np.arange(len(rows)) - first < params.top_k
    return best_path(list(zip(rows[keep].tolist(), columns[keep].tolist(), scores[keep].tolist())))


def column_ranges(n: int, m: int, anchors: list[tuple[int, int]], window: int) -> list[tuple[int, int]]:
    """Pass 2 columns allowed per row: from the anchor at or before the row to the one at or after it, +- window."""
    rows = np.array([i for i, _ in anchors], dtype=np.int64)
    columns = np.array([j for _, j in anchors], dtype=np.int64)
    k = np.searchsorted(rows, np.arange(n + 1))  # per row, the anchors of earlier rows (anchors are monotone)
    before = np.concatenate(([0], columns + 1)).take(k)
    after = np.concatenate((columns, [m])).take(k)
    return list(zip(np.maximum(before - window, 0).tolist(), np.minimum(after + window, m).tolist()))


def bead_types(params: SearchParams) -> list[tuple[int, int]]:
    """1-1 first, then the other a-b beads by size (a + b <= ``max_size``, and 1-b up to ``one_to_many``),
    then 1-0 (0-1 is the in-row move, tried last)."""
    size = params.max_size
    shapes = [(a, b) for a in range(1, size) for b in range(1, size + 1 - a)]
    shapes += [(1, b) for b in range(size, params.one_to_many + 1)]
    return sorted(shapes, key=lambda t: t[0] + t[1]) + [(1, 0)]


def _corridor(ranges: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The DP cells, row by row: where each row's cells begin (n + 2 offsets), and each cell's row and column."""
    first = np.array([lo for lo, _ in ranges], dtype=np.int64)
    sizes = np.array([hi - lo + 1 for lo, hi in ranges], dtype=np.int64)
    offsets = np.concatenate(([0], np.cumsum(sizes)))  # (np.r_ costs 10x more)
    rows = np.repeat(np.arange(len(ranges)), sizes)
    return offsets, rows, np.arange(offsets[-1]) - np.repeat(offsets[:-1] - first, sizes)


def _shape_calls(scorer: Scorer, segments: list[tuple[int, int, slice]]) -> Callable[..., np.ndarray]:
    """``call(method, a, b, rows, columns)`` over the stacked cells of several bead shapes (``segments``:
    each shape's a, b and cells): one call when the scorer takes shape arrays, else one per shape."""
    if getattr(scorer, "takes_shape_arrays", False):
        return lambda method, a, b, rows, columns: method(a, b, rows, columns)

    def per_shape(
        method: Callable, a: np.ndarray, b: np.ndarray, rows: np.ndarray, columns: np.ndarray
    ) -> np.ndarray:
        return np.concatenate([method(x, y, rows[cells], columns[cells]) for x, y, cells in segments])

    return per_shape


def _allowed(
    scorer: Scorer, scored: list[tuple[int, int, int]], rows: np.ndarray, columns: np.ndarray
) -> np.ndarray:
    """shapes x cells: the corridor cells (rows, columns) where a bead of each ``scored`` shape (type index,
    a, b) may end: rows i >= a; for a long bead, also columns j >= b where the lengths fit (the length
    ratios of all long shapes in one call when the scorer takes shape arrays)."""
    a = np.array([a for _, a, _ in scored], dtype=np.int64)[:, None]
    b = np.array([b for _, _, b in scored], dtype=np.int64)[:, None]
    allowed = rows >= a
    long = np.flatnonzero(a[:, 0] + b[:, 0] >= LONG_BEAD)
    if not len(long):
        return allowed
    a, b = a[long], b[long]
    fits = allowed[long] & (columns >= b)
    if getattr(scorer, "takes_shape_arrays", False):
        starts, firsts = np.maximum(rows - a, 0), np.maximum(columns - b, 0)  # (anything where not fits)
        fits &= scorer.length_ratios_at(a, b, starts, firsts) >= LONG_LENGTH_RATIO
    else:
        for k, (x, y) in enumerate(zip(a[:, 0].tolist(), b[:, 0].tolist())):
            cells = np.flatnonzero(fits[k])
            ratios = scorer.length_ratios_at(x, y, rows.take(cells) - x, columns.take(cells) - y)
            fits[k, cells] = ratios >= LONG_LENGTH_RATIO
    allowed[long] = fits
    return allowed


class Searched(NamedTuple):
    """A corridor's search (:meth:`Corridor.search`): its beads, and what the border rule reads of it."""

    beads: list[Bead]
    gains: np.ndarray  # per cell and bead shape, as ``Corridor.gains``
    en_break: np.ndarray  # per en position: the paragraph bonus of a border there
    zh_breaks: frozenset[int]  # zh positions with a break, where the en side's breaks count


class Corridor:
    """Pass 2's cells for one chapter's anchors, and the scorer's answers there: all of the search that its
    weights (one-sided bead costs, paragraph terms, orphan and mark costs, the border clause weight) leave
    unchanged, computed once for any number of searches that differ only in those weights (the scorer's costs
    when first weighed)."""

    def __init__(
        self, n: int, m: int, scorer: Scorer, anchors: list[tuple[int, int]], params: SearchParams
    ) -> None:
        self.n, self.m, self.scorer = n, m, scorer
        self.settings = (params.window, params.max_size, params.one_to_many)
        self.ranges = column_ranges(n, m, anchors, params.window)
        self.types = types = bead_types(params)
        self.offsets, rows, columns = _corridor(self.ranges)
        # per cell and shape: the flat index of the cell the bead starts from, (i - a, j - b), in an
        # (n + 1) x (m + 1) table (out of range, or another cell, where the bead would start before the chapter)
        shifts = np.array([a * (m + 1) + b for a, b in types], dtype=np.int64)
        self.sources = (rows * (m + 1) + columns)[:, None] - shifts[None, :]
        # per cell and shape: the scorer's score (0 for one-sided beads; anything where the gain is -inf)
        self.similarity = np.zeros((len(rows), len(types)))
        self._answers: dict[str, np.ndarray] = {}
        self.scored = [(t, a, b) for t, (a, b) in enumerate(types) if b and a <= n and b <= m]
        if not self.scored:
            return
        # stacked: by shape, then cell (each shape's values repeated, not gathered: half the cost)
        allowed = _allowed(scorer, self.scored, rows, columns)
        sizes = np.count_nonzero(allowed, axis=1)
        where = np.flatnonzero(allowed) - np.repeat(np.arange(len(self.scored)) * len(rows), sizes)
        kinds, self.shape_a, self.shape_b = (
            np.repeat(np.array(x, dtype=np.int64), sizes) for x in zip(*self.scored)
        )
        self.zh, en = rows.take(where) - self.shape_a, columns.take(where) - self.shape_b
        self.en = np.maximum(en, 0)
        bounds = np.concatenate(([0], np.cumsum(sizes))).tolist()
        segments = [(a, b, slice(bounds[k], bounds[k + 1])) for k, (_, a, b) in enumerate(self.scored)]
        self._call = _shape_calls(scorer, segments)
        self.flat = where * len(types) + kinds
        self.early = self.flat[en < 0]  # beads that would start before the chapter's first en sentence
        self.similarity.ravel()[self.flat] = self.answer("scores_at")  # (one scatter, not one per shape)

    def answer(self, name: str) -> np.ndarray:
        """The scorer's ``name`` of the stacked beads (not to be written into), asked once; orphans count
        only in beads of three sentences or more."""
        if name not in self._answers:
            answer = self._call(getattr(self.scorer, name), self.shape_a, self.shape_b, self.zh, self.en)
            if name == "orphans_at":
                answer = answer * (self.shape_a + self.shape_b > 2)  # (np.where costs 3x more)
            self._answers[name] = answer
        return self._answers[name]

    def gains(self, params: SearchParams, paragraphs: Paragraphs) -> np.ndarray:
        """Per cell and bead shape (cells x shapes): the bead's gain, -inf where it cannot end there.

        A gain is the similarity, less the orphan cost, less the paragraph breaks it crosses on each side;
        the 1-0 bead's is ``skip_zh``. The two-sided shapes' cells (rows i >= a) are scored stacked."""
        types = self.types
        gains = np.full(self.similarity.shape, -np.inf)
        if self.n:
            gains[self.offsets[1] :, types.index((1, 0))] = params.skip_zh
        if not self.scored:
            return gains
        gain = self.answer("scores_at")
        for weight, name in (
            (params.marks, "marks_mismatch_at"),
            (params.balance, "quote_balance_at"),
            (params.end_quote, "end_quote_at"),
            (params.orphan, "orphans_at"),
        ):
            if weight:
                gain = gain - weight * self.answer(name)
        zh_cross = _crossing_costs(paragraphs.zh, self.n, params.para_cross)
        en_cross = _crossing_costs(paragraphs.en, self.m, params.para_cross)
        if zh_cross:
            gain = gain - zh_cross(self.zh, self.shape_a)
        if en_cross:
            gain = gain - en_cross(self.en, self.shape_b)
        gains.ravel()[self.flat] = gain  # (one scatter, not one per shape)
        gains.ravel()[self.early] = -np.inf
        return gains

    def align(self, params: SearchParams, paragraphs: Paragraphs = Paragraphs()) -> list[Bead]:
        """``dp_align`` of the corridor's chapter and anchors under ``params``, whose window and bead shapes
        must be those the corridor was built with."""
        return self.settled(self.search(params, paragraphs), params)

    def search(self, params: SearchParams, paragraphs: Paragraphs = Paragraphs()) -> Searched:
        """The search's beads under ``params`` before the border rule, which alone reads ``params.clause``
        (searches that differ only there can share one: ``evals.crossval``)."""
        if (params.window, params.max_size, params.one_to_many) != self.settings:
            raise ValueError("the corridor was built for another window or other bead shapes")
        n, m, ranges, types, offsets = self.n, self.m, self.ranges, self.types, self.offsets
        sources, gains, similarity = self.sources, self.gains(params, paragraphs), self.similarity
        zh_breaks = paragraphs.zh if paragraphs.on_both_sides else frozenset()
        en_break = np.zeros(m + 1)
        en_break[[j for j in paragraphs.en if 0 <= j <= m]] = params.para_bonus
        en_once = en_break.copy()  # a 0-1 bead that starts on a double break gets no second bonus
        en_once[1:][en_break[:-1] > 0] = 0.0
        total = np.full((n + 1) * (m + 1), -np.inf)
        # per corridor cell: the shape of its best move (an index into types, or skip_en)
        moves: list[int] = []
        skip_en = len(types)  # the 0-1 move's code
        skip = params.skip_en
        # per shape, 0 for the 1-0 bead: it gets no second bonus where it starts on a double break as well
        second = np.array([float(shape != (1, 0)) for shape in types])
        starts = offsets.tolist()
        # per cell of a row, where its options begin in the row's flat options (one take, not a 2-d index)
        picks = np.arange(max(hi - lo + 1 for lo, hi in ranges)) * len(types)
        for i, (lo, hi) in enumerate(ranges):
            cells = slice(starts[i], starts[i + 1])
            options = total.take(sources[cells], mode="clip")
            options += gains[cells]
            breaks = i in zh_breaks
            if breaks:
                options += en_break[lo : hi + 1, None] * (second if i - 1 in zh_breaks else 1.0)
            best = options.argmax(axis=1)
            row, move = options.ravel().take(best + picks[: len(best)]).tolist(), best.tolist()
            if i == 0 and lo == 0:
                row[0], move[0] = 0.0, -1
            extra = en_once[lo : hi + 1].tolist() if breaks else None
            last = row[0]  # the row's best total so far, left of k
            for k in range(1, hi - lo + 1):  # the 0-1 moves, left to right
                moved = last + skip if extra is None else last + skip + extra[k]
                last = row[k]
                if moved > last:
                    row[k] = last = moved
                    move[k] = skip_en
            first = i * (m + 1) + lo
            total[first : first + hi - lo + 1] = row
            moves += move
        beads = []  # last first
        i, j = n, m
        while i or j:
            cell = starts[i] + j - ranges[i][0]
            t = moves[cell]
            a, b = (0, 1) if t == skip_en else types[t]
            beads.append(span_bead(i - a, i, j - b, j, float(similarity[cell, t]) if a and b else 0.0))
            i, j = i - a, j - b
        return Searched(beads[::-1], gains, en_break, zh_breaks)

    def settled(self, searched: Searched, params: SearchParams) -> list[Bead]:
        """``searched``'s beads with the short English sentences at their borders settled under
        ``params.clause`` (``alignment.borders``; unchanged at 0 or for a scorer without clause evidence)."""
        if not params.clause or not hasattr(self.scorer, "clause_support"):
            return list(searched.beads)
        types, ranges, starts, similarity = self.types, self.ranges, self.offsets.tolist(), self.similarity
        gains, en_break, zh_breaks = searched.gains, searched.en_break, searched.zh_breaks
        shapes = {shape: t for t, shape in enumerate(types)}

        def scored(i0: int, i1: int, j0: int, j1: int) -> tuple[float, float] | None:
            """The gain of a two-sided bead as the search counted it (the bonus where it ends on a double
            break included), and its score; None where the search could not make it."""
            t, (lo, hi) = shapes.get((i1 - i0, j1 - j0)), ranges[i1]
            if t is None or not lo <= j1 <= hi:
                return None
            cell = starts[i1] + j1 - lo
            bonus = float(en_break[j1]) if i1 in zh_breaks else 0.0
            return float(gains[cell, t]) + bonus, float(similarity[cell, t])

        return settle_borders(searched.beads, scored, self.scorer, self.scorer.tokens.en_chars, params.clause)


def dp_align(
    n: int,
    m: int,
    scorer: Scorer,
    anchors: list[tuple[int, int]],
    params: SearchParams,
    paragraphs: Paragraphs = Paragraphs(),
) -> list[Bead]:
    """Pass 2: max-sum cover of both sides by 0-1, 1-0 and a-b beads, restricted to the anchor corridor.

    One vector maximum over the bead shapes per row over the row's columns; then the row's 0-1 moves.
    Paragraph breaks are soft evidence: a bonus for a boundary on a break on both sides (once for a
    one-sided bead between two such boundaries), a cost per break a bead crosses. Bead scores stay the
    similarity. With ``params.clause`` and a scorer that has ``clause_support`` (the dictionary scorer's),
    short en sentences at bead borders are then decided locally (``alignment.borders``).
    """
    return Corridor(n, m, scorer, anchors, params).align(params, paragraphs)


def path_anchors(beads: Sequence[Bead]) -> list[tuple[int, int]]:
    """The first and the last sentence pair of every two-sided bead, strictly monotone: anchors that pin
    pass 2's corridor to an alignment found before."""
    anchors: list[tuple[int, int]] = []
    for bead in beads:
        if bead.zh and bead.en:
            for i, j in ((bead.zh[0], bead.en[0]), (bead.zh[-1], bead.en[-1])):
                if not anchors or (i > anchors[-1][0] and j > anchors[-1][1]):
                    anchors.append((i, j))
    return anchors


def realign_near(
    n: int,
    m: int,
    scorer: Scorer,
    beads: Sequence[Bead],
    params: SearchParams = SearchParams(),
    paragraphs: Paragraphs = Paragraphs(),
) -> list[Bead]:
    """Pass 2 alone, within ``params.near`` columns of ``beads``: the chapter's alignment under a scorer
    that differs little from the one ``beads`` were found with (refinement's learned pairs), at about
    two thirds of the cost of both passes."""
    return dp_align(n, m, scorer, path_anchors(beads), replace(params, window=params.near), paragraphs)


def two_pass(
    n: int,
    m: int,
    scorer: Scorer,
    params: SearchParams = SearchParams(),
    paragraphs: Paragraphs = Paragraphs(),
) -> list[Bead]:
    return dp_align(n, m, scorer, find_anchors(n, m, scorer, params), params, paragraphs)
