"""Chapter-level filters for a paired zh/en chapter. Each returns None (keep) or a Rejection.

Length ratio unit (``FilterConfig.length_unit``):

* ``"scaled_chars"`` (default): characters without whitespace, the English count divided by the
  corpus-wide en/zh character ratio (``corpus_char_ratio``), so a normal translation scores ~1
  and 3.0 means "three times longer than expected" either way;
* ``"chars"``: raw non-whitespace character counts;
* ``"bytes"``: UTF-8 bytes, as bicleaner-hardrules does for CJK.

Poetry (zh side): a chapter whose non-empty lines are mostly short verse lines. With at least
``poetry_min_lines`` lines, of which at least 60% are short (<= 20 characters), it is poetry when
half of them are parallel 5- or 7-character verses (every clause of the line has 5, or every
clause 7, characters: 床前明月光，疑是地上霜。), or half the lines share one length and half
lack sentence-final punctuation, or 80% lack it (free verse, lyrics).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from core.rejection import Rejection
from filters.numbering import run_on

_CLAUSE_SPLIT = re.compile(r"[，,。！？!?；;：:、…—“”「」『』《》（）()\s]+")
_SENTENCE_END = re.compile(r"[。！？!?…]")
LENGTH_UNITS = ("scaled_chars", "chars", "bytes")


@dataclass(frozen=True)
class FilterConfig:
    min_sentences: int = 5
    max_length_ratio: float = 3.0
    length_unit: str = field(default="scaled_chars", metadata={"choices": LENGTH_UNITS})
    poetry_min_lines: int = 6
    poetry_short_line: int = 20


def char_count(texts: Iterable[str]) -> int:
    """Characters without whitespace (``str.split`` splits at exactly the characters ``\\s`` matches)."""
    return sum(len("".join(t.split())) for t in texts)


def corpus_char_ratio(pairs: Iterable[tuple[int, int]]) -> float:
    """Median of per-chapter en/zh character ratios over (zh_chars, en_chars) pairs (1.0 if none).

    The median ignores the few truncated or padded translations that would drag a mean.
    """
    ratios = [en / zh for zh, en in pairs if zh > 0 and en > 0]
    return statistics.median(ratios) if ratios else 1.0


def too_few_sentences(zh: Sequence[str], en: Sequence[str], config: FilterConfig) -> Rejection | None:
    for lang, sentences in (("zh", zh), ("en", en)):
        if len(sentences) < config.min_sentences:
            return Rejection("too_few_sentences", f"{lang} {len(sentences)} < {config.min_sentences}", lang)
    return None


def _lengths(zh: Sequence[str], en: Sequence[str], unit: str, en_per_zh: float) -> tuple[float, float]:
    if unit == "bytes":
        return sum(len(s.encode()) for s in zh), sum(len(s.encode()) for s in en)
    if unit == "chars":
        return char_count(zh), char_count(en)
    if unit == "scaled_chars":
        return char_count(zh), char_count(en) / en_per_zh
    raise ValueError(f"unknown length unit {unit!r}")


def length_ratio(
    zh: Sequence[str], en: Sequence[str], config: FilterConfig, en_per_zh: float = 1.0
) -> Rejection | None:
    zh_len, en_len = _lengths(zh, en, config.length_unit, en_per_zh)
    if not zh_len or not en_len:
        return Rejection("length_ratio", f"{config.length_unit} zh {zh_len:g} en {en_len:g}")
    ratio = max(zh_len / en_len, en_len / zh_len)
    if ratio > config.max_length_ratio:
        longer = "zh" if zh_len > en_len else "en"
        return Rejection(
            "length_ratio",
            f"{longer} {ratio:.2f}x longer ({config.length_unit}) > {config.max_length_ratio:g}",
        )
    return None


def _is_parallel_verse(line: str) -> bool:
    clauses = [c for c in _CLAUSE_SPLIT.split(line) if c]
    return bool(clauses) and len({len(c) for c in clauses}) == 1 and len(clauses[0]) in (5, 7)


def poetry(zh_paragraphs: Sequence[str], config: FilterConfig) -> Rejection | None:
    lines = ["".join(p.split()) for p in zh_paragraphs if p.strip()]
    if len(lines) < config.poetry_min_lines:
        return None
    short = [line for line in lines if len(line) <= config.poetry_short_line]
    if len(short) < 0.6 * len(lines):
        return None
    verse = sum(map(_is_parallel_verse, short)) / len(short)
    equal = Counter(map(len, lines)).most_common(1)[0][1] / len(lines)
    unpunctuated = sum(not _SENTENCE_END.search(line) for line in lines) / len(lines)
    if verse >= 0.5 or (equal >= 0.5 and unpunctuated >= 0.5) or unpunctuated >= 0.8:
        detail = (
            f"{len(short)}/{len(lines)} short lines, 5/7-char verse {verse:.2f}, "
            f"equal length {equal:.2f}, unpunctuated {unpunctuated:.2f}"
        )
        return Rejection("poetry", detail, "zh")
    return None


def check_chapter(
    zh_sentences: Sequence[str],
    en_sentences: Sequence[str],
    zh_paragraphs: Sequence[str],
    config: FilterConfig,
    en_per_zh: float = 1.0,
) -> Rejection | None:
    """The first rejection of the chapter filters, in order, or None when the chapter passes."""
    return (
        too_few_sentences(zh_sentences, en_sentences, config)
        or poetry(zh_paragraphs, config)
        or length_ratio(zh_sentences, en_sentences, config, en_per_zh)
    )


chapter_chars = itemgetter(
    "book_id", "chapter_no", "lang", "n_chars", "toc_index"
)  # what pairable_char_counts reads of a row


def pairable_char_counts(chapters: Iterable[tuple[str, int | None, str, int, int]]) -> list[tuple[int, int]]:
    """(zh, en) characters of each numbered chapter found in both languages of its book, its numbers run
    on across volumes as pairing runs them (``filters.numbering.run_on``: a side that numbers each volume
    from 1 would otherwise add every volume's chapter 1 into one); for a book with none (a translation
    numbered otherwise, such as from 1001, or not at all), its whole zh and en.
    Without them the ratio fell back to 1.0, where English runs about 3 characters to a Chinese one,
    and the length filter rejected half the book's chapters as three times too long.

    ``chapters`` are ``(book_id, chapter_no, lang, n_chars, toc_index)`` of CLEAN_CHAPTERS rows.
    """
    sides: dict[tuple[str, str], list[tuple[int, int | None, int]]] = defaultdict(list)
    books: dict[str, dict[str, int]] = defaultdict(lambda: {"zh": 0, "en": 0})
    for book_id, chapter_no, lang, n_chars, toc_index in chapters:
        books[book_id][lang] += n_chars
        sides[book_id, lang].append((toc_index, chapter_no, n_chars))
    chars: dict[tuple[str, int], dict[str, int]] = defaultdict(lambda: {"zh": 0, "en": 0})
    for (book_id, lang), rows in sides.items():
        for number, (_, _, n_chars) in zip(run_on([row[:2] for row in rows]), rows):
            if number is not None:
                chars[book_id, number][lang] += n_chars
    numbered = {book_id for (book_id, _), c in chars.items() if c["zh"] and c["en"]}
    pairs = [(c["zh"], c["en"]) for c in chars.values() if c["zh"] and c["en"]]
    return pairs + [(c["zh"], c["en"]) for b, c in books.items() if b not in numbered and c["zh"] and c["en"]]
