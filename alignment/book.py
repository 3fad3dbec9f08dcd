"""Aligning a book: every chapter, then lexicon refinement from the book's own confident beads, realign."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from alignment.beads import Bead
from alignment.chapter import Rejection, align_chapter
from alignment.lexicon import Lexicon
from alignment.refine import Evidence
from alignment.search import SearchParams

ChapterText = tuple[Sequence[str], Sequence[str]]  # zh sentences, en sentences


@dataclass
class BookAlignment:
    chapters: list[list[Bead] | Rejection]  # in input order
    learned: dict[str, frozenset[str]]  # zh word -> en stems added by refinement


def _align_all(
    chapters: Sequence[ChapterText], lexicon: Lexicon, params: SearchParams, evidence: Evidence | None = None
) -> list[list[Bead] | Rejection]:
    results: list[list[Bead] | Rejection] = []
    for zh, en in chapters:
        result = align_chapter(zh, en, lexicon, params)
        if isinstance(result, Rejection):
            results.append(result)
            continue
        beads, scorer = result
        if evidence is not None:
            evidence.add_chapter(scorer, beads)
        results.append(beads)
    return results


def align_book(
    chapters: Sequence[ChapterText],
    lexicon: Lexicon | None = None,
    refine: bool = True,
    params: SearchParams = SearchParams(),
) -> BookAlignment:
    """Align every chapter; with ``refine``, learn missing word pairs from the first pass and realign."""
    lexicon = lexicon or Lexicon()
    evidence = Evidence() if refine else None
    first = _align_all(chapters, lexicon, params, evidence)
    learned = evidence.learn() if evidence else {}
    if not learned:
        return BookAlignment(first, {})
    return BookAlignment(_align_all(chapters, lexicon.with_learned(learned), params), learned)
