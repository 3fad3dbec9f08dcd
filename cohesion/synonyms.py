"""Synonyms: two different content words whose most frequent WordNet senses are the same synset.

Requiring the first sense of *both* words (WordNet orders senses by frequency) is what keeps this
precise: allowing second senses linked face/expression, tier/level and young/immature. Light verbs
(be, have, get ...), gerunds/progressives (mostly adjectival or nominal uses), function-like
adjectives (next, other, same ...) and generic nouns are skipped, and so are morphological variants
(one lemma a prefix of the other, or a long common prefix).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.tokens import Doc

from cohesion import lexicon, nlp
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter

SUBTYPE = {"n": "noun", "a": "adj", "v": "verb"}
VERB_ADJ = {"VERB": "v", "ADJ": "a"}


@dataclass(frozen=True)
class Word:
    span: Span
    lemma: str
    pos: str  # WordNet POS
    synset: str  # the most frequent sense


def content_words(doc: Doc, sent: int) -> list[Word]:
    """Nouns, adjectives and non-light verbs with their most frequent synset."""
    found = []
    for tok in doc:
        pos = "n" if tok.tag_ in ("NN", "NNS") else VERB_ADJ.get(tok.pos_)
        if pos is None or not tok.is_alpha or tok.tag_ == "VBG":
            continue
        base = nlp.lemma(tok.text, pos, tok.tag_ == "NNS")
        if not base or base in lexicon.words("generic_nouns.txt") or base in lexicon.words("light_words.txt"):
            continue
        synset = nlp.first_synset(base, pos)
        if synset:
            found.append(Word(Span(sent, tok.idx, tok.idx + len(tok), tok.text), base, pos, synset))
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
                    yield Candidate("synonyms", SUBTYPE[b.pos], match.span, b.span, b.synset)
                    break


def _synonyms(a: Word, b: Word) -> bool:
    return a.pos == b.pos and a.synset == b.synset and a.lemma != b.lemma and not variants(a.lemma, b.lemma)
