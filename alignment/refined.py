"""The hybrid aligner: the default (dictionary) alignment of a book, then boundary refinement by
joined-text embeddings where the dictionary's boundaries are uncertain (``alignment.boundaries``)."""

from __future__ import annotations

from collections.abc import Sequence

from alignment import chinese
from alignment.book import BookAlignment, ChapterText, Segmented, align_book
from alignment.boundaries import RefineParams, refine
from alignment.joined import PooledCache
from alignment.lexicon import Lexicon, default_lexicon
from alignment.search import Paragraphs
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from core.rejection import Rejection


def align_refined(
    chapters: Sequence[ChapterText],
    cache: PooledCache,
    lexicon: Lexicon | None = None,
    paragraphs: Sequence[Paragraphs] | None = None,
    processes: int = 1,
    zh_words: Sequence[Segmented | None] | None = None,
    params: RefineParams = RefineParams(),
) -> BookAlignment:
    """``align_book`` (default method, same arguments), then each chapter's uncertain stretches re-decided.

    ``cache`` holds the token features of every sentence encoded so far (pass one for a whole run).
    """
    lexicon = lexicon or default_lexicon()
    paragraphs = paragraphs or [Paragraphs()] * len(chapters)
    words = [
        given if given is not None else [chinese.segment(sentence) for sentence in zh]
        for (zh, _), given in zip(chapters, zh_words or [None] * len(chapters))
    ]
    aligned = align_book(chapters, lexicon, paragraphs=paragraphs, processes=processes, zh_words=words)
    refined = lexicon.with_learned(aligned.learned)
    results: list[list | Rejection] = []
    for (zh, en), chapter_words, chapter_paragraphs, beads in zip(
        chapters, words, paragraphs, aligned.chapters
    ):
        if isinstance(beads, Rejection):
            results.append(beads)
            continue
        tokens = ChapterTokens.of(zh, en, chapter_words)
        scorer = ChapterScorer(tokens, glosses(tokens, refined))
        results.append(refine(zh, en, beads, scorer, cache, params, chapter_paragraphs))
    return BookAlignment(results, aligned.learned)
