"""Mine chapters: pre-filter, tag (one spaCy stream across chapters), run every phenomenon's detector."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import tee
from operator import attrgetter

from spacy.language import Language
from spacy.tokens import Doc

from cohesion import conjunction, ellipsis, reference, repetition, substitution, synonyms
from cohesion.candidate import MAX_CHARS, Candidate
from cohesion.chapter import Chapter
from cohesion.gender import name_genders, non_persons, noun_genders
from cohesion.mentions import continued_in_lower_case, mentions, named_elsewhere
from cohesion.nlp import load_tagger
from cohesion.prefilter import needs_tagging
from cohesion.tagged import read
from text.english_model import spaced_runs

Detector = Callable[[Chapter], Iterator[Candidate]]
DETECTORS: tuple[Detector, ...] = (
    repetition.find,
    synonyms.find,
    reference.find,
    substitution.find,
    ellipsis.find,
    conjunction.find,
)
BATCH = 256  # sentences per spaCy batch; batches run across chapter boundaries


def too_long(sentence: str) -> bool:
    return len(sentence) > MAX_CHARS


def mine_chapters(
    chapters: Iterable[tuple[list[str], list[str] | None]],
    prefilter: bool = True,
    tagger: Language | None = None,
) -> Iterator[list[Candidate]]:
    """Candidates of each ``(sentences, zh)`` chapter, in order, each list ordered by element-2 position.

    The sentences of all chapters go through one ``nlp.pipe`` stream (batches span chapters), and
    each chapter is mined as soon as its last sentence is tagged: ``chapters`` is read lazily, and
    memory holds about one batch of chapters. ``zh`` gives the aligned Chinese per English sentence
    (used by reference) or None. Only sentences that may take part in a candidate are tagged (all of
    them with ``prefilter=False``); a sentence over :data:`MAX_CHARS` is mined as an empty one.
    """
    prepared = (_prepare(sentences, zh, prefilter) for sentences, zh in chapters)
    feed, follow = tee(prepared)  # the tagger reads ahead by a batch; ``follow`` buffers the chapters between
    texts = (spaced_runs(s) for sentences, _, wanted in feed for s, w in zip(sentences, wanted) if w)
    docs = (tagger or load_tagger()).pipe(texts, batch_size=BATCH)
    for sentences, zh, wanted in follow:
        with _cycles_uncollected():
            found = _mined(sentences, zh, [next(docs) if w else None for w in wanted])
        yield found


def _mined(sentences: list[str], zh: list[str] | None, tagged: list[Doc | None]) -> list[Candidate]:
    """The candidates of a tagged chapter, ordered by element-2 position (its docs, words and mentions
    freed on return)."""
    chapter = _chapter(sentences, tagged)
    if zh is not None:
        chapter.zh = zh
    found = [c for detect in DETECTORS for c in detect(chapter)]
    return sorted(found, key=_POSITION)


_POSITION = attrgetter("b.sent", "b.start", "phenomenon")  # a candidate's order: element 2's position


@contextmanager
def _cycles_uncollected() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a chapter is tagged and mined (not while the caller
    holds its candidates). The chapter's docs, kept until its last sentence is tagged, and the rules'
    tens of thousands of objects (words, mentions, candidates) set off collections that traversed them
    all, again and again; reference counting frees them all, as neither the tagger nor the rules make
    cycles."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def mine(sentences: list[str], zh: list[str] | None = None, **options) -> list[Candidate]:
    """All candidates of one chapter (see :func:`mine_chapters`, which takes ``options``)."""
    return next(mine_chapters([(sentences, zh)], **options))


def _prepare(
    sentences: list[str], zh: list[str] | None, prefilter: bool
) -> tuple[list[str], list[str] | None, list[bool]]:
    """(sentences with those over the limit emptied, zh, which of them to tag)."""
    readable = ["" if too_long(s) else s for s in sentences]
    return readable, zh, needs_tagging(readable) if prefilter else [True] * len(readable)


def _chapter(sentences: list[str], tagged: list[Doc | None]) -> Chapter:
    docs = [read(doc, sentence) if doc is not None else None for doc, sentence in zip(tagged, sentences)]
    found = continued_in_lower_case(
        docs, named_elsewhere(docs, [mentions(doc) if doc is not None else [] for doc in docs])
    )
    things = non_persons(docs, found)
    genders = name_genders(docs, found, things)
    return Chapter(sentences, docs, [""] * len(sentences), found, genders, things, noun_genders(docs, found))
