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

``SimilarityModel`` computes this on arrays: book-wide term ids (in the terms' sorted order, so that
weights are added in the same order as the definition above and the scores are equal to the last bit),
each chapter's blocks built once per place in a span, and per pair of chapters which blocks of one
explain which terms of the other, as bits; a span's score is then a few array operations.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from text import chinese, english
from text.lexicon import Lexicon

MAX_SENTENCES = 120  # sentences read per chapter, spread evenly over it
SEGMENTS = 4  # the sentences of a chapter in this many blocks, each compared with the same part of the other
REACH = 0.125  # ... widened by this share of the other text on either side


def sample(sentences: Sequence[str], limit: int = MAX_SENTENCES) -> list[str]:
    """At most ``limit`` sentences spread evenly over the chapter (all of them when fewer)."""
    if len(sentences) <= limit:
        return list(sentences)
    step = len(sentences) / limit
    return [sentences[int(k * step)] for k in range(limit)]


# zh: word -> the en stems it may be translated by; en: the stems, each once (a tuple: a long book holds many)
Terms = Mapping[str, frozenset[str]] | tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Profile:
    """One chapter side for the score: its sampled sentences' terms, each at its place in the chapter.

    A place is the share of the chapter's characters (without whitespace) before the sentence.
    """

    lang: str
    sentences: tuple[tuple[float, Terms], ...]
    chars: int

    @property
    def terms(self) -> frozenset[str]:
        return frozenset(term for _, terms in self.sentences for term in terms)


def _terms(lang: str, sentence: str, lexicon: Lexicon, words: Sequence[str] | None) -> Terms:
    if lang == "zh":
        tagged = chinese.words(sentence) if words is None else chinese.tagged(list(words))
        return {word: lexicon.candidates(word, pos) for word, pos in tagged}
    return tuple(dict.fromkeys(english.content_stems(sentence)))


def _chars(sentence: str) -> int:
    return len(sentence) - sentence.count(" ")


def profile(
    lang: str, sentences: Sequence[str], lexicon: Lexicon, words: Sequence[Sequence[str]] | None = None
) -> Profile:
    """The chapter's profile; ``words``: its zh sentences already segmented (``chinese.segment``)."""
    total = sum(map(_chars, sentences))
    places, before = {}, 0
    for k, sentence in enumerate(sentences):
        places[k] = before / total if total else 0.0
        before += _chars(sentence)
    picked = sample(list(range(len(sentences))))
    return Profile(
        lang,
        tuple((places[k], _terms(lang, sentences[k], lexicon, words[k] if words else None)) for k in picked),
        total,
    )


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
        return (
            f"score {self.score:.2f} (zh explained {self.zh_explained:.2f}, en explained "
            f"{self.en_explained:.2f}, length {self.length:.2f})"
        )


def rarity(profiles: Sequence[Profile]) -> dict[str, float]:
    """log((N + 1) / document frequency) of every term over one side's chapters: rare terms weigh most."""
    frequency = Counter(term for p in profiles for term in p.terms)
    return {term: math.log((len(profiles) + 1) / n) for term, n in frequency.items()}


class _Side:
    """One side's profiles as arrays: book-wide term ids (in the terms' sorted order) and weights, and per
    chapter its characters, its sampled sentences' places and term ids (the profiles themselves are not kept).
    A zh side also holds every word's gloss as ids of the en stems, padded: a word without a gloss among the
    en stems gets ``stems``, the id of no stem."""

    def __init__(
        self, profiles: Sequence[Profile], weight: Mapping[str, float], stems: Mapping[str, int] | None = None
    ):
        self.chars = [p.chars for p in profiles]
        self.ids = {term: k for k, term in enumerate(sorted(weight))}
        self.weight = np.array([weight[term] for term in sorted(weight)], dtype=np.float64)
        self.places = [np.array([place for place, _ in p.sentences], dtype=np.float64) for p in profiles]
        self.terms: list[np.ndarray] = []
        self.sentence_of: list[np.ndarray] = []
        for p in profiles:
            ids = [[self.ids[term] for term in terms] for _, terms in p.sentences]
            self.terms.append(np.array([t for row in ids for t in row], dtype=np.int32))
            self.sentence_of.append(np.repeat(np.arange(len(ids), dtype=np.int16), [len(row) for row in ids]))
        self.layouts: dict[tuple, _Layout] = {}
        self.canonical: dict[tuple, _Layout] = {}
        # where each term's gloss starts, the glosses' ids (zh only: an en side's are empty)
        self.gloss = (np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int32))
        if stems is not None:
            gloss: dict[int, set[int]] = {}
            # a zh side's terms map each word to its gloss
            glossed = {item for p in profiles for _, terms in p.sentences for item in terms.items()}  # type: ignore[union-attr]
            for term, stem_set in glossed:
                gloss.setdefault(self.ids[term], set()).update(stems[s] for s in stem_set if s in stems)
            rows = [sorted(gloss.get(k, ())) or [len(stems)] for k in range(len(self.ids))]
            self.gloss = (
                np.r_[0, np.cumsum([len(row) for row in rows])].astype(np.int64),
                np.array([t for row in rows for t in row], dtype=np.int32),
            )

    def layout(self, chapter: int, offset: float, end: float) -> _Layout | None:
        """The blocks of ``chapter`` read from ``offset`` to ``end`` (characters into the span), or None."""
        key = (chapter, offset, end)
        if key not in self.layouts:
            self.layouts[key] = self._layout(chapter, offset, end)
        return self.layouts[key]

    def _layout(self, chapter: int, offset: float, end: float) -> _Layout | None:
        width = (end - offset) / SEGMENTS
        if not width > 0:
            return None
        where = offset + self.places[chapter] * self.chars[chapter]
        segment = np.minimum(((where - offset) / width).astype(np.int64), SEGMENTS - 1)
        segment[where >= end] = -1
        canonical = (chapter, segment.tobytes())
        if canonical not in self.canonical:
            of_term = segment[self.sentence_of[chapter]]
            kept = of_term >= 0
            keys = np.unique(of_term[kept] * len(self.ids) + self.terms[chapter][kept])
            size = max(1, len(self.ids))
            self.canonical[canonical] = _Layout(
                self.weight, self.gloss, keys // size, (keys % size).astype(np.int32)
            )
        return self.canonical[canonical]


class _Layout:
    """One chapter's ``SEGMENTS`` blocks at one place in a span: every (segment, term) once, by segment
    then term id (the order in which the score adds up weights), and what is derived from them once. It
    holds its side's arrays, not the side, so that no cycle keeps a finished model's arrays alive."""

    def __init__(
        self,
        weight: np.ndarray,
        gloss: tuple[np.ndarray, np.ndarray],
        segment: np.ndarray,
        term: np.ndarray,
    ):
        self.segment, self.term, self._glosses = segment, term, gloss
        self.weight = weight[term]
        self.total = float(np.cumsum(self.weight)[-1]) if len(term) else 0.0
        self._stem_segments: np.ndarray | None = None
        self._gloss: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def stem_segments(self, size: int) -> np.ndarray:
        """en: per en stem id (and the id of no stem, ``size``), its segments as bits."""
        if self._stem_segments is None:
            bits = np.zeros(size + 1, dtype=np.uint8)
            for k in range(SEGMENTS):
                bits[self.term[self.segment == k]] |= np.uint8(1 << k)
            self._stem_segments = bits
        return self._stem_segments

    def gloss(self, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """zh: the gloss ids of every (segment, term), flat; where each term's start; and per en stem id
        the segments with a term glossed by it, as bits."""
        if self._gloss is None:
            gloss_start, gloss_ids = self._glosses
            begin, stop = gloss_start[self.term], gloss_start[self.term + 1]
            lengths = stop - begin
            starts = np.r_[0, np.cumsum(lengths)[:-1]].astype(np.int64)
            flat = gloss_ids[np.repeat(begin - starts, lengths) + np.arange(int(lengths.sum()))]
            segment = np.repeat(self.segment, lengths)
            bits = np.zeros(size + 1, dtype=np.uint8)
            for k in range(SEGMENTS):
                bits[flat[segment == k]] |= np.uint8(1 << k)
            bits[size] = 0
            self._gloss = flat, starts, bits
        return self._gloss


Blocks = list[
    tuple[_Layout, tuple[tuple[float, float], ...]]
]  # per chapter of a span: its layout, block places


@lru_cache(maxsize=4096)
def _near(
    blocks: tuple[tuple[tuple[float, float], ...], ...], others: tuple[tuple[tuple[float, float], ...], ...]
) -> tuple[np.ndarray, ...]:
    """Per chapter of ``blocks``, per segment: the blocks of ``others`` near it, as bits (chapter k of
    ``others``, segment s: bit ``SEGMENTS * k + s``), in bytes when they fit."""
    dtype = np.uint8 if SEGMENTS * len(others) <= 8 else np.uint64
    out = []
    for places in blocks:
        near = []
        for start, end in places:
            bits = 0
            for k, other in enumerate(others):
                for s, (a, b) in enumerate(other):
                    if a < end + REACH and b > start - REACH:
                        bits |= 1 << (SEGMENTS * k + s)
            near.append(bits)
        out.append(np.array(near, dtype=dtype))
    return tuple(out)


class SimilarityModel:
    """Scores spans of one book's zh and en chapter profiles against each other.

    Each chapter's blocks are term-id arrays built once per place in a span; which zh words of one chapter
    the stems of another explain, block by block, is computed once per pair of chapters (as bits), so a
    span's score is a few array operations. Weights are added in the order of the terms, as one sum.
    """

    def __init__(self, zh: Sequence[Profile], en: Sequence[Profile], en_per_zh: float = 1.0):
        self.en_per_zh = en_per_zh
        self._en = _Side(en, rarity(en))
        self._zh = _Side(zh, rarity(zh), self._en.ids)
        self._stems = len(self._en.ids)
        self._hits: dict[tuple[int, int], np.ndarray] = {}
        self._found: dict[tuple[int, int], np.ndarray] = {}

    def _blocks(self, side: _Side, members: Sequence[int], cut: float = 1.0) -> Blocks:
        """Chapters read as one text (its first ``cut`` share only): each chapter's layout and block places."""
        total = (sum(side.chars[i] for i in members) or 1) * cut
        blocks: Blocks = []
        offset = 0.0
        for i in members:
            chars = side.chars[i]
            end = min(offset + chars, total)
            width = (end - offset) / SEGMENTS
            layout = side.layout(i, offset, end)
            if layout is not None:
                places = tuple(
                    ((offset + k * width) / total, (offset + (k + 1) * width) / total)
                    for k in range(SEGMENTS)
                )
                blocks.append((layout, places))
            offset += chars
        return blocks

    def _zh_hits(self, zh: _Layout, en: _Layout) -> np.ndarray:
        """Per (segment, term) of ``zh``: the segments of ``en`` with a stem of its gloss, as bits."""
        key = (id(zh), id(en))
        if key not in self._hits:
            flat, starts, _ = zh.gloss(self._stems)
            self._hits[key] = (
                np.bitwise_or.reduceat(en.stem_segments(self._stems)[flat], starts)
                if len(starts)
                else np.zeros(0, np.uint8)
            )
        return self._hits[key]

    def _en_found(self, en: _Layout, zh: _Layout) -> np.ndarray:
        """Per (segment, stem) of ``en``: the segments of ``zh`` with a word glossed by it, as bits."""
        key = (id(en), id(zh))
        if key not in self._found:
            self._found[key] = zh.gloss(self._stems)[2][en.term]
        return self._found[key]

    @staticmethod
    def _explained(blocks: Blocks, others: Blocks, hits) -> float:
        """Weighted share of the terms of ``blocks`` with a gloss among the terms of the ``others`` near them.

        For chapters read as one text, the least share of any of them: each must be in the other side.
        """
        if not others:
            return 0.0
        near = _near(tuple(places for _, places in blocks), tuple(places for _, places in others))
        shares = []
        for (layout, _), near_bits in zip(blocks, near):
            if not layout.total:
                continue
            kind = near_bits.dtype.type
            bits = hits(layout, others[0][0]).astype(kind, copy=False)
            for k in range(1, len(others)):
                bits = bits | hits(layout, others[k][0]).astype(kind, copy=False) << kind(SEGMENTS * k)
            hit = (bits & near_bits[layout.segment]) != 0
            shares.append(float(np.cumsum(layout.weight * hit)[-1]) / layout.total)
        return min(shares, default=0.0)

    def similarity(self, zh: Sequence[int], en: Sequence[int], prefix: bool = False) -> Similarity:
        """The similarity of zh chapters ``zh`` (indices, read as one text) and en chapters ``en``.

        With ``prefix`` and a shorter en side, the zh side is cut to the en length first (a translation
        cut off still matches at its start); ``length`` stays that of the whole texts.
        """
        zh_chars = sum(self._zh.chars[i] for i in zh)
        en_chars = sum(self._en.chars[j] for j in en) / self.en_per_zh
        length = min(zh_chars, en_chars) / max(zh_chars, en_chars) if zh_chars and en_chars else 0.0
        zh_cut = length if prefix and zh_chars > en_chars else 1.0
        zh_blocks = self._blocks(self._zh, zh, zh_cut or 1.0)
        en_blocks = self._blocks(self._en, en)
        zh_explained = self._explained(zh_blocks, en_blocks, self._zh_hits)
        en_explained = self._explained(en_blocks, zh_blocks, self._en_found)
        return Similarity(zh_explained, en_explained, length)
