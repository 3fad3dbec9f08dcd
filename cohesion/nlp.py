"""Cached spaCy tagger and WordNet look-ups.

POS comes from spaCy's tagger alone: only ``tok2vec`` and ``tagger`` run (parser, NER, senter and
spaCy's lemmatizer are not even loaded: nothing here needs a parse). The model's attribute ruler,
which maps fine tags to coarse POS with a token matcher, is loaded disabled and replaced by the same
mapping read from its patterns and applied by a dictionary look-up per token (:func:`_tag_to_pos`): identical
POS on mac-dev, and tagging about 1.8x faster. Lemmas come from WordNet's ``morphy``: they are the
keys the synonym test needs, and with a short list of lexicalised plurals (glasses, arms, goods)
they avoid lemma collisions such as glasses -> glass.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from functools import cache
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

from cohesion import lexicon
from text.english_model import SPACY_MODEL

COMPONENTS = ("tok2vec", "tagger")  # the spaCy components the miner runs (its floor)
UNUSED = ("parser", "ner", "lemmatizer", "senter")  # never loaded


@cache
def load_tagger(full: bool = False) -> Language:
    """The English model; ``full=True`` keeps parser, NER and the attribute ruler (for benchmarking)."""
    import spacy

    if full:
        return spacy.load(SPACY_MODEL)
    nlp = spacy.load(SPACY_MODEL, exclude=list(UNUSED), disable=["attribute_ruler"])
    nlp.add_pipe("cohesion_tag_pos", config={})
    return nlp


def _values(value: Any) -> list[str]:
    """A matcher pattern value: a string or ``{"IN": [...]}``."""
    return [value] if isinstance(value, str) else list(value.get("IN", [])) if isinstance(value, dict) else []


@cache
def _pos_tables(nlp: Language) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
    """Tag -> POS and (lower-cased word, tag) -> POS, as hashes, from the model's attribute ruler
    (single-token patterns on TAG and LOWER + TAG; patterns on DEP need the parser and never fire)."""
    ruler = nlp.get_pipe("attribute_ruler")  # loaded disabled: its patterns, not its matcher
    strings = nlp.vocab.strings
    by_tag: dict[int, int] = {}
    by_word: dict[tuple[int, int], int] = {}
    for rule in ruler.patterns:
        pos, pattern = rule["attrs"].get("POS"), rule["patterns"][0]
        if pos is None or len(pattern) != 1:
            continue
        keys = set(pattern[0])
        if keys == {"TAG"}:
            for tag in _values(pattern[0]["TAG"]):
                by_tag.setdefault(strings.add(tag), strings.add(pos))
        elif keys == {"LOWER", "TAG"}:
            for word in _values(pattern[0]["LOWER"]):
                for tag in _values(pattern[0]["TAG"]):
                    by_word.setdefault((strings.add(word), strings.add(tag)), strings.add(pos))
    return by_tag, by_word


@Language.factory("cohesion_tag_pos")
def _tag_to_pos(nlp: Language, name: str) -> Callable[[Doc], Doc]:
    by_tag, by_word = _pos_tables(nlp)

    def set_pos(doc: Doc) -> Doc:
        for token in doc:
            token.pos = by_word.get((token.lower, token.tag)) or by_tag.get(token.tag, 0)
        return doc

    return set_pos


@cache
def wordnet() -> Any:
    """NLTK's WordNet reader, English only: no map to WordNet 3.0 synsets, which only the
    multilingual (OMW) functions use and which costs about half the reader's load time."""
    from core.langdata import use_project_data

    use_project_data()
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class EnglishWordNet(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet") -> None:
            return None

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The multilingual functions are not available")
        return EnglishWordNet(nltk.data.find("corpora/wordnet"), None)


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
