"""Bead similarity from a dictionary gloss, as arrays: F-measure of explained Chinese and English x length factor.

A chapter is tokenised once (``ChapterTokens``: zh words, en stems, lengths). ``ChapterScorer`` gives the
words and stems chapter-local integer ids and builds, with numpy, for every zh sentence i and en span of
b sentences the idf weight of i's words that the span explains (and symmetrically for en sentences and zh
spans). Prefix sums over those give the score of every a-b bead in O(1) array arithmetic: all beads of one
shape at once (or only those in the search's band), no Python call per bead. A word that occurs in several sentences of a bead counts once per
sentence on both sides of the ratio.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import chain, repeat

import numpy as np

from alignment import marks
from text import chinese, english
from text.lexicon import Lexicon


def idf(frequencies: Sequence[int], documents: int) -> list[float]:
    """log(1 + N / document frequency) of each item of one chapter side of N sentences (documents)."""
    return [math.log(1 + documents / count) for count in frequencies]


def length_factor(zh_chars: float, en_chars: float) -> float:
    """log2(1 + min/max) of ratio-corrected lengths: 1 for equal lengths, 0 when one side is empty."""
    if zh_chars <= 0 or en_chars <= 0:
        return 0.0
    return math.log2(1 + min(zh_chars, en_chars) / max(zh_chars, en_chars))


def length_factors(zh_chars: np.ndarray, en_chars: np.ndarray) -> np.ndarray:
    """``length_factor`` elementwise."""
    low, high = np.minimum(zh_chars, en_chars), np.maximum(zh_chars, en_chars)
    return np.log2(1 + np.divide(low, high, out=np.zeros(low.shape), where=low > 0))  # log2(1) = 0


def char_count(text: str) -> int:
    return len(text) - text.count(" ")


@dataclass(frozen=True)
class ChapterTokens:
    """What the scorer needs of a chapter's text, computed once and reused by refinement."""

    zh_tagged: tuple[tuple[tuple[str, str], ...], ...]  # (word, part of speech) per zh sentence
    en_stems: tuple[frozenset[str], ...]
    zh_chars: tuple[int, ...]
    en_chars: tuple[int, ...]
    zh_marks: tuple[marks.Marks, ...] = ()  # quotations opened and closed, question marks, per zh sentence
    en_marks: tuple[marks.Marks, ...] = ()

    @classmethod
    def of(
        cls, zh: Sequence[str], en: Sequence[str], zh_words: Sequence[Sequence[str]] | None = None
    ) -> ChapterTokens:
        """The tokens of a chapter; ``zh_words``: its zh sentences already segmented (``chinese.segment``)."""
        if zh_words is None or len(zh_words) != len(zh):
            zh_words = [chinese.segment(sentence) for sentence in zh]
        return cls(
            tuple(tuple(chinese.tagged(list(words))) for words in zh_words),
            tuple(frozenset(english.content_stems(sentence)) for sentence in en),
            tuple(char_count(sentence) for sentence in zh),
            tuple(char_count(sentence) for sentence in en),
            tuple(marks.zh_marks(sentence) for sentence in zh),
            tuple(marks.en_marks(sentence) for sentence in en),
        )

    @cached_property
    def zh_words(self) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(word for word, _ in words) for words in self.zh_tagged)

    @cached_property
    def index(self) -> ChapterIndex:
        return ChapterIndex(self)


def glosses(tokens: ChapterTokens, lexicon: Lexicon) -> dict[str, frozenset[str]]:
    """zh word -> its candidate en stems that occur in the chapter (over all its parts of speech)."""
    present = frozenset().union(*tokens.en_stems)
    gloss: dict[str, frozenset[str]] = {}
    for word, pos in dict.fromkeys(chain.from_iterable(tokens.zh_tagged)):
        stems = lexicon.candidates(word, pos) & present
        gloss[word] = gloss[word] | stems if word in gloss else stems
    return gloss


def _ids(sentences: Sequence[frozenset[str]]) -> tuple[dict[str, int], np.ndarray, np.ndarray]:
    """Sorted vocabulary ids, and the (sentence, id) of every token, ordered by sentence, then id."""
    vocabulary = {item: k for k, item in enumerate(sorted(frozenset().union(*sentences)))}
    ids = [sorted(map(vocabulary.__getitem__, items)) for items in sentences]
    sizes = np.fromiter(map(len, ids), np.int64, len(ids))
    tokens = int(sizes.sum())
    return (
        vocabulary,
        np.repeat(np.arange(len(ids)), sizes),
        np.fromiter(chain.from_iterable(ids), np.int64, tokens),
    )


def _starts(owners: np.ndarray) -> np.ndarray:
    """Where each run of equal values of a sorted array begins."""
    return np.flatnonzero(np.concatenate(([True], owners[1:] != owners[:-1])))


def _links(
    gloss: Mapping[str, frozenset[str]], zh_vocab: dict[str, int], en_vocab: dict[str, int]
) -> np.ndarray:
    """(zh id, en id) of every gloss pair of a word and a stem of the chapter, in any order (_any_of sorts)."""
    words = [word for word in gloss if word in zh_vocab]
    stems = [gloss[word] for word in words]
    owners = np.repeat(
        np.fromiter(map(zh_vocab.__getitem__, words), np.int64, len(words)),
        np.fromiter(map(len, stems), np.int64, len(stems)),
    )
    flat = list(chain.from_iterable(stems))
    items = np.fromiter(map(en_vocab.get, flat, repeat(-1)), np.int64, len(flat))
    known = items >= 0
    return np.stack((owners[known], items[known]), axis=1)


def _occurrence(
    sentence_of: np.ndarray, item_of: np.ndarray, vocabulary_size: int, sentences: int
) -> np.ndarray:
    """vocabulary x sentences: item occurs in sentence."""
    table = np.zeros((vocabulary_size, sentences), dtype=bool)
    table[item_of, sentence_of] = True
    return table


def _any_of(links: np.ndarray, owner_size: int, occurrence: np.ndarray) -> np.ndarray:
    """owner x sentences: any item linked to the owner occurs in the sentence. ``links``: (owner, item) pairs."""
    result = np.zeros((owner_size, occurrence.shape[1]), dtype=bool)
    if len(links):
        order = np.lexsort((links[:, 1], links[:, 0]))
        owners, items = links[order, 0], links[order, 1]
        starts = _starts(owners)
        result[owners[starts]] = np.logical_or.reduceat(occurrence[items], starts, axis=0)
    return result


def _explained(
    hit: np.ndarray, sentence_of: np.ndarray, weight: np.ndarray, sentences: int, widths: int
) -> list[tuple[np.ndarray, np.ndarray]]:
    """For span widths 1..widths, prefix sums over sentences of two sentences x spans tables: the weight of
    a sentence's tokens explained by the span, and whether a sentence with content has none explained.

    ``hit`` is tokens x other-side sentences (the token has a translation in that sentence).
    """
    has_content = np.bincount(sentence_of, minlength=sentences) > 0
    live = hit.any(axis=1)  # tokens without any translation in the chapter add nothing
    hit, sentence_of, weight = hit[live], sentence_of[live], weight[live].astype(np.float32)
    starts = _starts(sentence_of)
    tables = []
    covered = hit
    for width in range(1, widths + 1):
        if width > 1:
            covered = covered[:, :-1] | hit[:, width - 1 :]
        columns = covered.shape[1]
        table = np.zeros((sentences, columns), dtype=np.float32)
        if len(sentence_of) and columns:
            table[sentence_of[starts]] = np.add.reduceat(covered * weight[:, None], starts, axis=0)
        explained = np.zeros((sentences + 1, columns))
        np.cumsum(table, axis=0, dtype=np.float64, out=explained[1:])
        orphans = np.zeros((sentences + 1, columns), dtype=np.int32)
        np.cumsum((table == 0) & has_content[:, None], axis=0, dtype=np.int32, out=orphans[1:])
        tables.append((explained, orphans))
    return tables


def _prefix_sums(counts: Sequence[marks.Marks], size: int) -> np.ndarray:
    """(size + 1) x 3 prefix sums of per-sentence mark counts (zeros when none were counted)."""
    table = np.zeros((size + 1, 3), dtype=np.int32)
    if len(counts) == size and size:
        np.cumsum(np.array(counts, dtype=np.int32), axis=0, out=table[1:])
    return table


def _span_sums(prefix: np.ndarray, width: int, memo: dict[int, np.ndarray]) -> np.ndarray:
    """Per span start: the sums over spans of ``width`` rows, from ``prefix`` sums (remembered in ``memo``)."""
    if width not in memo:
        memo[width] = prefix[width:] - prefix[:-width]
    return memo[width]


class ChapterIndex:
    """The gloss-independent arrays of a chapter (ids, occurrences, idf weights, prefix sums), built once
    per chapter and shared by the first pass and refinement."""

    def __init__(self, tokens: ChapterTokens) -> None:
        n, m = len(tokens.zh_chars), len(tokens.en_chars)
        self.zh_vocab, self.zh_sentence, self.zh_item = _ids(tokens.zh_words)
        self.en_vocab, self.en_sentence, self.en_item = _ids(tokens.en_stems)
        self.en_occurs = _occurrence(self.en_sentence, self.en_item, len(self.en_vocab), m)
        self.zh_occurs = _occurrence(self.zh_sentence, self.zh_item, len(self.zh_vocab), n)
        zh_frequency = np.bincount(self.zh_item, minlength=len(self.zh_vocab)).tolist()
        en_frequency = np.bincount(self.en_item, minlength=len(self.en_vocab)).tolist()
        self.zh_weight = np.array(idf(zh_frequency, n), dtype=np.float64)[self.zh_item]
        self.en_weight = np.array(idf(en_frequency, m), dtype=np.float64)[self.en_item]
        self.zh_total = np.r_[0.0, np.cumsum(np.bincount(self.zh_sentence, self.zh_weight, minlength=n))]
        self.en_total = np.r_[0.0, np.cumsum(np.bincount(self.en_sentence, self.en_weight, minlength=m))]
        self.zh_chars = np.r_[0, np.cumsum(tokens.zh_chars)]
        self.en_chars = np.r_[0, np.cumsum(tokens.en_chars)]
        self.zh_marks = _prefix_sums(tokens.zh_marks, n)
        self.en_marks = _prefix_sums(tokens.en_marks, m)


class ChapterScorer:
    """Scores of the beads of one chapter by shape; spans are half-open, arrays indexed by bead start."""

    def __init__(self, tokens: ChapterTokens, gloss: Mapping[str, frozenset[str]], max_size: int = 6) -> None:
        self.tokens = tokens
        self.gloss = gloss
        index = tokens.index
        n, m = len(tokens.zh_chars), len(tokens.en_chars)
        self.n, self.m = n, m
        links = _links(gloss, index.zh_vocab, index.en_vocab)
        word_hits = _any_of(links, len(index.zh_vocab), index.en_occurs)  # zh word x en sentence
        stem_hits = _any_of(links[:, ::-1], len(index.en_vocab), index.zh_occurs)  # en stem x zh sentence
        widths = max(1, max_size - 1)
        self._zh_explained = _explained(
            word_hits[index.zh_item], index.zh_sentence, index.zh_weight, n, widths
        )
        self._en_explained = _explained(
            stem_hits[index.en_item], index.en_sentence, index.en_weight, m, widths
        )
        self._zh_total, self._en_total = index.zh_total, index.en_total
        self._zh_chars, self._en_chars = index.zh_chars, index.en_chars
        self._zh_marks, self._en_marks = index.zh_marks, index.en_marks
        self._zh_marks_memo: dict[int, np.ndarray] = {}
        self._en_marks_memo: dict[int, np.ndarray] = {}
        self.ratio = self._en_chars[-1] / max(1, self._zh_chars[-1])
        self._zh_span_memo: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._en_span_memo: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def scores_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Scores of the a-b beads starting at (rows, columns) (broadcast index arrays, columns <= m - b)."""
        if a > self.n or b > self.m:
            return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))
        zh_prefix = self._zh_explained[b - 1][0]  # (n + 1) x (m - b + 1)
        en_prefix = self._en_explained[a - 1][0]  # (m + 1) x (n - a + 1)
        explained_zh = zh_prefix[rows + a, columns] - zh_prefix[rows, columns]
        explained_en = en_prefix[columns + b, rows] - en_prefix[columns, rows]
        zh_total, en_total = self._zh_spans(a)[0][rows], self._en_spans(b)[0][columns]
        precision = np.divide(explained_zh, zh_total, out=np.zeros(explained_zh.shape), where=zh_total > 0)
        recall = np.divide(explained_en, en_total, out=np.zeros(explained_en.shape), where=en_total > 0)
        both = precision + recall
        f1 = np.divide(2 * precision * recall, both, out=np.zeros(both.shape), where=both > 0)
        return f1 * self.length_factors_at(a, b, rows, columns)

    def _zh_spans(self, a: int) -> tuple[np.ndarray, np.ndarray]:
        """Per start of a span of a zh sentences: its idf weight and its length scaled by the chapter ratio."""
        if a not in self._zh_span_memo:
            chars = self._zh_chars[a:] - self._zh_chars[:-a]
            self._zh_span_memo[a] = (self._zh_total[a:] - self._zh_total[:-a], self.ratio * chars)
        return self._zh_span_memo[a]

    def _en_spans(self, b: int) -> tuple[np.ndarray, np.ndarray]:
        """Per start of a span of b en sentences: its idf weight and its length."""
        if b not in self._en_span_memo:
            self._en_span_memo[b] = (
                self._en_total[b:] - self._en_total[:-b],
                self._en_chars[b:] - self._en_chars[:-b],
            )
        return self._en_span_memo[b]

    def length_factors_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: the beads' length factors (zh lengths scaled by the chapter ratio)."""
        return length_factors(self._zh_spans(a)[1][rows], self._en_spans(b)[1][columns])

    def orphans_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: how many zh sentences of the bead (with content words) have nothing explained.

        (Counting en sentences too fitted mac-dev better but moved short English sentences out of their
        beads on the BWB example.)
        """
        if a > self.n or b > self.m:
            return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))
        zh_prefix = self._zh_explained[b - 1][1]
        return zh_prefix[rows + a, columns] - zh_prefix[rows, columns]

    def marks_mismatch_at(self, a: int, b: int, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: how far the beads' joined zh and en text differ in quotations opened, in
        quotations closed and in question marks (``alignment.marks``), summed."""
        zh = _span_sums(self._zh_marks, a, self._zh_marks_memo)[rows]
        difference = zh - _span_sums(self._en_marks, b, self._en_marks_memo)[columns]
        return np.abs(difference, out=difference).sum(axis=-1)

    def score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        """One bead's score (both spans non-empty)."""
        return float(self.scores_at(i1 - i0, j1 - j0, np.array(i0), np.array(j0)))

    def words_of(self, i0: int, i1: int) -> frozenset[str]:
        return frozenset().union(*self.tokens.zh_words[i0:i1])

    def stems_of(self, j0: int, j1: int) -> frozenset[str]:
        return frozenset().union(*self.tokens.en_stems[j0:j1])

    def explained(self, i0: int, i1: int, j0: int, j1: int) -> tuple[set[str], set[str]]:
        """The zh words of zh[i0:i1] with a translation in en[j0:j1], and the en stems they explain."""
        stems = self.stems_of(j0, j1)
        words = {word for word in self.words_of(i0, i1) if self.gloss.get(word, frozenset()) & stems}
        return words, set().union(*(self.gloss[word] & stems for word in words))
