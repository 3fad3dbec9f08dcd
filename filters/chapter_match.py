"""Align a book's zh and en chapter sequences by content, seeded by the numbers parsed from titles.

A monotone dynamic programme over the two sequences (in number order) allows 1-1, 2-1 (two zh
chapters translated as one en chapter), 1-2 (one zh chapter split in two), 1-0 and 0-1 (left
unmatched). A pairing move gains its similarity (``filters.chapter_similarity``) minus the chance
level of its chapters (each chapter's median score against the chapters in its band: long chapters
and a book's common words explain much of any chapter) minus ``threshold``, plus ``number_bonus``
when the zh and en numbers agree, minus ``merge_penalty`` for a 2-1 or 1-2; leaving a chapter out
gains nothing. Where the numbers agree on a 1-1 pair and the en side is shorter, the start of the
zh chapter is scored too (a translation cut off is left to the length-ratio filter). So pairs that
number and content agree on stay as they are, and content moves a pair only when another partner
is better. The search keeps to a band of ``band`` chapters around where the numbers put each zh
chapter (widened so that both ends are reachable), so a long book costs time in proportion to its
length.
"""

from __future__ import annotations

import statistics
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from filters.chapter_similarity import Similarity


@dataclass(frozen=True)
class MatchConfig:
    threshold: float = 0.05  # a pair must score above this to be kept without help from the numbers
    number_bonus: float = 0.07  # added when the zh and en numbers agree (above the threshold: they decide ties)
    merge_penalty: float = 0.02  # taken from a 2-1 or 1-2 pair
    band: int = 8  # chapters either side of where the numbers put a zh chapter


@dataclass(frozen=True)
class Match:
    """One pair of the alignment: zh and en sequence indices (one or two each) and why."""

    zh: tuple[int, ...]
    en: tuple[int, ...]
    similarity: Similarity
    numbers_agree: bool


Score = Callable[..., Similarity]  # (zh indices, en indices, prefix=False)
_MOVES = ((1, 1), (2, 1), (1, 2), (1, 0), (0, 1))  # tie order: 1-1 first, skips last


def _expected(zh_numbers: Sequence[int | None], en_numbers: Sequence[int | None]) -> list[int]:
    """Where the numbers put each zh position (0..n) in the en sequence (0..m)."""
    m = len(en_numbers)
    numbered = [(number, j) for j, number in enumerate(en_numbers) if number is not None]
    keys = [number for number, _ in numbered]
    expected = []
    for i, number in enumerate(zh_numbers):
        if number is None or not numbered or number < keys[0]:
            guess = expected[-1] + 1 if expected else i
        else:
            k = bisect_right(keys, number) - 1
            guess = numbered[k][1] + number - keys[k]
        expected.append(min(max(guess, 0), m))
    expected.append(m)
    return expected


def _corridor(expected: list[int], m: int, band: int) -> list[tuple[int, int]]:
    """Per row i (zh chapters consumed) the en range [lo, hi] searched; monotone, connected, both ends."""
    lo = [max(0, e - band) for e in expected]
    hi = [min(m, e + band) for e in expected]
    lo[0], hi[-1] = 0, m
    for i in range(1, len(hi)):
        hi[i] = max(hi[i], hi[i - 1])
    for i in range(len(lo) - 2, -1, -1):
        lo[i] = min(lo[i], lo[i + 1])
    for i in range(1, len(lo)):
        lo[i] = min(lo[i], hi[i - 1])
    return list(zip(lo, hi))


def _baselines(corridor: list[tuple[int, int]], n: int, m: int, score: Score) -> tuple[list[float], list[float]]:
    """Per zh and per en chapter, the median 1-1 score with the chapters of the other side in its band.

    Most of those are other chapters, so the median is what the chapter scores by chance: long
    chapters and chapters of a book's common vocabulary explain much of any other.
    """
    zh: list[list[float]] = [[] for _ in range(n)]
    en: list[list[float]] = [[] for _ in range(m)]
    for i in range(n):
        for j in range(max(corridor[i][0], 0), min(corridor[i + 1][1], m)):
            value = score((i,), (j,)).score
            zh[i].append(value)
            en[j].append(value)
    return [statistics.median(v) if v else 0.0 for v in zh], [statistics.median(v) if v else 0.0 for v in en]


def match_chapters(
    zh_numbers: Sequence[int | None],
    en_numbers: Sequence[int | None],
    score: Score,
    config: MatchConfig = MatchConfig(),
) -> list[Match]:
    """The best monotone pairing of two chapter sequences; chapters in no Match are unmatched.

    ``score(zh_indices, en_indices)`` gives the similarity of those chapters read as one text each.
    """
    n, m = len(zh_numbers), len(en_numbers)
    score = cache(score)
    corridor = _corridor(_expected(zh_numbers, en_numbers), m, config.band)
    baseline = _baselines(corridor, n, m, score)
    best: dict[tuple[int, int], tuple[float, tuple[int, int] | None, Match | None]] = {(0, 0): (0.0, None, None)}
    for i in range(n + 1):
        lo, hi = corridor[i]
        for j in range(lo, hi + 1):
            if (i, j) == (0, 0):
                continue
            options = []
            for di, dj in _MOVES:
                source = (i - di, j - dj)
                if source not in best:
                    continue
                gain, match = 0.0, None
                if di and dj:
                    zh, en = tuple(range(i - di, i)), tuple(range(j - dj, j))
                    agree = zh_numbers[zh[0]] is not None and zh_numbers[zh[0]] == en_numbers[en[0]]
                    similarity = score(zh, en)
                    chance = statistics.mean([baseline[0][k] for k in zh] + [baseline[1][k] for k in en])
                    value = similarity.score
                    if agree and di + dj == 2 and similarity.length < 1:  # a translation cut off is no other text
                        start = score(zh, en, True)
                        value = max(value, start.content * (1 + similarity.length) / 2)
                    gain = value - chance - config.threshold + config.number_bonus * agree
                    gain -= config.merge_penalty * (di + dj > 2)
                    match = Match(zh, en, similarity, agree)
                options.append((best[source][0] + gain, source, match))
            if options:
                best[i, j] = max(options, key=lambda option: option[0])  # first of equals: move order
    matches = []
    cell: tuple[int, int] | None = (n, m)
    while cell is not None and cell != (0, 0):
        _, cell, match = best[cell]
        if match is not None:
            matches.append(match)
    return matches[::-1]
