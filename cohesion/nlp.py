"""Cached spaCy tagger, WordNet reader and lemmas (the senses of a lemma: :mod:`cohesion.senses`).

POS comes from spaCy's tagger alone: only ``tok2vec`` and ``tagger`` run (parser, NER, senter and
spaCy's lemmatizer are not even loaded: nothing here needs a parse). The model's attribute ruler,
which maps fine tags to coarse POS with a token matcher, is loaded disabled; :func:`pos_tables`
reads the same mapping from its patterns, and :func:`cohesion.tagged.read` applies it by a
dictionary look-up per word (identical POS on mac-dev, tagging about 1.8x faster than with the
ruler). Lemmas come from WordNet's ``morphy``: they are the keys the synonym test needs, and with a
short list of lexicalised plurals (glasses, arms, goods) they avoid lemma collisions such as
glasses -> glass.
"""

from __future__ import annotations

import gc
import warnings
from functools import cache
from typing import Any

from spacy.language import Language

from cohesion import lexicon
from cohesion.embedding import Embeddings, cache_embeddings
from cohesion.encoder import fast_encoder
from text.english_model import SPACY_MODEL

COMPONENTS = ("tok2vec", "tagger")  # the spaCy components the miner runs (its floor)
UNUSED = ("parser", "ner", "lemmatizer", "senter")  # never loaded
EMBEDDINGS = Embeddings()  # the word embeddings of load_tagger's model, kept for the life of the process


@cache
def load_tagger(full: bool = False) -> Language:
    """The English model; ``full=True`` keeps parser, NER and the attribute ruler (for benchmarking).

    Its layers multiply matrices with numpy's BLAS (OpenBLAS) instead of thinc's default, blis: the
    same tags on mac-dev (36,827 tokens), tok2vec about 15% less CPU. BLAS then runs on one thread in
    this process (:func:`one_blas_thread`). Its ``tok2vec`` embeds each distinct token once, kept in
    :data:`EMBEDDINGS` (:mod:`cohesion.embedding`: the same output, tagging about a quarter cheaper), and
    its context encoder runs in fewer numpy passes (:mod:`cohesion.encoder`: the same output again).

    The loaders here (this one and :func:`wordnet`) end with ``gc.freeze()``: the model and WordNet
    (about 0.8M objects) live as long as the process, and the cyclic garbage collector's full passes
    over them cost a fresh process 0.6 CPU s of GC while mining mac-dev three times over (5,841
    sentences), 0.2 once frozen (gc callbacks' CPU time). Frozen
    objects are still freed by reference counting; a process that forks after loading shares them
    without the collector touching their pages."""
    import spacy
    from thinc.api import use_ops

    one_blas_thread()
    with use_ops("numpy", use_blis=False):
        if full:
            return spacy.load(SPACY_MODEL)
        nlp = spacy.load(SPACY_MODEL, exclude=list(UNUSED), disable=["attribute_ruler"])
    cache_embeddings(nlp, EMBEDDINGS)
    fast_encoder(nlp)
    gc.freeze()
    return nlp


@cache
def one_blas_thread() -> None:
    """BLAS on one thread for the rest of the process. The pipeline scales by processes (a Luigi
    worker per core); OpenBLAS's own threads, on a machine whose cores are busy, cost more CPU time
    than they save (mac-dev tagged: 1.6 CPU s with two threads, 0.9 with one)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


def _values(value: Any) -> list[str]:
    """A matcher pattern value: a string or ``{"IN": [...]}``."""
    return [value] if isinstance(value, str) else list(value.get("IN", [])) if isinstance(value, dict) else []


@cache
def pos_tables() -> tuple[dict[tuple[str, str], str], dict[str, str]]:
    """(lower-cased word, tag) -> POS and tag -> POS, from the attribute ruler of :func:`load_tagger`'s
    model (single-token patterns on LOWER + TAG and on TAG; patterns on DEP need the parser and
    never fire). A word's POS: ``by_word.get((lower, tag)) or by_tag.get(tag, "")``."""
    ruler = load_tagger().get_pipe("attribute_ruler")  # loaded disabled: its patterns, not its matcher
    by_word: dict[tuple[str, str], str] = {}
    by_tag: dict[str, str] = {}
    for rule in ruler.patterns:
        pos, pattern = rule["attrs"].get("POS"), rule["patterns"][0]
        if pos is None or len(pattern) != 1:
            continue
        keys = set(pattern[0])
        if keys == {"TAG"}:
            for tag in _values(pattern[0]["TAG"]):
                by_tag.setdefault(tag, pos)
        elif keys == {"LOWER", "TAG"}:
            for word in _values(pattern[0]["LOWER"]):
                for tag in _values(pattern[0]["TAG"]):
                    by_word.setdefault((word, tag), pos)
    return by_word, by_tag


@cache
def wordnet() -> Any:
    """NLTK's WordNet reader, English only: no map to WordNet 3.0 synsets, which only the
    multilingual (OMW) functions use and which costs about half the reader's load time. A one-line
    LookupError where the language data lacks WordNet."""
    from core.langdata import use_project_data, wordnet_dir

    use_project_data()
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class EnglishWordNet(WordNetCorpusReader):
        def map_wn(self, version: str = "wordnet") -> None:
            return None

    try:
        root = nltk.data.find("corpora/wordnet")
    except LookupError:  # NLTK's message is a box of 15 lines
        raise LookupError(
            f"no WordNet in {wordnet_dir()} (the language data, which BWB_DATA moves): "
            "run make setup, or python -m core.langdata"
        ) from None
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The multilingual functions are not available")
        reader = EnglishWordNet(root, None)
    gc.freeze()
    return reader


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
