"""Vectors of joined sentence spans from token features pooled across the span's sentences.

The sentence encoder averages token features and then applies a non-linear head. The vector of a
joined span is therefore the head applied to the pooled token features of all its sentences (one
start and one end token, as the joined text has), not an average of sentence vectors: joined text
scores bead shapes better (about 0.03 strict F1 in the prototype). Token features are computed once
per sentence text and cached, so a span of any width costs one small head evaluation, and a sentence
asked for again (a second pass, the next stretch, another chapter) is never encoded twice. The pooled
vector differs from that of the literally joined text only where n-gram windows would cross a sentence
boundary (cosine about 0.97-0.99 for spans of 2-3 sentences).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

Span = tuple[int, int]  # half-open sentence range


@dataclass(frozen=True)
class Pooled:
    """Token features of one sentence: the sum over its inner tokens, its start and end tokens' rows."""

    inner: np.ndarray
    start: np.ndarray
    end: np.ndarray
    count: int  # inner tokens


class Pooler(Protocol):
    def pool(self, texts: Sequence[str]) -> list[Pooled]:
        """Token features of each text."""
        ...

    def head(self, pooled: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """L2-normalised vectors of rows of summed token features over ``counts`` tokens."""
        ...


class PooledCache:
    """A pooler that remembers the features of every sentence it has encoded."""

    def __init__(self, pooler: Pooler) -> None:
        self.pooler = pooler
        self._features: dict[str, Pooled] = {}
        self.encoded = 0  # sentences sent to the model

    def features(self, texts: Iterable[str]) -> list[Pooled]:
        texts = list(texts)
        missing = list(dict.fromkeys(text for text in texts if text not in self._features))
        if missing:
            self._features.update(zip(missing, self.pooler.pool(missing)))
            self.encoded += len(missing)
        return [self._features[text] for text in texts]


class SpanVectors:
    """Vectors of spans of one side of a chapter; ``prepare`` computes a batch, ``get`` reads one."""

    def __init__(self, sentences: Sequence[str], cache: PooledCache) -> None:
        self._sentences, self._cache = sentences, cache
        self._spans: dict[Span, np.ndarray] = {}

    def prepare(self, spans: Iterable[Span]) -> None:
        todo = [span for span in dict.fromkeys(spans) if span not in self._spans]
        if not todo:
            return
        needed = sorted({k for i0, i1 in todo for k in range(i0, i1)})
        features = dict(zip(needed, self._cache.features(self._sentences[k] for k in needed)))
        pooled = np.array(
            [
                features[i0].start + sum(features[k].inner for k in range(i0, i1)) + features[i1 - 1].end
                for i0, i1 in todo
            ]
        )
        counts = np.array([sum(features[k].count for k in range(i0, i1)) + 2 for i0, i1 in todo])
        self._spans.update(zip(todo, self._cache.pooler.head(pooled, counts)))

    def get(self, span: Span) -> np.ndarray:
        return self._spans[span]
