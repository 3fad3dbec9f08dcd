"""The alignment methods, one entry point: default (dictionary), hybrid (dictionary + embeddings),
bleualign (needs machine translations of the zh side) and galechurch (lengths only)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from alignment.beads import Bead
from alignment.bleualign import bleualign
from alignment.book import ChapterText, Segmented, align_book
from alignment.chapter import balance_problem
from alignment.galechurch import gale_church
from alignment.hybrid import HYBRID_SEARCH, HybridWeights, SentenceEmbedder
from text.lexicon import Lexicon
from alignment.search import Paragraphs
from alignment.settings import METHODS
from alignment.similarity import char_count
from alignment.translator import Translator
from core.rejection import Rejection


@cache
def _embedder() -> SentenceEmbedder:
    """One model per process (loading the weights takes seconds)."""
    return SentenceEmbedder()


def _gale_church(zh: Sequence[str], en: Sequence[str]) -> list[Bead]:
    zh_lens, en_lens = [char_count(s) for s in zh], [char_count(s) for s in en]
    return gale_church(zh_lens, en_lens, sum(en_lens) / max(1, sum(zh_lens)))


def align_chapters(
    method: str,
    chapters: Sequence[ChapterText],
    ids: Sequence[str],
    paragraphs: Sequence[Paragraphs] | None = None,
    lexicon: Lexicon | None = None,
    translator: Translator | None = None,
    processes: int = 1,
    zh_words: Sequence[Segmented | None] | None = None,
) -> tuple[list[list[Bead] | Rejection], int]:
    """Beads (or a rejection) per chapter of one book, and the number of lexicon pairs learned.

    ``ids`` name the chapters (bleualign's translator reads the translation of each by its id);
    ``processes`` > 1 aligns the chapters of the default and hybrid methods on a process pool;
    ``zh_words`` (per chapter, or None) spare them segmenting the zh sentences again.
    """
    if method == "default":
        aligned = align_book(chapters, lexicon, paragraphs=paragraphs, processes=processes, zh_words=zh_words)
        return aligned.chapters, sum(len(stems) for stems in aligned.learned.values())
    if method == "hybrid":
        embed = _embedder()
        vectors = [(embed(zh), embed(en), HybridWeights()) for zh, en in chapters]
        aligned = align_book(
            chapters,
            lexicon,
            params=HYBRID_SEARCH,
            paragraphs=paragraphs,
            embeddings=vectors,
            processes=processes,
            zh_words=zh_words,
        )
        return aligned.chapters, sum(len(stems) for stems in aligned.learned.values())
    if method not in ("bleualign", "galechurch"):
        raise ValueError(f"unknown alignment method {method!r} (known: {', '.join(METHODS)})")
    if method == "bleualign" and translator is None:
        raise ValueError("the bleualign method needs machine translations (options.align.translations)")
    results: list[list[Bead] | Rejection] = []
    for chapter_id, (zh, en) in zip(ids, chapters):
        problem = balance_problem(len(zh), len(en))
        if problem:
            results.append(problem)
        elif method == "bleualign":
            try:
                translation = translator.translate(chapter_id, zh)
            except ValueError as err:  # a missing file, or one line too many or too few
                results.append(Rejection("bad_machine_translation", str(err)))
                continue
            results.append(bleualign(translation, en))
        else:
            results.append(_gale_church(zh, en))
    return results, 0
