"""Bead similarity from a dictionary gloss: F-measure of explained Chinese and English x length factor."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from alignment import chinese, english
from alignment.lexicon import Lexicon

Hits = dict[str, frozenset[str]]  # zh word -> the English stems of one sentence it explains


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
        self.zh_chars = [char_count(sentence) for sentence in zh]
        self.en_chars = [char_count(sentence) for sentence in en]
        self.ratio = sum(self.en_chars) / max(1, sum(self.zh_chars))
        candidates: dict[str, set[str]] = defaultdict(set)
        for words in tagged:
            for word, pos in words:
                candidates[word] |= lexicon.candidates(word, pos)
        self.hits = self._hits(candidates)
        self._memo: dict[tuple[int, int, int, int], float] = {}

    def _hits(self, candidates: dict[str, set[str]]) -> dict[tuple[int, int], Hits]:
        """For every sentence pair with a match: which zh word explains which en stems."""
        where: dict[str, list[int]] = defaultdict(list)
        for j, stems in enumerate(self.en_stems):
            for stem in stems:
                where[stem].append(j)
        pairs: dict[tuple[int, int], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for i, words in enumerate(self.zh_words):
            for word in words:
                for stem in candidates[word]:
                    for j in where.get(stem, ()):
                        pairs[i, j][word].add(stem)
        return {pair: {word: frozenset(stems) for word, stems in hits.items()} for pair, hits in pairs.items()}

    def score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        key = (i0, i1, j0, j1)
        if key not in self._memo:
            self._memo[key] = self._score(i0, i1, j0, j1)
        return self._memo[key]

    def explained(self, i0: int, i1: int, j0: int, j1: int) -> tuple[set[str], set[str]]:
        """The zh words of zh[i0:i1] with a translation in en[j0:j1], and the en stems they explain."""
        explained_zh: set[str] = set()
        explained_en: set[str] = set()
        for i in range(i0, i1):
            for j in range(j0, j1):
                for word, stems in self.hits.get((i, j), {}).items():
                    explained_zh.add(word)
                    explained_en |= stems
        return explained_zh, explained_en

    def _score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        explained_zh, explained_en = self.explained(i0, i1, j0, j1)
        if not explained_zh:
            return 0.0
        zh_total = sum(self.zh_weight[word] for word in self.words_of(i0, i1))
        en_total = sum(self.en_weight[stem] for stem in self.stems_of(j0, j1))
        precision = sum(self.zh_weight[word] for word in explained_zh) / zh_total
        recall = sum(self.en_weight[stem] for stem in explained_en) / en_total
        lexical = 2 * precision * recall / (precision + recall)
        zh_chars = self.ratio * sum(self.zh_chars[i0:i1])
        return lexical * length_factor(zh_chars, sum(self.en_chars[j0:j1]))

    def words_of(self, i0: int, i1: int) -> frozenset[str]:
        return frozenset().union(*self.zh_words[i0:i1])

    def stems_of(self, j0: int, j1: int) -> frozenset[str]:
        return frozenset().union(*self.en_stems[j0:j1])
