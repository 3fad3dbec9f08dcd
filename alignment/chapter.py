"""Aligning one chapter: the sanity checks on its sentence counts, and the two-pass search over the
similarity (called per chapter by ``alignment.book``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from alignment.beads import Bead
from alignment.hybrid import Embedding, HybridScorer
from alignment.search import Paragraphs, SearchParams, realign_near, two_pass
from alignment.similarity import ChapterScorer, ChapterTokens
from core.rejection import Rejection

MIN_SENTENCES_TO_JUDGE = 6  # n_zh + n_en below this: never called unbalanced
SENTENCE_RATIO = (0.3, 4.0)  # allowed n_en / n_zh
# most sentences a side: the scorer's tables grow with n_zh x n_en (1,444 x 1,947 sentences: 0.6 GB; a
# web-novel chapter has tens, a long literary one hundreds; a book read as one chapter, tens of thousands)
MAX_SENTENCES = 2000


def count_problem(n_zh: int, n_en: int) -> Rejection | None:
    """A rejection when the sentence counts are too far apart for the chapters to be translations, or too
    many to align."""
    if max(n_zh, n_en) > MAX_SENTENCES:
        return Rejection(
            "chapter_too_long",
            f"{n_zh} zh and {n_en} en sentences: the aligner takes at most {MAX_SENTENCES:,} a side"
            " (a book read as one chapter?)",
        )
    if n_zh + n_en < MIN_SENTENCES_TO_JUDGE:
        return None
    low, high = SENTENCE_RATIO
    if not low * n_zh <= n_en <= high * n_zh:
        return Rejection(
            "unbalanced_chapter", f"{n_zh} zh vs {n_en} en sentences (allowed en/zh {low}-{high})"
        )
    return None


def align_tokens(
    tokens: ChapterTokens,
    gloss: Mapping[str, frozenset[str]],
    params: SearchParams = SearchParams(),
    paragraphs: Paragraphs = Paragraphs(),
    embedding: Embedding | None = None,
) -> tuple[list[Bead], ChapterScorer | HybridScorer]:
    """Beads of a tokenised chapter under a chapter gloss (zh word -> en stems present in the chapter),
    with the embedding similarity added when ``embedding`` (vectors and weights) is given."""
    scorer = _scorer(tokens, gloss, params, embedding)
    return two_pass(scorer.n, scorer.m, scorer, params, paragraphs), scorer


def realign_tokens(
    tokens: ChapterTokens,
    gloss: Mapping[str, frozenset[str]],
    beads: Sequence[Bead],
    params: SearchParams = SearchParams(),
    paragraphs: Paragraphs = Paragraphs(),
    embedding: Embedding | None = None,
) -> list[Bead]:
    """``align_tokens``'s beads under a gloss that extends the one ``beads`` were found with, searched
    near them (``search.realign_near``)."""
    scorer = _scorer(tokens, gloss, params, embedding)
    return realign_near(scorer.n, scorer.m, scorer, beads, params, paragraphs)


def _scorer(
    tokens: ChapterTokens,
    gloss: Mapping[str, frozenset[str]],
    params: SearchParams,
    embedding: Embedding | None,
) -> ChapterScorer | HybridScorer:
    scorer: ChapterScorer | HybridScorer = ChapterScorer(tokens, gloss, params.span_widths())
    return scorer if embedding is None else HybridScorer(scorer, *embedding)
