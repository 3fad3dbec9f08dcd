"""Synonyms: two different content words sharing a WordNet synset among their most frequent senses.

The shared synset must be the first sense of one word and among the first two senses of the other
(verbs: the first sense of both, they are far more polysemous); light verbs (be, have, get ...),
function-like adjectives (next, other, same ...) and generic nouns are skipped. Morphological variants (one lemma a prefix of the
other, or a long common prefix) are not synonyms.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.tokens import Doc

from cohesion import lexicon, nlp
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter

SENSES = {"n": 2, "a": 2, "v": 1}  # how many senses may share the synset
SUBTYPE = {"n": "noun", "a": "adj", "v": "verb"}
VERB_ADJ = {"VERB": "v", "ADJ": "a"}


@dataclass(frozen=True)
class Word:
    span: Span
    lemma: str
    pos: str  # WordNet POS
    synsets: frozenset[str]  # the top SENSES synsets
    first: str  # the most frequent synset


def content_words(doc: Doc, sent: int) -> list[Word]:
    """Nouns, adjectives and non-light verbs with their top synsets."""
    found = []
    for tok in doc:
        pos = "n" if tok.tag_ in ("NN", "NNS") else VERB_ADJ.get(tok.pos_)
        if pos is None or not tok.is_alpha:
            continue
        base = nlp.lemma(tok.text, pos, tok.tag_ == "NNS")
        if not base or base in lexicon.words("generic_nouns.txt") or base in lexicon.words("light_words.txt"):
            continue
        synsets = nlp.top_synsets(base, pos, SENSES[pos])
        if synsets:
            first = min(nlp.top_synsets(base, pos, 1))
            found.append(Word(Span(sent, tok.idx, tok.idx + len(tok), tok.text), base, pos, synsets, first))
    return found


def variants(a: str, b: str) -> bool:
    prefix = len(os.path.commonprefix([a, b]))
    return prefix == min(len(a), len(b)) or prefix >= 5


def find(ch: Chapter) -> Iterator[Candidate]:
    words = [content_words(doc, i) if doc is not None else [] for i, doc in enumerate(ch.docs)]
    lemmas = [{w.lemma for w in ws} for ws in words]
    for j, current in enumerate(words):
        for b in current:
            if sum(w.lemma == b.lemma for w in current) > 1:
                continue
            for i in ch.back(j):
                if b.lemma in lemmas[i]:
                    break  # a repetition is the closer link
                match = next((a for a in words[i] if _synonyms(a, b) and a.lemma not in lemmas[j]), None)
                if match:
                    yield Candidate("synonyms", SUBTYPE[b.pos], match.span, b.span, _shared(match, b))
                    break


def _shared(a: Word, b: Word) -> str | None:
    """The synset linking the two words: first sense of one, top sense(s) of the other."""
    if a.first in b.synsets:
        return a.first
    return b.first if b.first in a.synsets else None


def _synonyms(a: Word, b: Word) -> bool:
    return a.pos == b.pos and a.lemma != b.lemma and bool(_shared(a, b)) and not variants(a.lemma, b.lemma)
