"""A fake pooler for tests: every sentence of a gold bead of ``texts`` carries that bead's random vector."""

import numpy as np

from alignment.joined import Pooled
from tests.alignment.texts import EN, GOLD, ZH


class PlantedPooler:
    """Token features: the planted vector as the inner sum of one token; the head normalises."""

    def __init__(self, dimensions: int = 16) -> None:
        rng = np.random.default_rng(0)
        self.vectors: dict[str, np.ndarray] = {}
        for zh_idx, en_idx in GOLD:
            vector = rng.normal(size=dimensions)
            for text in [ZH[i] for i in zh_idx] + [EN[j] for j in en_idx]:
                self.vectors[text] = vector
        self.calls: list[list[str]] = []

    def pool(self, texts):
        self.calls.append(list(texts))
        zero = np.zeros_like(next(iter(self.vectors.values())))
        return [Pooled(self.vectors[text], zero, zero, 1) for text in texts]

    def head(self, pooled, counts):
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
