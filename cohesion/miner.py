"""Mine one chapter: pre-filter, tag, run every phenomenon's detector."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from spacy.language import Language

from cohesion import conjunction, ellipsis, reference, repetition, substitution, synonyms
from cohesion.candidate import Candidate
from cohesion.chapter import Chapter
from cohesion.gender import name_genders, non_persons
from cohesion.mentions import mentions
from cohesion.nlp import load_tagger
from cohesion.prefilter import needs_tagging

Detector = Callable[[Chapter], Iterator[Candidate]]
DETECTORS: tuple[Detector, ...] = (
    repetition.find,
    synonyms.find,
    reference.find,
    substitution.find,
    ellipsis.find,
    conjunction.find,
)


def tag(sentences: list[str], prefilter: bool = True, tagger: Language | None = None) -> Chapter:
    """Tag the sentences that may take part in a candidate (all of them with ``prefilter=False``);
    a sentence over spaCy's maximum length is never tagged."""
    tagger = tagger or load_tagger()
    wanted = needs_tagging(sentences) if prefilter else [True] * len(sentences)
    wanted = [w and len(s) <= tagger.max_length for s, w in zip(sentences, wanted)]
    tagged = iter(tagger.pipe([s for s, w in zip(sentences, wanted) if w], batch_size=256))
    docs = [next(tagged) if w else None for w in wanted]
    for doc, sentence in zip(docs, sentences):
        if doc is not None:
            doc.user_data["text"] = sentence
    found = [mentions(doc) if doc is not None else [] for doc in docs]
    things = non_persons(docs, found)
    return Chapter(sentences, docs, [""] * len(sentences), found, name_genders(docs, found, things), things)


def mine(sentences: list[str], zh: list[str] | None = None, **tag_options) -> list[Candidate]:
    """All candidates of one chapter, ordered by element-2 position.

    ``zh`` gives the aligned Chinese per English sentence (used by reference); ``tag_options`` go to
    :func:`tag`.
    """
    chapter = tag(sentences, **tag_options)
    if zh is not None:
        chapter.zh = zh
    found = [c for detect in DETECTORS for c in detect(chapter)]
    return sorted(found, key=lambda c: (c.b.sent, c.b.start, c.phenomenon))
