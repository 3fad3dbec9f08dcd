"""Gale & Church (1993) length-based alignment: DP over 1-1, 1-0, 0-1, 2-1, 1-2, 2-2 beads."""

from __future__ import annotations

import math
from collections.abc import Sequence

from alignment.beads import Bead, span_bead

PRIORS = {(1, 1): 0.89, (1, 0): 0.0099, (0, 1): 0.0099, (2, 1): 0.089, (1, 2): 0.089, (2, 2): 0.011}
VARIANCE = 6.8  # per source character at ratio 1; scaled by the ratio (zh chars vs en chars: ~4)


def _cost(source_len: int, target_len: int, ratio: float, prior: float) -> float:
    """-log P(bead): -log prior - log P(|delta| this large) under the normal length model."""
    mean = (source_len + target_len / ratio) / 2
    delta = (source_len * ratio - target_len) / math.sqrt(max(mean, 1e-9) * VARIANCE * ratio)
    tail = math.erfc(abs(delta) / math.sqrt(2))  # 2 * (1 - Phi(|delta|))
    return -math.log(prior) - math.log(max(tail, 1e-300))


def gale_church(
    source_lens: Sequence[int], target_lens: Sequence[int], ratio: float = 1.0, free_first: bool = False
) -> list[Bead]:
    """Minimum-cost beads covering both sides; ``ratio`` = expected target chars per source char.

    With ``free_first`` the path may begin by leaving the first source or the first target sentence
    out at no cost (a 1-0 or 0-1 bead of probability 1): Bleualign's gap filler aligns a gap this way,
    so that the sentence next to the bead before the gap, which the BLEU merges did not attach to
    that bead, need not be forced into a length-based bead.
    """
    n, m = len(source_lens), len(target_lens)
    cost = [[math.inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int, float]]] = [[(0, 0, 0.0)] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    if free_first:
        for i, j in ((1, 0), (0, 1)):
            if i <= n and j <= m:
                cost[i][j], back[i][j] = 0.0, (i, j, 1.0)
    for i in range(n + 1):
        for j in range(m + 1):
            for (a, b), prior in PRIORS.items():
                if i < a or j < b or cost[i - a][j - b] == math.inf:
                    continue
                step = _cost(sum(source_lens[i - a : i]), sum(target_lens[j - b : j]), ratio, prior)
                if cost[i - a][j - b] + step < cost[i][j]:
                    cost[i][j] = cost[i - a][j - b] + step
                    back[i][j] = (a, b, math.exp(-step))
    beads = []
    i, j = n, m
    while i or j:
        a, b, probability = back[i][j]
        beads.append(span_bead(i - a, i, j - b, j, probability))
        i, j = i - a, j - b
    return beads[::-1]
