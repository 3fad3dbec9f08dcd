"""Boundary refinement: re-decide the stretches of a dictionary alignment whose boundaries are uncertain,
by the embeddings of the joined text of the competing bead shapes.

A boundary between two beads is uncertain when moving it (one zh sentence or up to two en sentences
either way, or merging the two beads) loses less than ``RefineParams.uncertain`` of dictionary score.
The beads on both sides of every uncertain boundary form stretches; each stretch is realigned by a
small exact search whose bead score is a margin (Bertalign's): the cosine of the bead's joined zh and en
text less the mean cosine of each side against the other side's neighbouring sentences, times the
length factor, plus the dictionary score. Only spans inside stretches are embedded.

Not yet an alignment method: scored by leave-one-book-out (``python -m evals.lobo``), at its defaults
it is faster than the hybrid method but trails it by 0.01-0.02 strict F1 (README, Quality and speed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from alignment.beads import Bead, span_bead
from alignment.joined import PooledCache, SpanVectors
from alignment.search import Paragraphs, SearchParams
from alignment.similarity import ChapterScorer

Box = tuple[int, int, int, int]  # i0, i1, j0, j1: a bead as half-open zh and en ranges


@dataclass(frozen=True)
class RefineParams:
    """``uncertain`` and ``dictionary``: the variant best on all chapters in ``python -m evals.lobo``."""

    uncertain: float = 0.1  # boundaries whose best local move loses less dictionary score are re-decided
    skip: float = -0.1  # score of a one-sided bead inside a stretch (Bertalign's; not fitted)
    dictionary: float = 0.5  # weight of the dictionary score beside the embedding margin
    max_zh: int = 3  # largest bead in a stretch: zh sentences, en sentences, both
    max_en: int = 4
    max_size: int = 5
    reach: int = 3  # stretch cells stay within this many sentences (each side) of the dictionary path


def _box(bead: Bead, i: int, j: int) -> Box:
    return i, i + len(bead.zh), j, j + len(bead.en)


def boxes(beads: Sequence[Bead]) -> list[Box]:
    """The beads as boxes, in order (a one-sided bead has an empty range on one side)."""
    result, i, j = [], 0, 0
    for bead in beads:
        result.append(_box(bead, i, j))
        i, j = result[-1][1], result[-1][3]
    return result


def dictionary_scores(scorer: ChapterScorer, candidates: Sequence[Box], skip: float) -> np.ndarray:
    """Dictionary score per box: the scorer's for two-sided beads of a scorable shape, ``skip`` for
    one-sided ones, 0 for empty ones and -inf for shapes past the scorer's widths."""
    result = np.zeros(len(candidates))
    by_shape: dict[tuple[int, int], list[int]] = {}
    for k, (i0, i1, j0, j1) in enumerate(candidates):
        a, b = i1 - i0, j1 - j0
        if a and b:
            by_shape.setdefault((a, b), []).append(k)
        elif a or b:
            result[k] = skip
    widths = len(scorer._zh_explained)
    for (a, b), which in by_shape.items():
        if a > widths or b > widths:
            result[which] = -np.inf
            continue
        rows = np.array([candidates[k][0] for k in which])
        columns = np.array([candidates[k][2] for k in which])
        result[which] = scorer.scores_at(a, b, rows, columns)
    return result


def boundary_margins(scorer: ChapterScorer, beads: Sequence[Bead], skip: float) -> list[float]:
    """Per boundary k (between beads k and k + 1): the dictionary score of the two beads less that of the
    best other split of their union (zh split moved by up to 1, en by up to 2; an empty part merges)."""
    spans = boxes(beads)
    pairs, candidates = [], []
    for (i0, i1, j0, j1), (_, i2, _, j2) in zip(spans, spans[1:]):
        moves = [
            (i, j)
            for i in range(max(i0, i1 - 1), min(i2, i1 + 1) + 1)
            for j in range(max(j0, j1 - 2), min(j2, j1 + 2) + 1)
        ]
        pairs.append((len(candidates), moves.index((i1, j1)), len(moves)))
        for i, j in moves:
            candidates += [(i0, i, j0, j), (i, i2, j, j2)]
    values = dictionary_scores(scorer, candidates, skip)
    margins = []
    for first, chosen, count in pairs:
        totals = values[first : first + 2 * count].reshape(count, 2).sum(axis=1)
        others = np.delete(totals, chosen)
        margins.append(float(totals[chosen] - others.max()) if len(others) else np.inf)
    return margins


def stretches(margins: Sequence[float], threshold: float) -> list[tuple[int, int]]:
    """Runs [first, last) of beads joined by boundaries with a margin below ``threshold``."""
    runs: list[tuple[int, int]] = []
    for k, margin in enumerate(margins):
        if margin >= threshold:
            continue
        if runs and runs[-1][1] == k + 1:
            runs[-1] = (runs[-1][0], k + 2)
        else:
            runs.append((k, k + 2))
    return runs


def _before(starts: frozenset[int], size: int) -> list[int]:
    """before[k]: paragraph starts lower than k (none when a side has fewer than two: no evidence)."""
    marks = [0] * (size + 1)
    if len(starts) > 1:
        for start in starts:
            if 0 <= start <= size:
                marks[start] = 1
    before = [0]
    for mark in marks:
        before.append(before[-1] + mark)
    return before


class StretchScorer:
    """Margin scores of candidate beads of one chapter from joined-text vectors."""

    def __init__(
        self,
        zh: Sequence[str],
        en: Sequence[str],
        scorer: ChapterScorer,
        cache: PooledCache,
        params: RefineParams,
        paragraphs: Paragraphs,
        search: SearchParams = SearchParams(),
    ) -> None:
        self.n, self.m = len(zh), len(en)
        self.scorer, self.params, self.search = scorer, params, search
        self.zh, self.en = SpanVectors(zh, cache), SpanVectors(en, cache)
        both = len(paragraphs.zh) > 1 and len(paragraphs.en) > 1
        self.zh_breaks = paragraphs.zh if both else frozenset()
        self.en_breaks = paragraphs.en if both else frozenset()
        self._zh_before = _before(paragraphs.zh, self.n)
        self._en_before = _before(paragraphs.en, self.m)

    def _around(self, vectors: SpanVectors, size: int, spans: list[tuple[int, int]]) -> np.ndarray:
        """Per span: its neighbouring sentences' vectors (before, after), zero where the chapter ends."""
        width = len(vectors.get(spans[0]))
        result = np.zeros((len(spans), 2, width))
        for k, (start, end) in enumerate(spans):
            for side, sentence in enumerate((start - 1, end)):
                if 0 <= sentence < size:
                    result[k, side] = vectors.get((sentence, sentence + 1))
        return result

    def scores(self, candidates: Sequence[Box]) -> np.ndarray:
        """Score per two-sided candidate box (all spans embedded in one batch per side)."""
        if not candidates:
            return np.zeros(0)
        zh_spans = [(i0, i1) for i0, i1, _, _ in candidates]
        en_spans = [(j0, j1) for _, _, j0, j1 in candidates]
        for vectors, spans, size in ((self.zh, zh_spans, self.n), (self.en, en_spans, self.m)):
            singles = {(k, k + 1) for start, end in spans for k in (start - 1, end) if 0 <= k < size}
            vectors.prepare([*spans, *sorted(singles)])
        zh = np.array([self.zh.get(span) for span in zh_spans])
        en = np.array([self.en.get(span) for span in en_spans])
        cosine = np.einsum("kd,kd->k", zh, en)
        margins = []  # mean cosine of each side against the other side's neighbours
        for own, around in (
            (zh, self._around(self.en, self.m, en_spans)),
            (en, self._around(self.zh, self.n, zh_spans)),
        ):
            present = np.abs(around).sum(axis=2) > 0
            similarity = np.einsum("kd,ksd->ks", own, around)
            margins.append(
                np.where(
                    present.any(axis=1), similarity.sum(axis=1) / np.maximum(1, present.sum(axis=1)), np.nan
                )
            )
        stacked = np.array(margins)
        known = ~np.isnan(stacked)
        neighbours = np.where(
            known.any(axis=0), np.nansum(stacked, axis=0) / np.maximum(1, known.sum(axis=0)), 0.0
        )
        rows = np.array([i0 for i0, _, _, _ in candidates])
        columns = np.array([j0 for _, _, j0, _ in candidates])
        factors = np.empty(len(candidates))
        shapes = np.array([(i1 - i0, j1 - j0) for i0, i1, j0, j1 in candidates])
        for a, b in {tuple(shape) for shape in shapes.tolist()}:
            which = (shapes[:, 0] == a) & (shapes[:, 1] == b)
            factors[which] = self.scorer.length_factors_at(a, b, rows[which], columns[which])
        dictionary = dictionary_scores(self.scorer, candidates, self.params.skip)
        return (cosine - neighbours) * factors + self.params.dictionary * dictionary

    def paragraph_terms(self, box: Box) -> float:
        """Bonus for ending on a break on both sides, less the cost of breaks crossed (as the search)."""
        i0, i1, j0, j1 = box
        crossed = 0
        if i1 - i0 > 1:
            crossed += self._zh_before[i1] - self._zh_before[i0 + 1]
        if j1 - j0 > 1:
            crossed += self._en_before[j1] - self._en_before[j0 + 1]
        bonus = self.search.para_bonus if i1 in self.zh_breaks and j1 in self.en_breaks else 0.0
        return bonus - self.search.para_cross * crossed


def _allowed(path: Sequence[tuple[int, int]], reach: int, box: Box) -> set[tuple[int, int]]:
    """Cells of the stretch within ``reach`` of a point of the dictionary path (each side)."""
    i0, i1, j0, j1 = box
    return {
        (i, j)
        for pi, pj in path
        for i in range(max(i0, pi - reach), min(i1, pi + reach) + 1)
        for j in range(max(j0, pj - reach), min(j1, pj + reach) + 1)
    }


def realign_stretch(stretch: StretchScorer, spans: Sequence[Box]) -> list[Box]:
    """The best cover of the stretch made of ``spans`` (consecutive boxes), with the same ends."""
    params = stretch.params
    i0, _, j0, _ = spans[0]
    _, i1, _, j1 = spans[-1]
    cells = _allowed([(s[0], s[2]) for s in spans] + [(i1, j1)], params.reach, (i0, i1, j0, j1))
    shapes = [(1, 0), (0, 1)] + [
        (a, b)
        for a in range(1, params.max_zh + 1)
        for b in range(1, params.max_en + 1)
        if a + b <= params.max_size
    ]
    moves = [(i, j, a, b) for i, j in sorted(cells) for a, b in shapes if (i + a, j + b) in cells]
    two_sided = [(i, i + a, j, j + b) for i, j, a, b in moves if a and b]
    score = dict(zip(two_sided, stretch.scores(two_sided)))
    best: dict[tuple[int, int], tuple[float, tuple[int, int] | None]] = {(i0, j0): (0.0, None)}
    for i, j, a, b in moves:  # sorted by start cell, so every start is final before it is extended
        if (i, j) not in best:
            continue
        box = (i, i + a, j, j + b)
        gain = score.get(box, params.skip) + stretch.paragraph_terms(box)
        total = best[i, j][0] + gain
        if total > best.get((i + a, j + b), (-np.inf, None))[0]:
            best[i + a, j + b] = (total, (i, j))
    if (i1, j1) not in best:
        return list(spans)
    path, cell = [], (i1, j1)
    while cell != (i0, j0):
        start = best[cell][1]
        assert start is not None
        path.append((start[0], cell[0], start[1], cell[1]))
        cell = start
    return path[::-1]


def refine(
    zh: Sequence[str],
    en: Sequence[str],
    beads: Sequence[Bead],
    scorer: ChapterScorer,
    cache: PooledCache,
    params: RefineParams = RefineParams(),
    paragraphs: Paragraphs = Paragraphs(),
) -> list[Bead]:
    """The beads with every uncertain stretch re-decided by joined-text embeddings."""
    if len(beads) < 2:
        return list(beads)
    spans = boxes(beads)
    runs = stretches(boundary_margins(scorer, beads, SearchParams().skip_zh), params.uncertain)
    if not runs:
        return list(beads)
    stretch = StretchScorer(zh, en, scorer, cache, params, paragraphs)
    result: list[Box] = []
    done = 0
    for first, last in runs:
        result += spans[done:first] + realign_stretch(stretch, spans[first:last])
        done = last
    result += spans[done:]
    scores = dictionary_scores(scorer, result, 0.0)
    return [span_bead(*box, float(score)) for box, score in zip(result, scores)]
