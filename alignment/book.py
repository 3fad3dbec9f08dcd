"""Aligning a book: every chapter, then lexicon refinement from the book's own confident beads.

Refinement reuses the first pass: chapters are tokenised once, and only chapters whose gloss gains a
learned pair are realigned (the others would come out the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from alignment.beads import Bead
from alignment.chapter import Rejection, align_tokens, balance_problem
from alignment.hybrid import Embedding
from alignment.lexicon import Lexicon
from alignment.refine import Evidence
from alignment.search import Paragraphs, SearchParams
from alignment.similarity import ChapterTokens, glosses

ChapterText = tuple[Sequence[str], Sequence[str]]  # zh sentences, en sentences


@dataclass
class BookAlignment:
    chapters: list[list[Bead] | Rejection]  # in input order
    learned: dict[str, frozenset[str]]  # zh word -> en stems added by refinement


def _with_learned(
    gloss: dict[str, frozenset[str]], tokens: ChapterTokens, learned: dict[str, frozenset[str]]
) -> dict[str, frozenset[str]]:
    present = frozenset().union(*tokens.en_stems)
    return {word: stems | (learned.get(word, frozenset()) & present) for word, stems in gloss.items()}


def align_book(
    chapters: Sequence[ChapterText],
    lexicon: Lexicon | None = None,
    refine: bool = True,
    params: SearchParams = SearchParams(),
    paragraphs: Sequence[Paragraphs] | None = None,
    embeddings: Sequence[Embedding] | None = None,
) -> BookAlignment:
    """Align every chapter; with ``refine``, learn missing word pairs from the first pass and realign.

    ``paragraphs`` (one per chapter) are soft evidence for bead boundaries; ``embeddings`` (one per
    chapter: sentence vectors and weights) make it the hybrid aligner.
    """
    lexicon = lexicon or Lexicon()
    paragraphs = paragraphs or [Paragraphs()] * len(chapters)
    evidence = Evidence()
    results: list[list[Bead] | Rejection] = []
    prepared: list[tuple[int, ChapterTokens, dict[str, frozenset[str]], Embedding | None]] = []
    for k, (zh, en) in enumerate(chapters):
        problem = balance_problem(len(zh), len(en))
        if problem:
            results.append(problem)
            continue
        tokens = ChapterTokens.of(zh, en)
        gloss = glosses(tokens, lexicon)
        embedding = embeddings[k] if embeddings else None
        beads, scorer = align_tokens(tokens, gloss, params, paragraphs[k], embedding)
        if refine:
            evidence.add_chapter(scorer, beads)
        results.append(beads)
        prepared.append((k, tokens, gloss, embedding))
    learned = evidence.learn() if refine else {}
    for k, tokens, gloss, embedding in prepared if learned else ():
        refined = _with_learned(gloss, tokens, learned)
        if refined != gloss:
            results[k] = align_tokens(tokens, refined, params, paragraphs[k], embedding)[0]
    return BookAlignment(results, learned)
