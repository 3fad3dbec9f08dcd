"""How likely a zh chapter (or two) and an en chapter (or two) are the same text: a cheap content score.

Each chapter gets a profile once: its Chinese words (with the English stems the alignment lexicon
glosses them by: dictionary senses, pinyin of names, numerals as digits) or its English content stems,
over at most ``MAX_SENTENCES`` sentences sampled evenly. Two spans of chapters score

* ``zh_explained``: the share of the zh words (weighted by their rarity across the book's zh chapters,
  so that names, numbers and rare words count most) with a gloss among the en stems;
* ``en_explained``: the share of the en stems (weighted likewise) found in the zh gloss;
* ``content``: their harmonic mean;
* ``length``: min/max of the zh and en character counts (English divided by the book's en/zh ratio);
* ``score = content * sqrt(length)``, in [0, 1].

A merged or split chapter scored against only one of its halves explains about half of the other
side, so the spans that are one text score highest.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from alignment import chinese, english
from alignment.lexicon import Lexicon

MAX_SENTENCES = 120  # sentences read per chapter, spread evenly over it
SEGMENTS = 4  # the sentences of a chapter in this many blocks, each compared with the same part of the other
REACH = 0.125  # ... widened by this share of the other text on either side


def sample(sentences: Sequence[str], limit: int = MAX_SENTENCES) -> list[str]:
    """At most ``limit`` sentences spread evenly over the chapter (all of them when fewer)."""
    if len(sentences) <= limit:
        return list(sentences)
    step = len(sentences) / limit
    return [sentences[int(k * step)] for k in range(limit)]

Block = tuple[float, float, Mapping[str, frozenset[str]]]  # start, end (shares of a text), terms


@dataclass(frozen=True, eq=False)
class Profile:
    """One chapter side for the score: its sampled sentences' terms in ``SEGMENTS`` consecutive blocks.

    zh terms are words mapped to the English stems they may be translated by; en terms are stems
    mapped to themselves. ``chars`` counts the whole chapter without whitespace.
    """

    lang: str
    segments: tuple[Mapping[str, frozenset[str]], ...]
    chars: int

    @cached_property
    def terms(self) -> frozenset[str]:
        return frozenset().union(*self.segments)


def _terms(lang: str, sentence: str, lexicon: Lexicon) -> dict[str, frozenset[str]]:
    if lang == "zh":
        return {word: lexicon.candidates(word, pos) for word, pos in chinese.words(sentence)}
    return {stem: frozenset((stem,)) for stem in english.content_stems(sentence)}


def profile(lang: str, sentences: Sequence[str], lexicon: Lexicon) -> Profile:
    text = sample(sentences)
    segments: list[dict[str, frozenset[str]]] = [{} for _ in range(SEGMENTS)]
    for k, sentence in enumerate(text):
        segment = segments[k * SEGMENTS // len(text)]
        for term, gloss in _terms(lang, sentence, lexicon).items():
            segment[term] = segment.get(term, frozenset()) | gloss
    return Profile(lang, tuple(segments), sum(len(s) - s.count(" ") for s in sentences))


@dataclass(frozen=True)
class Similarity:
    zh_explained: float
    en_explained: float
    length: float

    @cached_property
    def content(self) -> float:
        total = self.zh_explained + self.en_explained
        return 2 * self.zh_explained * self.en_explained / total if total else 0.0

    @property
    def score(self) -> float:
        return self.content * math.sqrt(self.length)

    def describe(self) -> str:
        return (f"score {self.score:.2f} (zh explained {self.zh_explained:.2f}, en explained "
                f"{self.en_explained:.2f}, length {self.length:.2f})")


def rarity(profiles: Sequence[Profile]) -> dict[str, float]:
    """log((N + 1) / document frequency) of every term over one side's chapters: rare terms weigh most."""
    frequency = Counter(term for p in profiles for term in p.terms)
    return {term: math.log((len(profiles) + 1) / n) for term, n in frequency.items()}


class SimilarityModel:
    """Scores spans of one book's zh and en chapter profiles against each other."""

    def __init__(self, zh: Sequence[Profile], en: Sequence[Profile], en_per_zh: float = 1.0):
        self.zh, self.en, self.en_per_zh = zh, en, en_per_zh
        self.zh_weight, self.en_weight = rarity(zh), rarity(en)

    def _blocks(self, profiles: Sequence[Profile]) -> list[Block]:
        """The segments of chapters read as one text, each with its (start, end) share of that text."""
        total = sum(p.chars for p in profiles) or 1
        blocks, offset = [], 0.0
        for p in profiles:
            width = p.chars / total / len(p.segments)
            blocks += [(offset + k * width, offset + (k + 1) * width, seg) for k, seg in enumerate(p.segments)]
            offset += p.chars / total
        return blocks

    @staticmethod
    def _explained(blocks: list[Block], others: list[Block], weight: Mapping[str, float]) -> float:
        """Weighted share of the terms of ``blocks`` with a gloss among the terms of the ``others`` near them."""
        hit = total = 0.0
        for start, end, terms in blocks:
            near = frozenset().union(*(t for a, b, t in others if a < end + REACH and b > start - REACH))
            for term in sorted(terms):
                total += weight[term]
                if not terms[term].isdisjoint(near):
                    hit += weight[term]
        return hit / total if total else 0.0

    def similarity(self, zh: Sequence[int], en: Sequence[int]) -> Similarity:
        """The similarity of zh chapters ``zh`` (indices, read as one text) and en chapters ``en``."""
        zh_blocks = self._blocks([self.zh[i] for i in zh])
        en_blocks = self._blocks([self.en[j] for j in en])
        zh_gloss: list[Block] = [(a, b, frozenset().union(*t.values())) for a, b, t in zh_blocks]
        en_stems: list[Block] = [(a, b, frozenset(t)) for a, b, t in en_blocks]
        zh_explained = self._explained(zh_blocks, en_stems, self.zh_weight)
        en_explained = self._explained(en_blocks, zh_gloss, self.en_weight)
        zh_chars = sum(self.zh[i].chars for i in zh)
        en_chars = sum(self.en[j].chars for j in en) / self.en_per_zh
        length = min(zh_chars, en_chars) / max(zh_chars, en_chars) if zh_chars and en_chars else 0.0
        return Similarity(zh_explained, en_explained, length)
