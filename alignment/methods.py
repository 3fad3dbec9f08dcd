"""The aligners, registered by name behind one interface: default (dictionary), hybrid (dictionary +
embeddings), bleualign (needs machine translations of the zh side) and galechurch (lengths only).

An aligner takes one book (:class:`BookToAlign`) and returns beads or a rejection per chapter and the
number of lexicon pairs it learned. ``options.align.method`` names one of :data:`ALIGNERS`; a new
aligner is a function decorated with ``@aligner("name")``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from alignment.beads import Bead
from alignment.bleualign import bleualign
from alignment.book import BookAlignment, ChapterText, Segmented, align_book
from alignment.chapter import count_problem
from alignment.galechurch import gale_church
from alignment.hybrid import HybridWeights, Margins
from alignment.joined import PooledCache
from alignment.pooled import UsePooler
from alignment.search import Paragraphs, SearchParams
from alignment.similarity import char_count
from alignment.translator import Translator
from core.rejection import Rejection
from text.lexicon import Lexicon


@dataclass(frozen=True)
class BookToAlign:
    """One book's chapters and everything an aligner may use besides their sentences."""

    chapters: Sequence[ChapterText]
    ids: Sequence[str]  # chapter ids (bleualign's translator reads each chapter's translation by its id)
    paragraphs: Sequence[Paragraphs] | None = None  # per chapter: paragraph starts (default, hybrid)
    lexicon: Lexicon | None = None
    translator: Translator | None = None  # bleualign: machine translations of the zh sentences
    processes: int = 1  # > 1: default and hybrid align the chapters on a process pool (same result)
    zh_words: Sequence[Segmented | None] | None = None  # per chapter: the zh sentences already segmented
    search: SearchParams | None = None  # default and hybrid: None for the weights fitted for the method
    hybrid: HybridWeights = HybridWeights()


Aligned = tuple[list[list[Bead] | Rejection], int]  # per chapter beads or a rejection; lexicon pairs learned
Aligner = Callable[[BookToAlign], Aligned]
ALIGNERS: dict[str, Aligner] = {}


def aligner(name: str) -> Callable[[Aligner], Aligner]:
    """Register an aligner under ``name`` (the value of ``options.align.method``)."""

    def register(function: Aligner) -> Aligner:
        ALIGNERS[name] = function
        return function

    return register


def align_chapters(
    method: str,
    chapters: Sequence[ChapterText],
    ids: Sequence[str],
    paragraphs: Sequence[Paragraphs] | None = None,
    lexicon: Lexicon | None = None,
    translator: Translator | None = None,
    processes: int = 1,
    zh_words: Sequence[Segmented | None] | None = None,
    search: SearchParams | None = None,
    hybrid: HybridWeights = HybridWeights(),
) -> Aligned:
    """Beads (or a rejection) per chapter of one book with the aligner ``method``, and the number of
    lexicon pairs learned (the fields of :class:`BookToAlign` say what each argument is for)."""
    if method not in ALIGNERS:
        raise ValueError(f"unknown alignment method {method!r} (known: {', '.join(ALIGNERS)})")
    book = BookToAlign(chapters, ids, paragraphs, lexicon, translator, processes, zh_words, search, hybrid)
    return ALIGNERS[method](book)


def _learned(aligned: BookAlignment) -> Aligned:
    return aligned.chapters, sum(len(stems) for stems in aligned.learned.values())


@aligner("default")
def _default(book: BookToAlign) -> Aligned:
    return _learned(
        align_book(
            book.chapters,
            book.lexicon,
            params=book.search or SearchParams(),
            paragraphs=book.paragraphs,
            processes=book.processes,
            zh_words=book.zh_words,
        )
    )


@cache
def _pooler() -> UsePooler:
    """One model per process (loading the weights takes seconds)."""
    return UsePooler()


def load_models(method: str) -> None:
    """Load what the aligner ``method`` loads once per process (the hybrid's encoder), e.g. before timing it."""
    if method == "hybrid":
        _pooler()


@aligner("hybrid")
def _hybrid(book: BookToAlign) -> Aligned:
    params = book.search or SearchParams()
    with _pooler().one_thread():  # the margins' matrix products too
        paragraphs = book.paragraphs or [Paragraphs()] * len(book.chapters)
        vectors = [
            (_margins(zh, en, params, chapter_paragraphs), book.hybrid)
            for (zh, en), chapter_paragraphs in zip(book.chapters, paragraphs)
        ]
        return _learned(
            align_book(
                book.chapters,
                book.lexicon,
                params=params,
                paragraphs=book.paragraphs,
                embeddings=vectors,
                processes=book.processes,
                zh_words=book.zh_words,
            )
        )


def _margins(zh: Sequence[str], en: Sequence[str], params: SearchParams, paragraphs: Paragraphs) -> Margins:
    """A chapter's margins for the bead shapes of ``params`` and its paragraphs (none for a chapter
    ``align_book`` rejects unsearched)."""
    if count_problem(len(zh), len(en)):
        return Margins((), (), ())
    cache = PooledCache(_pooler())  # per chapter: token features are large
    return Margins.of(zh, en, cache, params, paragraphs)


@aligner("bleualign")
def _bleualign(book: BookToAlign) -> Aligned:
    if book.translator is None:
        raise ValueError("the bleualign method needs machine translations (options.align.translations)")
    return _per_chapter(
        book, lambda chapter_id, zh, en: _bleualign_chapter(book.translator, chapter_id, zh, en)
    )


def _bleualign_chapter(
    translator: Translator, chapter_id: str, zh: Sequence[str], en: Sequence[str]
) -> list[Bead] | Rejection:
    try:
        translation = translator.translate(chapter_id, zh)
    except ValueError as err:  # a missing file, or one line too many or too few
        return Rejection("bad_machine_translation", str(err))
    return bleualign(translation, en)


@aligner("galechurch")
def _gale_church(book: BookToAlign) -> Aligned:
    def chapter(chapter_id: str, zh: Sequence[str], en: Sequence[str]) -> list[Bead]:
        zh_lens, en_lens = [char_count(s) for s in zh], [char_count(s) for s in en]
        return gale_church(zh_lens, en_lens, sum(en_lens) / max(1, sum(zh_lens)))

    return _per_chapter(book, chapter)


def _per_chapter(
    book: BookToAlign, align: Callable[[str, Sequence[str], Sequence[str]], list[Bead] | Rejection]
) -> Aligned:
    """A chapter-by-chapter aligner: unbalanced or overlong chapters are rejected before ``align`` sees them."""
    results: list[list[Bead] | Rejection] = []
    for chapter_id, (zh, en) in zip(book.ids, book.chapters):
        results.append(count_problem(len(zh), len(en)) or align(chapter_id, zh, en))
    return results, 0


METHODS = tuple(ALIGNERS)  # the registered names, in registration order
