"""Aligning one chapter: sanity checks, then the two-pass search over the dictionary similarity."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from alignment.beads import Bead
from alignment.hybrid import Embedding, HybridScorer
from text.lexicon import Lexicon
from alignment.search import Paragraphs, SearchParams, two_pass
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from core.rejection import Rejection

MIN_SENTENCES_TO_JUDGE = 6  # n_zh + n_en below this: never called unbalanced
SENTENCE_RATIO = (0.3, 4.0)  # allowed n_en / n_zh


def balance_problem(n_zh: int, n_en: int) -> Rejection | None:
    """A rejection when the sentence counts are too far apart for the chapters to be translations."""
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
    scorer: ChapterScorer | HybridScorer = ChapterScorer(tokens, gloss, params.max_size)
    if embedding is not None:
        scorer = HybridScorer(scorer, *embedding)
    return two_pass(scorer.n, scorer.m, scorer, params, paragraphs), scorer


def align_chapter(
    zh: Sequence[str],
    en: Sequence[str],
    lexicon: Lexicon,
    params: SearchParams = SearchParams(),
    paragraphs: Paragraphs = Paragraphs(),
) -> tuple[list[Bead], ChapterScorer | HybridScorer] | Rejection:
    """Beads covering every sentence once (with the scorer, for lexicon learning), or why not."""
    problem = balance_problem(len(zh), len(en))
    if problem:
        return problem
    tokens = ChapterTokens.of(zh, en)
    return align_tokens(tokens, glosses(tokens, lexicon), params, paragraphs)
