"""Whole score tables of a scorer, for tests that compare scorers bead by bead."""

import numpy as np

from alignment.search import Scorer


def full_scores(scorer: Scorer, a: int, b: int) -> np.ndarray:
    """(n - a + 1) x (m - b + 1): the scores of every a-b bead."""
    rows = np.arange(max(0, scorer.n - a + 1))[:, None]
    return scorer.scores_at(a, b, rows, np.arange(max(0, scorer.m - b + 1))[None, :])
