"""How likely a zh chapter (or two) and an en chapter (or two) are the same text: a cheap content score.

Each chapter gets a profile once: for at most ``MAX_SENTENCES`` sentences sampled evenly, its
Chinese words (with the English stems the alignment lexicon glosses them by: dictionary senses,
pinyin of names, numerals as digits) or its English content stems, each sentence at its place in the
chapter. Chapters read as one text are cut into ``SEGMENTS`` blocks per chapter by place, and a block
is compared with the blocks of the other side at about the same place (translation is linear, so
this tells a chapter from its neighbour that shares its names). Two spans of chapters score

* ``zh_explained``: the share of the zh words (weighted by their rarity across the book's zh chapters,
  so that names, numbers and rare words count most) with a gloss among the nearby en stems; for two
  zh chapters the lower of their shares, since each must be in the en text (an untranslated author's
  note next to a chapter is no merge);
* ``en_explained``: the share of the en stems (weighted likewise) found in the nearby zh gloss;
* ``content``: their harmonic mean;
* ``length``: min/max of the zh and en character counts (English divided by the book's en/zh ratio);
* ``score = content * sqrt(length)``, in [0, 1].

A merged or split chapter scored against only one of its halves explains about half of the other
side, so the spans that are one text score highest. With ``prefix``, a short en chapter is compared
with the start of the zh chapter only (a translation cut off is still that chapter's translation).
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

Terms = Mapping[str, frozenset[str]]  # zh word -> the en stems it may be translated by; en stem -> itself
Block = tuple[float, float, int, Terms]  # start, end (shares of a text), which chapter, its sentences' terms


@dataclass(frozen=True, eq=False)
class Profile:
    """One chapter side for the score: its sampled sentences' terms, each at its place in the chapter.

    A place is the share of the chapter's characters (without whitespace) before the sentence.
    """

    lang: str
    sentences: tuple[tuple[float, Terms], ...]
    chars: int

    @cached_property
    def terms(self) -> frozenset[str]:
        return frozenset(term for _, terms in self.sentences for term in terms)


def _terms(lang: str, sentence: str, lexicon: Lexicon) -> dict[str, frozenset[str]]:
    if lang == "zh":
        return {word: lexicon.candidates(word, pos) for word, pos in chinese.words(sentence)}
    return {stem: frozenset((stem,)) for stem in english.content_stems(sentence)}


def _chars(sentence: str) -> int:
    return len(sentence) - sentence.count(" ")


def profile(lang: str, sentences: Sequence[str], lexicon: Lexicon) -> Profile:
    total = sum(map(_chars, sentences))
    places, before = {}, 0
    for k, sentence in enumerate(sentences):
        places[k] = before / total if total else 0.0
        before += _chars(sentence)
    picked = sample(list(range(len(sentences))))
    return Profile(lang, tuple((places[k], _terms(lang, sentences[k], lexicon)) for k in picked), total)


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

    @staticmethod
    def _blocks(profiles: Sequence[Profile], cut: float = 1.0) -> list[Block]:
        """Chapters read as one text (its first ``cut`` share only): ``SEGMENTS`` blocks per chapter."""
        total = (sum(p.chars for p in profiles) or 1) * cut
        blocks: list[Block] = []
        offset = 0.0
        for member, p in enumerate(profiles):
            end = min(offset + p.chars, total)
            width = (end - offset) / SEGMENTS
            segments: list[dict[str, frozenset[str]]] = [{} for _ in range(SEGMENTS)]
            for place, terms in p.sentences:
                where = offset + place * p.chars
                if width > 0 and where < end:
                    segment = segments[min(int((where - offset) / width), SEGMENTS - 1)]
                    for term, gloss in terms.items():
                        segment[term] = segment.get(term, frozenset()) | gloss
            blocks += [((offset + k * width) / total, (offset + (k + 1) * width) / total, member, terms)
                       for k, terms in enumerate(segments) if width > 0]
            offset += p.chars
        return blocks

    @staticmethod
    def _explained(blocks: list[Block], others: list[Block], weight: Mapping[str, float]) -> float:
        """Weighted share of the terms of ``blocks`` with a gloss among the terms of the ``others`` near them.

        For chapters read as one text, the least share of any of them: each must be in the other side.
        """
        hit: Counter[int] = Counter()
        total: Counter[int] = Counter()
        for start, end, member, terms in blocks:
            near = frozenset().union(*(t for a, b, _, t in others if a < end + REACH and b > start - REACH))
            for term in sorted(terms):
                total[member] += weight[term]
                if not terms[term].isdisjoint(near):
                    hit[member] += weight[term]
        return min((hit[m] / total[m] for m in total if total[m]), default=0.0)

    def similarity(self, zh: Sequence[int], en: Sequence[int], prefix: bool = False) -> Similarity:
        """The similarity of zh chapters ``zh`` (indices, read as one text) and en chapters ``en``.

        With ``prefix`` and a shorter en side, the zh side is cut to the en length first (a translation
        cut off still matches at its start); ``length`` stays that of the whole texts.
        """
        zh_chars = sum(self.zh[i].chars for i in zh)
        en_chars = sum(self.en[j].chars for j in en) / self.en_per_zh
        length = min(zh_chars, en_chars) / max(zh_chars, en_chars) if zh_chars and en_chars else 0.0
        zh_cut = length if prefix and zh_chars > en_chars else 1.0
        zh_blocks = self._blocks([self.zh[i] for i in zh], zh_cut or 1.0)
        en_blocks = self._blocks([self.en[j] for j in en])
        zh_gloss: list[Block] = [(a, b, m, frozenset().union(*t.values())) for a, b, m, t in zh_blocks]
        en_stems: list[Block] = [(a, b, m, frozenset(t)) for a, b, m, t in en_blocks]
        zh_explained = self._explained(zh_blocks, en_stems, self.zh_weight)
        en_explained = self._explained(en_blocks, zh_gloss, self.en_weight)
        return Similarity(zh_explained, en_explained, length)
