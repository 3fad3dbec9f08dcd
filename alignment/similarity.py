"""Bead similarity from a dictionary gloss: F-measure of explained Chinese and English x length factor."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from itertools import accumulate

from alignment import chinese, english
from alignment.lexicon import Lexicon

Hits = tuple[frozenset[str], frozenset[str]]  # zh words of a sentence pair with a match, en stems they match


def _total(weights: dict[str, float], words: frozenset[str] | set[str]) -> float:
    """Sum of the words' weights in sorted order, so the float result does not depend on hash seeds."""
    return sum(weights[word] for word in sorted(words))


def idf(documents: Sequence[frozenset[str]]) -> dict[str, float]:
    """log(1 + N / document frequency) over the sentences of one chapter side."""
    frequency = Counter(item for document in documents for item in document)
    return {item: math.log(1 + len(documents) / count) for item, count in frequency.items()}


def length_factor(zh_chars: float, en_chars: float) -> float:
    """log2(1 + min/max) of ratio-corrected lengths: 1 for equal lengths, 0 when one side is empty."""
    if zh_chars <= 0 or en_chars <= 0:
        return 0.0
    return math.log2(1 + min(zh_chars, en_chars) / max(zh_chars, en_chars))


def char_count(text: str) -> int:
    return len(text) - text.count(" ")


class ChapterScorer:
    """Scores beads (spans of zh and en sentences) of one chapter; memoised, spans are half-open."""

    def __init__(self, zh: Sequence[str], en: Sequence[str], lexicon: Lexicon) -> None:
        tagged = [chinese.words(sentence) for sentence in zh]
        self.zh_words = [frozenset(word for word, _ in words) for words in tagged]
        self.en_stems = [frozenset(english.content_stems(sentence)) for sentence in en]
        self.zh_weight = idf(self.zh_words)
        self.en_weight = idf(self.en_stems)
        self.zh_prefix = list(accumulate((char_count(sentence) for sentence in zh), initial=0))
        self.en_prefix = list(accumulate((char_count(sentence) for sentence in en), initial=0))
        self.ratio = self.en_prefix[-1] / max(1, self.zh_prefix[-1])
        candidates: dict[str, set[str]] = defaultdict(set)
        for words in tagged:
            for word, pos in words:
                candidates[word] |= lexicon.candidates(word, pos)
        self.hits = self._hits(candidates)
        self._partners: dict[int, list[int]] = defaultdict(list)
        for i, j in sorted(self.hits):
            self._partners[i].append(j)
        self._memo: dict[tuple[int, int, int, int], float] = {}
        self._zh_total: dict[tuple[int, int], float] = {}
        self._en_total: dict[tuple[int, int], float] = {}

    def _hits(self, candidates: dict[str, set[str]]) -> dict[tuple[int, int], Hits]:
        """For every sentence pair with a match: which zh word explains which en stems."""
        where: dict[str, list[int]] = defaultdict(list)
        for j, stems in enumerate(self.en_stems):
            for stem in stems:
                where[stem].append(j)
        pairs: dict[tuple[int, int], tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
        for i, words in enumerate(self.zh_words):
            for word in words:
                for stem in candidates[word]:
                    for j in where.get(stem, ()):
                        explained_zh, explained_en = pairs[i, j]
                        explained_zh.add(word)
                        explained_en.add(stem)
        return {pair: (frozenset(zh), frozenset(en)) for pair, (zh, en) in pairs.items()}

    def partners(self, i: int) -> list[int]:
        """The en sentences sharing at least one match with zh sentence i, ascending."""
        return self._partners.get(i, [])

    def score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        key = (i0, i1, j0, j1)
        if key not in self._memo:
            self._memo[key] = self._score(i0, i1, j0, j1)
        return self._memo[key]

    def explained(self, i0: int, i1: int, j0: int, j1: int) -> tuple[set[str], set[str]]:
        """The zh words of zh[i0:i1] with a translation in en[j0:j1], and the en stems they explain."""
        found = [self.hits[i, j] for i in range(i0, i1) for j in range(j0, j1) if (i, j) in self.hits]
        if len(found) == 1:
            return set(found[0][0]), set(found[0][1])
        return set().union(*(zh for zh, _ in found)), set().union(*(en for _, en in found))

    def bound(self, i0: int, i1: int, j0: int, j1: int) -> float:
        """The length factor: an upper bound of the score."""
        zh_chars = self.ratio * (self.zh_prefix[i1] - self.zh_prefix[i0])
        return length_factor(zh_chars, self.en_prefix[j1] - self.en_prefix[j0])

    def _score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        explained_zh, explained_en = self.explained(i0, i1, j0, j1)
        if not explained_zh:
            return 0.0
        if (i0, i1) not in self._zh_total:
            self._zh_total[i0, i1] = _total(self.zh_weight, self.words_of(i0, i1))
        if (j0, j1) not in self._en_total:
            self._en_total[j0, j1] = _total(self.en_weight, self.stems_of(j0, j1))
        precision = _total(self.zh_weight, explained_zh) / self._zh_total[i0, i1]
        recall = _total(self.en_weight, explained_en) / self._en_total[j0, j1]
        return 2 * precision * recall / (precision + recall) * self.bound(i0, i1, j0, j1)

    def words_of(self, i0: int, i1: int) -> frozenset[str]:
        return frozenset().union(*self.zh_words[i0:i1])

    def stems_of(self, j0: int, j1: int) -> frozenset[str]:
        return frozenset().union(*self.en_stems[j0:j1])
