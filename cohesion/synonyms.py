"""Synonyms: two different nouns with the same meaning, up to ``LEXICAL_WINDOW`` sentences apart.

The cohesion paper's synonyms are nouns, so verbs and adjectives are left out. Two nouns match when
their most frequent WordNet senses are the same synset (WordNet orders senses by frequency; allowing
any sense linked face/expression and tier/level). A Chinese noun shared by the two aligned sentences
is recorded as evidence (``zh_shared=…``, not required). Pairs whose first senses differ
(prairie/grassland) are left out: gating second senses or hypernyms on that evidence was tried on
mac-dev and let in unrelated pairs (the shared Chinese noun is seldom the one under both nouns). Generic
nouns, nouns in idioms (``data/noun_idioms.txt``: "take no chances"), morphological variants (one
lemma a prefix of the other, or a long common prefix) and pairs whose phrases show different
referents (:func:`cohesion.nounphrase.different`: "a servant girl / a proper miss") are skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.tokens import Doc

from cohesion import lexicon, nlp, nounphrase, zh
from cohesion.candidate import Candidate, Span
from cohesion.chapter import LEXICAL_WINDOW, Chapter


@dataclass(frozen=True)
class Word:
    span: Span
    lemma: str
    synset: str  # the most frequent sense
    token: int  # index in its sentence's Doc


def nouns(doc: Doc, sent: int, text: str) -> list[Word]:
    """Common nouns (of ``doc``, the tagged ``text``) with their most frequent synset (idioms and
    generic nouns skipped)."""
    found = []
    for tok in doc:
        if tok.tag_ not in ("NN", "NNS") or not tok.is_alpha:
            continue
        base = nlp.lemma(tok.text, "n", tok.tag_ == "NNS")
        if (
            not base
            or base in lexicon.words("generic_nouns.txt")
            or nounphrase.idiom(text, tok.idx + len(tok))
        ):
            continue
        synsets = nlp.synsets(base, "n")
        if synsets:
            found.append(Word(Span(sent, tok.idx, tok.idx + len(tok), tok.text), base, synsets[0], tok.i))
    return found


def variants(a: str, b: str) -> bool:
    prefix = len(os.path.commonprefix([a, b]))
    return prefix == min(len(a), len(b)) or prefix >= 5


def find(ch: Chapter) -> Iterator[Candidate]:
    words = [nouns(doc, i, ch.sentences[i]) if doc is not None else [] for i, doc in enumerate(ch.docs)]
    lemmas = [{w.lemma for w in ws} for ws in words]
    for j, current in enumerate(words):
        for b in current:
            if sum(w.lemma == b.lemma for w in current) > 1:
                continue
            for i in ch.back(j, LEXICAL_WINDOW):
                if b.lemma in lemmas[i]:
                    break  # a repetition is the closer link
                found = _match(ch, words[i], b, lemmas[j])
                if found:
                    a, synset, evidence = found
                    yield Candidate("synonyms", "noun", a.span, b.span, synset, evidence)
                    break


def _match(ch: Chapter, earlier: list[Word], b: Word, own: set[str]) -> tuple[Word, str, str] | None:
    for a in earlier:
        if a.synset != b.synset or a.lemma == b.lemma or a.lemma in own or variants(a.lemma, b.lemma):
            continue
        if not nounphrase.different(ch.docs[a.span.sent], a.token, ch.docs[b.span.sent], b.token):
            return a, b.synset, zh.shared_noun(ch.zh[a.span.sent], ch.zh[b.span.sent])
    return None
