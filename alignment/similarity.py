"""Bead similarity from a dictionary gloss, as arrays: F-measure of explained Chinese and English x length factor.

A chapter is tokenised once (``ChapterTokens``: zh words, en stems, lengths). ``ChapterScorer`` gives the
words and stems chapter-local integer ids and computes, with numpy, for a zh sentence i and an en span of
b sentences the idf weight of i's words that the span explains (and symmetrically for en sentences and zh
spans), where the search reads it (``Explained``: the anchors' band, then the corridor). Prefix sums over
those give the score of every a-b bead in O(1) array arithmetic: all beads asked for at once, no Python
call per bead. A word that occurs in several sentences of a bead counts once per sentence on both sides
of the ratio.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from functools import cached_property, lru_cache
from itertools import chain, repeat
from operator import itemgetter

import numpy as np

from alignment import clauses, marks
from alignment.search import SearchParams, Shape
from text import chinese, english
from text.lexicon import Lexicon

T = TypeVar("T")
TINY = np.finfo(np.float64).smallest_subnormal  # a divisor for 0 / 0 = 0 (x / TINY = x / y for every y > 0)


def idf(frequencies: Sequence[int], documents: int) -> list[float]:
    """log(1 + N / document frequency) of each item of one chapter side of N sentences (documents)."""
    return [math.log(1 + documents / count) for count in frequencies]


def length_ratios(zh_chars: np.ndarray, en_chars: np.ndarray) -> np.ndarray:
    """1 + min/max of ratio-corrected lengths, elementwise: 2 for equal lengths, 1 where one side is empty."""
    low, high = np.minimum(zh_chars, en_chars), np.maximum(zh_chars, en_chars)
    return 1 + low / np.maximum(high, TINY)  # low = 0 wherever high = 0


def length_factors(zh_chars: np.ndarray, en_chars: np.ndarray) -> np.ndarray:
    """log2 of ``length_ratios``: 1 for equal lengths, 0 where one side is empty."""
    return np.log2(length_ratios(zh_chars, en_chars))


def char_count(text: str) -> int:
    return len(text) - text.count(" ")


@lru_cache(maxsize=1 << 17)
def _tag(word: str) -> tuple[str, str]:
    """A zh word and its part of speech (``chinese.tagged``), memoised: words recur, and this memo is read
    about three times faster than jieba's table of 349,000 words (cache misses); a long book's chapters
    share the pairs rather than hold one per occurrence."""
    return word, chinese.tagged([word])[0][1]


@dataclass(frozen=True)
class ChapterTokens:
    """What the scorer needs of a chapter's text, computed once and reused by refinement."""

    zh_tagged: tuple[tuple[tuple[str, str], ...], ...]  # (word, part of speech) per zh sentence
    en_stems: tuple[tuple[str, ...], ...]  # per en sentence, sorted, once each (a tuple is a third of a set)
    zh_chars: tuple[int, ...]
    en_chars: tuple[int, ...]
    zh_marks: tuple[marks.Marks, ...] = ()  # quotations opened and closed, question marks, per zh sentence
    en_marks: tuple[marks.Marks, ...] = ()
    zh_ends: tuple[int, ...] = ()  # the sentence ends in speech: yes 1, maybe 0, no -1 (marks.zh_ends_quoted)
    en_ends: tuple[int, ...] = ()
    zh_text: tuple[str, ...] = ()  # the zh sentences (their clauses, read at bead borders: clause_support)

    @classmethod
    def of(
        cls, zh: Sequence[str], en: Sequence[str], zh_words: Sequence[Sequence[str]] | None = None
    ) -> ChapterTokens:
        """The tokens of a chapter; ``zh_words``: its zh sentences already segmented (``chinese.segment``)."""
        if zh_words is None or len(zh_words) != len(zh):
            zh_words = [chinese.segment(sentence) for sentence in zh]
        return cls(
            tuple(tuple(map(_tag, words)) for words in zh_words),
            tuple(tuple(sorted(set(english.content_stems(sentence)))) for sentence in en),
            tuple(char_count(sentence) for sentence in zh),
            tuple(char_count(sentence) for sentence in en),
            tuple(marks.zh_marks(sentence) for sentence in zh),
            tuple(marks.en_marks(sentence) for sentence in en),
            tuple(marks.zh_ends_quoted(sentence) for sentence in zh),
            tuple(marks.en_ends_quoted(sentence) for sentence in en),
            tuple(zh),
        )

    @cached_property
    def index(self) -> ChapterIndex:
        return ChapterIndex(self)


def glosses(tokens: ChapterTokens, lexicon: Lexicon, by_parts: bool = True) -> dict[str, frozenset[str]]:
    """zh word -> its candidate en stems that occur in the chapter (over all its parts of speech).

    With ``by_parts``, a word of several characters, not a name, none of whose candidates occur is glossed
    by the shorter words it is made of (``Lexicon.parts``): translators often render an idiom or a
    compound by its pieces' meanings rather than by a dictionary sense (docs/stages.md, Align).
    """
    present = frozenset().union(*tokens.en_stems)
    gloss: dict[str, frozenset[str]] = {}
    for word, pos in dict.fromkeys(chain.from_iterable(tokens.zh_tagged)):
        stems = lexicon.candidates(word, pos) & present
        if by_parts and not stems and len(word) > 1 and not chinese.is_name(pos):
            stems = lexicon.parts(word) & present
        gloss[word] = gloss[word] | stems if word in gloss else stems
    return gloss


def _ids(sentences: Sequence[Collection[str]]) -> tuple[dict[str, int], np.ndarray, np.ndarray]:
    """Sorted vocabulary ids, and the (sentence, id) of every token, ordered by sentence, then id (each
    sentence's items distinct)."""
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
    """vocabulary x ceil(sentences / 64): the sentences each item occurs in, as bits (``np.packbits`` order)
    packed into uint64."""
    table = np.zeros((vocabulary_size, sentences), dtype=bool)
    table[item_of, sentence_of] = True
    packed = np.zeros((vocabulary_size, -(-sentences // 64) * 8), dtype=np.uint8)
    packed[:, : -(-sentences // 8)] = np.packbits(table, axis=1)
    return packed.view(np.uint64)


def _any_of(links: np.ndarray, owner_size: int, occurrence: np.ndarray) -> np.ndarray:
    """owner x words of bits: the sentences where any item linked to the owner occurs, as bits (``_occurrence``).
    ``links``: (owner, item) pairs; the items' bits are OR-ed per owner 64 sentences at a time (a boolean OR
    per owner and sentence costs 10x more)."""
    result = np.zeros((owner_size, occurrence.shape[1]), dtype=np.uint64)
    if len(links):
        order = np.argsort(links[:, 0], kind="stable")
        owners, packed = links[order, 0], occurrence[links[order, 1]]
        starts = _starts(owners)
        for k in range(occurrence.shape[1]):
            result[owners[starts], k] = np.bitwise_or.reduceat(packed[:, k], starts)
    return result


def _unpack(bits: np.ndarray, sentences: int) -> np.ndarray:
    """owner x sentences booleans of ``_any_of``'s bits."""
    return np.unpackbits(bits.view(np.uint8), axis=1, count=sentences).view(bool)


def _extends(gloss: Mapping[str, frozenset[str]], base: Mapping[str, frozenset[str]]) -> bool:
    """``gloss`` has the words of ``base``, each with the same stems or more."""
    return gloss.keys() == base.keys() and all(
        stems is base[word] or stems >= base[word] for word, stems in gloss.items()
    )


BLOCK = 16  # other-side sentences per block of an explained table that is filled at once ...
WHOLE = 128  # ... unless the other side has at most this many: then one block


def _span_hits(hits: np.ndarray, widths: int, columns: int) -> np.ndarray:
    """widths x owners x ``columns`` (>= other-side sentences): [w - 1, o, j] = any of hits[o, j:j + w], False
    where the span would end past the other side."""
    owners, size = hits.shape
    table = np.empty((widths, owners, columns), dtype=bool)  # each cell is set once (zeroing first cost more)
    table[0, :, :size] = hits
    for width in range(2, min(widths, size) + 1):
        starts = size - width + 1
        np.logical_or(table[width - 2, :, :starts], hits[:, width - 1 :], out=table[width - 1, :, :starts])
    for width in range(1, widths + 1):  # where no span of the width starts
        table[width - 1, :, max(0, size - width + 1) :] = False
    return table


def _accumulate(values: np.ndarray, out: np.ndarray) -> None:
    """Prefix sums over axis 1 of widths x sentences x columns: out[:, 0] = 0, out[:, k + 1] = out[:, k] +
    values[:, k]. More than ``BLOCK`` columns (a short chapter's whole table) are summed by doubling
    (out[:, k + 1] += out[:, k + 1 - step] for step 1, 2, 4...): log2(sentences) whole-table adds cost about a
    third less than numpy's cumsum along a middle axis there, more on a block's few columns. The sums are
    exact (counts, or multiples of ``WEIGHT_STEP``), so the order of the additions changes no bit."""
    out[:, 0] = 0
    if values.shape[2] <= BLOCK:
        np.cumsum(values, axis=1, dtype=out.dtype, out=out[:, 1:])
        return
    sums = out[:, 1:]
    sums[...] = values
    step = 1
    while step < sums.shape[1]:
        sums[:, step:] += sums[:, :-step]  # (numpy reads the overlapping operand as it was)
        step *= 2


class Explained:
    """One side's explained weights, filled lazily: [w - 1, s, j] = the idf weight of sentence s's tokens
    that have a translation in the other side's span of w sentences from j (float32, exact: the weights are
    multiples of ``WEIGHT_STEP``, ``ChapterIndex``'s; 0 where the span would end past the other side).

    A block of ``BLOCK`` other-side sentences (all of them, up to ``whole``) of one (w, s) is computed the
    first time a bead reads it: the search reads a band around the diagonal, not every pair of sentences.
    A single block (a short other side) is computed whole at the first read, from each token's distance to
    its nearest hit (``_fill_whole``: one pass over the tokens x columns with a hit within the widest span,
    not one per width).
    Beads read prefix sums over sentences (``sums``, and with ``orphans`` the count of sentences with tokens
    and nothing explained). Per width and block they are summed from the first sentence read to the last
    one (over the rows that a band crosses, not the whole side), and again when reads reach beyond them
    or fill blocks inside them. They are exact (float64 sums of float32 weights of at least log 2; float32
    sums where the weights are in steps and few enough), so a bead's sum does not depend on where the sums
    begin or which other blocks were filled.
    """

    def __init__(
        self,
        hits: np.ndarray,
        sentence_of: np.ndarray,
        item_of: np.ndarray,
        weight: np.ndarray,
        sentences: int,
        widths: int,
        orphans: bool,
        whole: int = WHOLE,
    ) -> None:
        """``hits``: items x other-side sentences (the item has a translation there); ``sentence_of``,
        ``item_of`` and ``weight`` (idf, positive): per token, ordered by sentence. ``whole``: the most
        other-side sentences that are one block."""
        block = BLOCK if hits.shape[1] > whole else max(1, hits.shape[1])
        blocks = -(-hits.shape[1] // block)
        # [(w - 1, item, block)] by blocks; a single block reads the hits themselves (_fill_whole)
        self._hits = hits if blocks == 1 else _span_hits(hits, widths, blocks * block).reshape(-1, block)
        self._content = np.bincount(sentence_of, minlength=sentences).astype(bool)[:, None]  # has tokens
        live = hits.any(axis=1)[item_of]  # tokens with no translation in the chapter explain nothing
        sentence_of, item_of = sentence_of[live], item_of[live]
        self._items, self._weight = len(hits), weight[live].astype(np.float32)
        self._item_rows = item_of * blocks  # a token's row of ``_hits`` at width 1 and block 0
        self._sentence_of = sentence_of
        # sentence s's (live) tokens are first[s]:first[s + 1]
        self._first = np.searchsorted(sentence_of, np.arange(sentences + 1))
        self._shape = (widths, sentences, blocks)
        self._block = block
        self._values = np.zeros((widths, sentences, blocks * block), dtype=np.float32)
        done = np.ones(self._shape, dtype=bool)  # sentences without live tokens explain nothing
        done[:, self._first[1:] > self._first[:-1]] = False
        self._done = done.ravel()
        # not zeroed (that cost more than filling the band the search reads): only summed cells are read
        # float32 where every sum is exact (weights in steps, the side's whole weight below 2 ** 24 of them, as
        # a chapter's: ``ChapterIndex``): half the memory to sum and read
        steps = weight / WEIGHT_STEP
        exact = bool((steps == np.round(steps)).all()) and float(steps.sum()) < 2**24
        self.sums = np.empty(
            (widths, sentences + 1, blocks * block), dtype=np.float32 if exact else np.float64
        )
        # counts of at most ``sentences``, in the smallest unsigned type that holds them
        self.orphans = np.empty(self.sums.shape, dtype=np.min_scalar_type(sentences)) if orphans else None
        # per width and block, the sentences the sums run over (none yet: low > high)
        self._low = np.full((widths, blocks), sentences)
        self._high = np.full((widths, blocks), -1)

    def cells(
        self, width: Shape, first: np.ndarray, count: Shape, other: np.ndarray
    ) -> tuple[np.ndarray, ...]:
        """Flat indices into ``sums`` (and ``orphans``) of [width - 1, first, other] and [width - 1, first +
        count, other], after filling the blocks of the sentences in between."""
        widths, sentences, blocks = self._shape
        if blocks == 1:  # a short other side: every block at the first read, summed over every sentence
            if self._high[0, 0] < 0:  # not summed yet
                self._fill_whole()
                self._sum_block(0, slice(None), 0, sentences)
                self._low[:], self._high[:] = 0, sentences - 1
        else:
            first_rows = np.zeros(self._shape, dtype=bool)
            first_rows.ravel()[((width - 1) * sentences + first) * blocks + other // self._block] = True
            need = first_rows.copy()
            for t in range(1, int(np.max(count))):  # the next sentences, for every bead (cheaper than for
                need[:, t:] |= first_rows[:, :-t]  # those with t < count)
            fresh = need > self._done.reshape(self._shape)
            missing = np.flatnonzero(fresh)
            if len(missing):
                self._fill(missing)
            self._extend(need, fresh.any(axis=1))
        columns = blocks * self._block
        start = ((width - 1) * (sentences + 1) + first) * columns + other
        return start, start + count * columns

    def _extend(self, need: np.ndarray, filled: np.ndarray) -> None:
        """Sum again the widths and blocks that were ``filled`` (widths x blocks) or whose sentences ``need``
        (widths x sentences x blocks) reaches beyond the sums."""
        widths, sentences, _ = self._shape
        read = need.any(axis=1)
        low = np.minimum(self._low, np.where(read, need.argmax(axis=1), sentences))
        high = np.maximum(self._high, np.where(read, sentences - 1 - need[:, ::-1].argmax(axis=1), -1))
        stale = filled | (low < self._low) | (high > self._high)
        self._low, self._high = low, high
        blocks = np.flatnonzero(stale.any(axis=0))
        if not len(blocks):
            return
        # per stale block, the widths from its first stale one to its last, summed over their sentences
        stale = stale[:, blocks]
        first, last = stale.argmax(axis=0), widths - stale[::-1].argmax(axis=0)
        touched = (np.arange(widths)[:, None] >= first) & (np.arange(widths)[:, None] < last)
        start = np.where(touched, low[:, blocks], sentences).min(axis=0)
        end = np.where(touched, high[:, blocks], -1).max(axis=0) + 1
        low[:, blocks] = np.where(touched, start, low[:, blocks])
        high[:, blocks] = np.where(touched, end - 1, high[:, blocks])
        for b, w0, w1, s0, s1 in zip(*(x.tolist() for x in (blocks, first, last, start, end))):
            self._sum_block(b, slice(w0, w1), s0, s1)

    def _sum_block(self, block: int, widths: slice, start: int, end: int) -> None:
        """The prefix sums of a block's columns for ``widths`` over sentences start:end (0 at start)."""
        columns = slice(block * self._block, (block + 1) * self._block)
        values = self._values[widths, start:end, columns]
        _accumulate(values, self.sums[widths, start : end + 1, columns])
        if self.orphans is not None:
            orphans = (values == 0) & self._content[start:end]
            _accumulate(orphans, self.orphans[widths, start : end + 1, columns])

    def _fill_whole(self) -> None:
        """Every (w, s) of a single block: a token's item has a hit in the span of w sentences from j where
        its nearest hit at or after j is fewer than w sentences on, so the weights are summed per (distance,
        sentence, column), then over the distances below w (exact sums, as ``_fill``'s)."""
        widths, sentences, _ = self._shape
        size = self._hits.shape[1]
        # per item and column, the distance to its nearest hit at or after the column, where it is below the
        # widest span: the least hit column over the next 1, 2, 4... columns, up to ``widths`` of them (in the
        # smallest unsigned type that holds them: a byte for a short chapter)
        columns = np.arange(size, dtype=np.min_scalar_type(size + widths))
        distance = np.where(
            self._hits, columns, columns.dtype.type(size + widths)
        )  # no hit: beyond every width
        step = 1
        while step < widths:
            np.minimum(distance[:, :-step], distance[:, step:], out=distance[:, :-step])
            step *= 2
        distance -= columns
        near = distance.take(self._item_rows, axis=0)
        pairs = np.flatnonzero(near < widths)  # token x size + column
        token = pairs // size
        cell = (
            near.ravel().take(pairs).astype(np.int64)
        )  # distance x sentences x size + sentence x size + column
        cell *= sentences * size
        cell += pairs
        cell += ((self._sentence_of - np.arange(len(self._sentence_of))) * size).take(token)
        table = np.bincount(cell, self._weight.take(token), widths * sentences * size)
        table = table.reshape(widths, sentences, size)
        for width in range(1, widths):
            table[width] += table[width - 1]
        for width in range(2, widths + 1):  # where no span of the width starts
            table[width - 1, :, max(0, size - width + 1) :] = 0
        self._values[:, :, :size] = table
        self._done[:] = True

    def _fill(self, units: np.ndarray) -> None:
        """Compute the blocks ``units`` (flat (w - 1, s, block) indices of sentences with tokens)."""
        self._done[units] = True
        blocks = self._shape[2]
        width, sentence, block = np.unravel_index(units, self._shape)
        counts = self._first[sentence + 1] - self._first[sentence]
        starts = np.cumsum(counts) - counts
        tokens = np.arange(int(counts.sum())) - np.repeat(starts - self._first[sentence], counts)
        rows = np.repeat((width * self._items) * blocks + block, counts) + self._item_rows[tokens]
        sums = np.add.reduceat(self._hits.take(rows, axis=0) * self._weight[tokens, None], starts, axis=0)
        self._values.reshape(-1, self._block)[units] = sums


def _prefix_sums(counts: Sequence[marks.Marks], size: int) -> np.ndarray:
    """(size + 1) x 3 prefix sums of per-sentence mark counts (zeros when none were counted)."""
    table = np.zeros((size + 1, 3), dtype=np.int32)
    if len(counts) == size and size:
        np.cumsum(np.array(counts, dtype=np.int32), axis=0, out=table[1:])
    return table


def _mark_rows(spans: np.ndarray) -> np.ndarray:
    """Flat rows of ``_span_sums`` of mark counts (widths x starts x 3): the three counts and a 0."""
    rows = np.zeros((spans.shape[0] * spans.shape[1], 4), dtype=spans.dtype)
    rows[:, :3] = spans.reshape(-1, 3)
    return rows


def _span_sums(prefix: np.ndarray, widths: int) -> np.ndarray:
    """widths x len(prefix) x ...: [w - 1, k] = prefix[k + w] - prefix[k], the sum over the span of w items
    from k (0 where it would end past the last item)."""
    table = np.zeros((widths, *prefix.shape), dtype=prefix.dtype)
    for width in range(1, min(widths, len(prefix) - 1) + 1):
        table[width - 1, : len(prefix) - width] = prefix[width:] - prefix[:-width]
    return table


@dataclass(frozen=True)
class SpanTables:
    """The gloss-independent tables of a chapter's spans, per span width and start ([w - 1, k], flat): a
    row of the idf weight and the length (zh: scaled by the chapter ``ratio``), and a row of the marks
    per mark kind (and a 0: a row is 16 bytes), each row read by one ``take`` (one per value cost about
    twice as much)."""

    ratio: float  # en characters per zh character
    zh_spans: np.ndarray
    en_spans: np.ndarray
    zh_marks: np.ndarray
    en_marks: np.ndarray

    @classmethod
    def of(cls, index: ChapterIndex, zh_widths: int, en_widths: int) -> SpanTables:
        ratio = index.en_chars[-1] / max(1, index.zh_chars[-1])
        zh_spans = np.stack(  # (totals at least TINY: see ChapterScorer.scores_at)
            (
                np.maximum(_span_sums(index.zh_total, zh_widths).ravel(), TINY),
                (ratio * _span_sums(index.zh_chars, zh_widths)).ravel(),
            ),
            axis=1,
        )
        en_spans = np.stack(
            (
                np.maximum(_span_sums(index.en_total, en_widths).ravel(), TINY),
                _span_sums(index.en_chars, en_widths).ravel(),
            ),
            axis=1,
        )
        return cls(
            ratio,
            zh_spans,
            en_spans,
            _mark_rows(_span_sums(index.zh_marks, zh_widths)),
            _mark_rows(_span_sums(index.en_marks, en_widths)),
        )


# idf weights are rounded to multiples of this: a sentence's weights (each below 8, a few hundred at most)
# then add up exactly in float32, in any order, so the explained tables' two fills agree to the bit
WEIGHT_STEP = 2.0**-10


def _stepped(weights: list[float]) -> np.ndarray:
    """``weights`` rounded to multiples of ``WEIGHT_STEP``."""
    return np.round(np.array(weights, dtype=np.float64) / WEIGHT_STEP) * WEIGHT_STEP


def _item_weights(frequencies: np.ndarray, documents: int) -> np.ndarray:
    """The ``_stepped`` idf weight of each item of ``frequencies`` (each at least 1), worked out once per
    frequency (at most ``documents``), not once per item."""
    return _stepped(idf(range(1, int(frequencies.max(initial=0)) + 1), documents))[frequencies - 1]


class ChapterIndex:
    """The gloss-independent arrays of a chapter (ids, occurrences, idf weights, prefix sums), built once
    per chapter and shared by the first pass and refinement, and the hits of the last gloss (``hits``)."""

    def __init__(self, tokens: ChapterTokens) -> None:
        n, m = len(tokens.zh_chars), len(tokens.en_chars)
        self.zh_vocab, self.zh_sentence, self.zh_item = _ids(
            [frozenset(map(itemgetter(0), words)) for words in tokens.zh_tagged]
        )
        self.en_vocab, self.en_sentence, self.en_item = _ids(tokens.en_stems)
        self.en_occurs = _occurrence(self.en_sentence, self.en_item, len(self.en_vocab), m)
        self.zh_occurs = _occurrence(self.zh_sentence, self.zh_item, len(self.zh_vocab), n)
        zh_frequency = np.bincount(self.zh_item, minlength=len(self.zh_vocab))
        en_frequency = np.bincount(self.en_item, minlength=len(self.en_vocab))
        self.zh_weight = _item_weights(zh_frequency, n)[self.zh_item]
        self.en_weight = _item_weights(en_frequency, m)[self.en_item]
        self.zh_total = np.concatenate(
            ([0.0], np.cumsum(np.bincount(self.zh_sentence, self.zh_weight, minlength=n)))
        )
        self.en_total = np.concatenate(
            ([0.0], np.cumsum(np.bincount(self.en_sentence, self.en_weight, minlength=m)))
        )
        self.zh_chars = np.concatenate(([0], np.cumsum(tokens.zh_chars)))
        self.en_chars = np.concatenate(([0], np.cumsum(tokens.en_chars)))
        self.zh_marks = _prefix_sums(tokens.zh_marks, n)
        self.en_marks = _prefix_sums(tokens.en_marks, m)
        self._glossed: tuple[Mapping[str, frozenset[str]], np.ndarray, np.ndarray] | None = None  # see hits
        self._spans: dict[tuple[int, int], SpanTables] = {}  # see spans

    def spans(self, zh_widths: int, en_widths: int) -> SpanTables:
        """The span tables of spans up to these widths, built at the first call (the first pass's scorer)
        and shared by refinement's."""
        key = (zh_widths, en_widths)
        if key not in self._spans:
            self._spans[key] = SpanTables.of(self, zh_widths, en_widths)
        return self._spans[key]

    def hits(self, gloss: Mapping[str, frozenset[str]]) -> tuple[np.ndarray, np.ndarray]:
        """zh word x en sentence: a stem of the word's gloss occurs in the sentence; en stem x zh sentence: a
        word the stem glosses occurs in it. For a gloss that extends the last one asked for (refinement's:
        ``_extends``), only the added pairs are looked up (the last one's are kept as bits)."""
        last = self._glossed
        if last is not None and _extends(gloss, last[0]):
            base = last[0]
            added = {word: stems - base[word] for word, stems in gloss.items() if stems is not base[word]}
            word_bits, stem_bits = self._bits(added)
            word_bits |= last[1]
            stem_bits |= last[2]
        else:
            word_bits, stem_bits = self._bits(gloss)
        self._glossed = (gloss, word_bits, stem_bits)
        return _unpack(word_bits, len(self.en_chars) - 1), _unpack(stem_bits, len(self.zh_chars) - 1)

    def _bits(self, gloss: Mapping[str, frozenset[str]]) -> tuple[np.ndarray, np.ndarray]:
        """``hits`` as bits (``_any_of``), looked up afresh."""
        links = _links(gloss, self.zh_vocab, self.en_vocab)
        return (
            _any_of(links, len(self.zh_vocab), self.en_occurs),
            _any_of(links[:, ::-1], len(self.en_vocab), self.zh_occurs),
        )


class ChapterScorer:
    """Scores of the beads of one chapter; spans are half-open, arrays indexed by bead start.

    The bead shape (a, b) may be given as ints or as index arrays broadcast with the starts, so that
    beads of several shapes are scored in one call (``takes_shape_arrays``, read by ``alignment.search``).
    Tables are flat and read with ``take`` (much cheaper than multi-dimensional fancy indexing).
    """

    takes_shape_arrays = True

    def __init__(
        self,
        tokens: ChapterTokens,
        gloss: Mapping[str, frozenset[str]],
        widths: tuple[int, int] = SearchParams().span_widths(),
    ) -> None:
        """``widths``: the most sentences a bead has on each side (zh, en). A short chapter's tables are
        filled whole at the first read, realignment's too (its corridor is narrow, but filling those by
        blocks cost it more since the whole fill reads each token's nearest hit)."""
        self.tokens = tokens
        self.gloss = gloss
        index = tokens.index
        n, m = len(tokens.zh_chars), len(tokens.en_chars)
        self.n, self.m = n, m
        word_hits, stem_hits = index.hits(gloss)
        zh_widths, en_widths = (max(1, w) for w in widths)
        # [b - 1, i, j]: what en[j:j + b] explains of zh sentence i (and whether nothing: orphans); the en
        # side's [a - 1, j, i] likewise
        self._zh = Explained(word_hits, index.zh_sentence, index.zh_item, index.zh_weight, n, en_widths, True)
        self._en = Explained(
            stem_hits, index.en_sentence, index.en_item, index.en_weight, m, zh_widths, False
        )
        spans = index.spans(zh_widths, en_widths)
        self.ratio = spans.ratio
        self._zh_spans, self._en_spans = spans.zh_spans, spans.en_spans
        # the lengths alone, contiguous: the search reads them for every long bead of its corridor
        self._zh_lengths, self._en_lengths = spans.zh_spans[:, 1].copy(), spans.en_spans[:, 1].copy()
        self._zh_marks, self._en_marks = spans.zh_marks, spans.en_marks
        self._zh_ends = np.array(tokens.zh_ends or [0] * n, dtype=np.int8)
        self._en_ends = np.array(tokens.en_ends or [0] * m, dtype=np.int8)
        self._last: dict[str, tuple[tuple, Any]] = {}  # see _reused
        self._clauses: dict[tuple[int, bool], list[frozenset[str]]] = {}  # see clause_support

    def _reused(self, compute: Callable[..., T], *args: object) -> T:
        """``compute(*args)`` (a method), or its result of the last call with the same objects: the search
        asks for the scores, the marks and the orphans of the same beads in turn. (Kept by name, not as
        a bound method: that would be a reference cycle, which aligning a book, with the cyclic garbage
        collector paused, would keep for every chapter.)"""
        last = self._last.get(compute.__name__)
        if last is None or any(x is not y for x, y in zip(args, last[0])):
            last = self._last[compute.__name__] = (args, compute(*args))
        return last[1]

    def _span_indices(
        self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray
    ) -> tuple[np.ndarray, ...]:
        """Flat indices of the beads into the span tables, of zh[rows:rows + a] and of en[columns:columns + b]."""
        return (a - 1) * (self.n + 1) + rows, (b - 1) * (self.m + 1) + columns

    def _spans(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> tuple[np.ndarray, ...]:
        """The beads' zh and en span rows: [..., 0] idf weight, [..., 1] length."""
        zh_span, en_span = self._reused(self._span_indices, a, b, rows, columns)
        return self._zh_spans.take(zh_span, axis=0), self._en_spans.take(en_span, axis=0)

    def _zh_cells(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> tuple[np.ndarray, ...]:
        return self._zh.cells(b, rows, a, columns)

    def _en_cells(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> tuple[np.ndarray, ...]:
        return self._en.cells(a, columns, b, rows)

    def _out_of_range(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray | None:
        """Zeros of the result's shape for a single shape larger than the chapter (else None)."""
        if np.isscalar(a) and np.isscalar(b) and (a > self.n or b > self.m):
            return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))
        return None

    def scores_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Scores of the a-b beads starting at (rows, columns) (broadcast index arrays, columns <= m - b;
        0 where a > n or b > m, when a and b are ints)."""
        empty = self._out_of_range(a, b, rows, columns)
        if empty is not None:
            return empty
        zh_start, zh_end = self._reused(self._zh_cells, a, b, rows, columns)
        en_start, en_end = self._reused(self._en_cells, a, b, rows, columns)
        zh, en = self._reused(self._spans, a, b, rows, columns)
        explained_zh = self._zh.sums.take(zh_end) - self._zh.sums.take(zh_start)
        explained_en = self._en.sums.take(en_end) - self._en.sums.take(en_start)
        # a span's explained weight is 0 where its total is (totals are at least TINY: 0 / TINY = 0)
        precision = explained_zh / zh[..., 0]
        recall = explained_en / en[..., 0]
        both = precision + recall
        f1 = 2 * precision * recall / np.maximum(both, TINY)
        return f1 * length_factors(zh[..., 1], en[..., 1])

    def length_factors_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: the beads' length factors (log2 of ``length_ratios_at``)."""
        return np.log2(self.length_ratios_at(a, b, rows, columns))

    def length_ratios_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: the beads' length ratios (``length_ratios``; zh lengths scaled by the chapter
        ratio)."""
        zh_span, en_span = self._reused(self._span_indices, a, b, rows, columns)
        return length_ratios(self._zh_lengths.take(zh_span), self._en_lengths.take(en_span))

    def orphans_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: how many zh sentences of the bead (with content words) have nothing explained.

        (Counting en sentences too fitted mac-dev better but moved short English sentences out of their
        beads on the BWB example.)
        """
        empty = self._out_of_range(a, b, rows, columns)
        if empty is not None:
            return empty
        start, end = self._reused(self._zh_cells, a, b, rows, columns)
        assert self._zh.orphans is not None
        return self._zh.orphans.take(end) - self._zh.orphans.take(start)

    def _mark_gaps(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> list[np.ndarray]:
        """Per mark kind (quotations opened, closed, question marks): zh less en marks of the beads' joined
        text."""
        zh_span, en_span = self._reused(self._span_indices, a, b, rows, columns)
        gaps = self._zh_marks.take(zh_span, axis=0) - self._en_marks.take(en_span, axis=0)
        return [gaps[..., kind] for kind in range(3)]

    def marks_mismatch_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: how far the beads' joined zh and en text differ in quotations opened, in
        quotations closed and in question marks (``alignment.marks``), summed."""
        opened, closed, questions = self._reused(self._mark_gaps, a, b, rows, columns)
        return np.abs(opened) + np.abs(closed) + np.abs(questions)

    def quote_balance_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: |zh (quotations opened - closed) - en (opened - closed)| of the beads' joined
        text: a quotation the bead leaves open (or closes) on one side only. Unlike ``marks_mismatch_at``
        it forgives a quotation an English speech tag interrupts ('X,' said Y. 'Z.' for Y说：“X，Z。”)."""
        opened, closed, _ = self._reused(self._mark_gaps, a, b, rows, columns)
        return np.abs(opened - closed)

    def end_quote_at(self, a: Shape, b: Shape, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
        """Like ``scores_at``: True where one side's last sentence ends in speech and the other's does not
        (``alignment.marks.zh_ends_quoted``: a sentence that may end either way never differs)."""
        return self._zh_ends.take(rows + a - 1) * self._en_ends.take(columns + b - 1) < 0

    def score(self, i0: int, i1: int, j0: int, j1: int) -> float:
        """One bead's score (both spans non-empty)."""
        return float(self.scores_at(i1 - i0, j1 - j0, np.array(i0), np.array(j0)))

    def words_of(self, i0: int, i1: int) -> frozenset[str]:
        return frozenset(word for words in self.tokens.zh_tagged[i0:i1] for word, _ in words)

    def stems_of(self, j0: int, j1: int) -> frozenset[str]:
        return frozenset().union(*self.tokens.en_stems[j0:j1])

    def unexplained(self, i0: int, i1: int, j0: int, j1: int) -> tuple[frozenset[str], frozenset[str]]:
        """The zh words of zh[i0:i1] with no translation in en[j0:j1], and the en stems of en[j0:j1] that
        no zh word of zh[i0:i1] explains."""
        words, stems = self.words_of(i0, i1), self.stems_of(j0, j1)
        empty: frozenset[str] = frozenset()
        explained = [word for word in words if not stems.isdisjoint(self.gloss.get(word, empty))]
        return words.difference(explained), stems.difference(*map(self.gloss.__getitem__, explained))

    def clause_support(self, i: int, last: bool, j0: int, j1: int, s: int) -> float | None:
        """How much better en[j0:j1] explains the first (``last``: the last) clause of zh sentence i than en
        sentence s does: the difference of the shares of its glossed words that each explains (-1 to 1);
        None where the clause has no glossed word."""
        glossed = self._clauses.get((i, last))
        if glossed is None:
            glossed = self._clauses[i, last] = self._glossed_clause(i, last)
        if not glossed:
            return None
        others, own = self.stems_of(j0, j1), self.tokens.en_stems[s]
        return sum((not stems.isdisjoint(others)) - (not stems.isdisjoint(own)) for stems in glossed) / len(
            glossed
        )

    def _glossed_clause(self, i: int, last: bool) -> list[frozenset[str]]:
        """The glosses of the glossed words of the first (``last``: the last) clause of zh sentence i (of all
        its words where its text is not known)."""
        words = [word for word, _ in self.tokens.zh_tagged[i]]
        if self.tokens.zh_text:
            edge = (clauses.tail_words if last else clauses.head_words)(self.tokens.zh_text[i], words)
            words = words[len(words) - edge :] if last else words[:edge]
        return [stems for stems in map(self.gloss.get, words) if stems]
