"""Aligning a book: every chapter, then lexicon refinement from the book's own confident beads.

Refinement reuses the first pass: chapters are tokenised once, only chapters whose gloss gains a
learned pair are realigned (the others would come out the same), and those are searched near their
first-pass beads (``search.realign_near``). With ``processes`` > 1 both passes
run on a process pool, chapter by chapter; results are collected in chapter order, so the beads and the
learned pairs are those of the serial run.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass

from alignment.beads import Bead
from alignment.chapter import Rejection, align_tokens, count_problem, realign_tokens
from alignment.hybrid import Embedding
from text.lexicon import Lexicon, default_lexicon
from alignment.refine import Evidence
from alignment.search import Paragraphs, SearchParams
from alignment.similarity import ChapterTokens, glosses
from core.allocator import keep_freed_memory
from core.collection import gc_paused

ChapterText = tuple[Sequence[str], Sequence[str]]  # zh sentences, en sentences
Segmented = Sequence[Sequence[str]]  # a chapter's zh sentences as words (text.chinese.segment)
Gloss = dict[str, frozenset[str]]
Mapper = Callable[[Callable, Iterable], Iterator]

_lexicon: Lexicon | None = None  # the lexicon of the book being aligned (per process; see _mapper)


@dataclass
class BookAlignment:
    chapters: list[list[Bead] | Rejection]  # in input order
    learned: dict[str, frozenset[str]]  # zh word -> en stems added by refinement


def spare_cores() -> int:
    """Cores this process may use for a book's chapters: all it may run on, or 1 inside a worker process
    (the pipeline's parallel workers already share the cores)."""
    if multiprocessing.parent_process() is not None:
        return 1
    return len(os.sched_getaffinity(0))


def _use_lexicon(lexicon: Lexicon | None) -> None:
    global _lexicon
    _lexicon = lexicon


@contextmanager
def _mapper(processes: int, chapters: int, lexicon: Lexicon) -> Iterator[Mapper]:
    """``map`` in this process, or an order-keeping map over a pool of ``processes`` (forked, so the
    lexicon is not copied through a pipe)."""
    if processes <= 1 or chapters <= 1:
        _use_lexicon(lexicon)
        try:
            yield map
        finally:
            _use_lexicon(None)
        return
    context = multiprocessing.get_context("fork")
    workers = min(processes, chapters)
    with ProcessPoolExecutor(
        workers, mp_context=context, initializer=_use_lexicon, initargs=(lexicon,)
    ) as pool:
        yield lambda function, jobs: pool.map(function, jobs, chunksize=max(1, chapters // (4 * workers)))


def _first_pass(
    job: tuple[ChapterText, Segmented | None, SearchParams, Paragraphs, Embedding | None, bool],
) -> tuple[list[Bead], ChapterTokens, Gloss, list]:
    """A chapter's beads, tokens and gloss, and its refinement evidence (when refining)."""
    (zh, en), zh_words, params, paragraphs, embedding, refine = job
    assert _lexicon is not None, "set by _mapper"
    tokens = ChapterTokens.of(zh, en, zh_words)
    gloss = glosses(tokens, _lexicon, by_parts=embedding is None)  # (the hybrid: no clear gain)
    beads, scorer = align_tokens(tokens, gloss, params, paragraphs, embedding)
    evidence = Evidence()
    if refine:
        evidence.add_chapter(scorer, beads)
    return beads, tokens, gloss, evidence.beads


def _realign(
    job: tuple[ChapterTokens, Gloss, list[Bead], SearchParams, Paragraphs, Embedding | None],
) -> list[Bead]:
    return realign_tokens(*job)


def _with_learned(gloss: Gloss, tokens: ChapterTokens, learned: dict[str, frozenset[str]]) -> Gloss | None:
    """The chapter gloss with the learned stems that occur in the chapter, or None when it gains none."""
    present = frozenset().union(*tokens.en_stems)
    gained = {}
    for word in gloss.keys() & learned.keys():
        stems = gloss[word] | (learned[word] & present)
        if stems != gloss[word]:
            gained[word] = stems
    return {**gloss, **gained} if gained else None


def _share_values(gloss: Gloss, shared: dict[frozenset[str], frozenset[str]]) -> None:
    """Replace, in place, each stem set of ``gloss`` by the equal one first seen in ``shared`` (words keep
    their glosses from chapter to chapter: a long book would otherwise hold one set per word and chapter
    until realignment)."""
    for word, stems in gloss.items():
        gloss[word] = shared.setdefault(stems, stems)


def align_book(
    chapters: Sequence[ChapterText],
    lexicon: Lexicon | None = None,
    refine: bool = True,
    params: SearchParams = SearchParams(),
    paragraphs: Sequence[Paragraphs] | None = None,
    embeddings: Sequence[Embedding] | None = None,
    processes: int = 1,
    zh_words: Sequence[Segmented | None] | None = None,
) -> BookAlignment:
    """Align every chapter; with ``refine``, learn missing word pairs from the first pass and realign.

    ``paragraphs`` (one per chapter) are soft evidence for bead boundaries; ``embeddings`` (one per
    chapter: sentence vectors and weights) make it the hybrid aligner. ``processes`` > 1 spreads the
    chapters over a process pool (same result). ``zh_words`` (one per chapter, or None): the zh sentences
    already segmented (``text.chinese.segment``).
    """
    keep_freed_memory()  # each chapter's tables are large arrays, allocated and freed in turn
    # the passes' tokens, glosses and jobs are freed when they return, before collection resumes: the
    # first collection then walks the beads, not every token of the book
    with gc_paused():
        return _passes(
            chapters,
            lexicon or default_lexicon(),
            refine,
            params,
            paragraphs or [Paragraphs()] * len(chapters),
            embeddings,
            processes,
            zh_words,
        )


def _passes(
    chapters: Sequence[ChapterText],
    lexicon: Lexicon,
    refine: bool,
    params: SearchParams,
    paragraphs: Sequence[Paragraphs],
    embeddings: Sequence[Embedding] | None,
    processes: int,
    zh_words: Sequence[Segmented | None] | None,
) -> BookAlignment:
    """``align_book``'s first pass, learning and realignment (its arguments, defaults filled in)."""
    results: list[list[Bead] | Rejection | None] = [count_problem(len(zh), len(en)) for zh, en in chapters]
    todo = [k for k, result in enumerate(results) if result is None]
    evidence = Evidence()
    with _mapper(processes, len(todo), lexicon) as mapper:
        jobs = [
            (
                chapters[k],
                zh_words[k] if zh_words else None,
                params,
                paragraphs[k],
                embeddings[k] if embeddings else None,
                refine,
            )
            for k in todo
        ]
        prepared: dict[int, tuple[ChapterTokens, Gloss]] = {}
        shared: dict[frozenset[str], frozenset[str]] = {}
        for k, (beads, tokens, gloss, items) in zip(todo, mapper(_first_pass, jobs)):
            results[k] = beads
            _share_values(gloss, shared)
            prepared[k] = (tokens, gloss)
            evidence.beads += items
        learned = evidence.learn() if refine else {}
        refined = {k: _with_learned(gloss, tokens, learned) for k, (tokens, gloss) in prepared.items()}
        again = [k for k in todo if refined[k] is not None]
        jobs = [
            (
                prepared[k][0],
                refined[k],
                results[k],
                params,
                paragraphs[k],
                embeddings[k] if embeddings else None,
            )
            for k in again
        ]
        for k, beads in zip(again, mapper(_realign, jobs)):
            results[k] = beads
    return BookAlignment(results, learned)  # type: ignore[arg-type]
