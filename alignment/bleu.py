"""Symmetric sentence-level BLEU (Sennrich & Volk 2010): no smoothing, scored only with a top-order match."""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from dataclasses import dataclass

# NIST mteval-v11a style normalisation: punctuation split off (not the apostrophe), period and comma kept
# inside numbers, dash split after a digit.
_PUNCTUATION = re.compile(r"([{-~\[-` -&(-+:-@/])")
_PERIOD_COMMA = (re.compile(r"([^0-9])([.,])"), re.compile(r"([.,])([^0-9])"))
_DIGIT_DASH = re.compile(r"([0-9])(-)")


def tokenize(text: str) -> list[str]:
    text = f" {html.unescape(text).lower()} "
    text = _PUNCTUATION.sub(r" \1 ", text)
    text = _PERIOD_COMMA[0].sub(r"\1 \2 ", text)
    text = _PERIOD_COMMA[1].sub(r" \1 \2", text)
    return _DIGIT_DASH.sub(r"\1 \2 ", text).split()


@dataclass(frozen=True)
class Ngrams:
    counts: tuple[Counter, ...]  # order k-1 -> Counter of k-grams
    length: int

    @classmethod
    def of(cls, tokens: list[str], order: int) -> Ngrams:
        counts = tuple(Counter(zip(*(tokens[s:] for s in range(k)))) for k in range(1, order + 1))
        return cls(counts, len(tokens))

    def total(self, k: int) -> int:
        return max(0, self.length - k)


def _bleu(matches: tuple[int, ...], totals: list[int], own_length: int, other_length: int) -> float:
    log_precision = sum(math.log(match / total) for match, total in zip(matches, totals)) / len(matches)
    return math.exp(log_precision + min(0.0, 1 - other_length / own_length))


def symmetric_bleu(translation: Ngrams, target: Ngrams) -> tuple[float, tuple[int, ...]] | None:
    """Harmonic mean of BLEU and reverse BLEU, with the matched n-gram counts; None without a top-order match."""
    matches = tuple(
        sum(min(count, reference[gram]) for gram, count in hypothesis.items())
        for hypothesis, reference in zip(translation.counts, target.counts)
    )
    if not matches[-1]:
        return None
    order = len(matches)
    forward = _bleu(matches, [translation.total(k) for k in range(order)], translation.length, target.length)
    backward = _bleu(matches, [target.total(k) for k in range(order)], target.length, translation.length)
    return 2 * forward * backward / (forward + backward), matches
