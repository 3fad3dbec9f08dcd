"""The pair and filter stage: a book's CLEAN_CHAPTERS rows -> CHAPTERS rows (chapter pairs kept).

Chapters are paired by number and content (``filters.pairing``); each pair then goes through the
chapter filters (``filters.chapter_filters``: too few sentences, length ratio, verse), and every
chapter left unpaired and every pair filtered out keeps a named reason in REJECTED.
"""

from __future__ import annotations

from core.stage import StageResult, stage_stats
from filters.chapter_filters import (
    FilterConfig,
    chapter_chars,
    check_chapter,
    corpus_char_ratio,
    pairable_char_counts,
)
from filters.chapter_match import MatchConfig
from filters.pairing import ChapterPair, pair_chapters
from text.lexicon import Lexicon
from text.sentences import paragraph_starts


def _visible(text: str) -> int:
    """Characters other than whitespace."""
    return len("".join(text.split()))


def _paragraph_starts(paragraphs: list[str], sentences: list[str], lang: str) -> list[int]:
    """``paragraph_starts`` counted off the chapter's own sentences instead of splitting again.

    The sentences of a paragraph hold exactly its characters other than whitespace, at least one each, so
    a paragraph's first sentence is the one after those of the paragraphs before. Sentences that do not add
    up so (not split from these paragraphs) are split again.
    """
    starts, k = [], 0
    for paragraph in paragraphs:
        need = _visible(paragraph)
        if need:
            starts.append(k)
        while need > 0 and k < len(sentences):
            need -= _visible(sentences[k])
            k += 1
        if need:
            return paragraph_starts(paragraphs, lang)
    return starts if k == len(sentences) else paragraph_starts(paragraphs, lang)


def _chapter_row(pair: ChapterPair) -> dict:
    return {
        "chapter_id": pair.chapter_id,
        "book_id": pair.book_id,
        "chapter_no": pair.chapter_no,
        "title_zh": pair.zh[0]["title"],
        "title_en": pair.en[0]["title"],
        "zh_sentences": pair.side("zh", "sentences"),
        "en_sentences": pair.side("en", "sentences"),
        "zh_chars": sum(row["n_chars"] for row in pair.zh),
        "en_chars": sum(row["n_chars"] for row in pair.en),
        "zh_raw_ids": [row["raw_id"] for row in pair.zh],
        "en_raw_ids": [row["raw_id"] for row in pair.en],
        "zh_paragraph_starts": _paragraph_starts(
            pair.side("zh", "paragraphs"), pair.side("zh", "sentences"), "zh"
        ),
        "en_paragraph_starts": _paragraph_starts(
            pair.side("en", "paragraphs"), pair.side("en", "sentences"), "en"
        ),
        "zh_words": pair.side("zh", "words"),
    }


def pair_and_filter_book(
    clean_rows: list[dict],
    config: FilterConfig,
    en_per_zh: float | None = None,
    lexicon: Lexicon | None = None,
    match: MatchConfig = MatchConfig(),
) -> StageResult:
    """CLEAN_CHAPTERS rows of one book -> CHAPTERS rows (stages "pair" and "filter").

    ``en_per_zh`` scales English lengths for the length-ratio filter and the pairing's content score;
    by default it is the book's own median en/zh character ratio (translators differ in verbosity,
    and a book's ratio does not move when another book changes, so incremental reruns stay per book).
    Pairs that content re-paired keep a "pair" row naming how (``filters.pairing``); ``stats["pairing"]``
    says for every chapter pair how it was paired (``match``: the pairing's weights).
    """
    if en_per_zh is None:
        en_per_zh = corpus_char_ratio(pairable_char_counts(map(chapter_chars, clean_rows)))
    pairs, unpaired = pair_chapters(clean_rows, lexicon, en_per_zh, match)
    rejected = [why.row("pair", row["raw_id"], row["book_id"]) for row, why in unpaired]
    rejected += [pair.outcome.row("pair", pair.chapter_id, pair.book_id) for pair in pairs if pair.outcome]
    pairing = {pair.chapter_id: pair.how for pair in pairs}
    chapters = []
    for pair in pairs:
        row = _chapter_row(pair)
        why = check_chapter(
            row["zh_sentences"], row["en_sentences"], pair.side("zh", "paragraphs"), config, en_per_zh
        )
        if why is None:
            chapters.append(row)
        else:
            rejected.append(why.row("filter", pair.chapter_id, pair.book_id))
    return StageResult(
        chapters,
        rejected,
        stage_stats(
            len(clean_rows), chapters, rejected, pairs=len(pairs), en_per_zh=en_per_zh, pairing=pairing
        ),
    )
