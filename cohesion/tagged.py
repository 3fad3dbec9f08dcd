"""A tagged sentence as plain Python data, read once from a spaCy Doc.

The rules ask about each word many times (its form, tag, POS, offset ...). A spaCy ``Token`` is
created anew on every ``doc[i]`` and looks each string up in the vocabulary on every attribute
access, a large share of mining's time. :func:`read` copies what the rules use into
:class:`Word` objects with the same attribute names (``text``, ``lower_``, ``tag_``, ``pos_``,
``idx``, ``i``, ``whitespace_``, ``is_alpha``) from one array of the Doc (no ``Token`` at all), the
strings of each (word, tag) looked up once per process; a :class:`Sentence` is the list of them,
indexed and sliced like a ``Doc``. ``pos_`` is the coarse POS that the model's attribute ruler
gives the tag (:func:`cohesion.nlp.pos_tables`), which the miner's tagger does not run. Also worked
out once per (word, tag), for the rules that ask it of every word: ``noun``, the WordNet lemma of a
common noun that is not a generic noun (``data/generic_nouns.txt``), and ``capital`` (an
alphabetic word with a capital first letter). A lower-case word the tagger read as a proper noun
that WordNet knows as a noun and not as an adjective is given the common noun's tag ("at the inn").
"""

from __future__ import annotations

from operator import attrgetter

from spacy.attrs import IDX, ORTH, SPACY, TAG
from spacy.tokens import Doc
from spacy.vocab import Vocab

from cohesion import lexicon, senses
from cohesion.nlp import lemma, pos_tables

KNOWN_MAX = 500_000  # (word, tag) entries kept before the look-up table starts afresh
# A word's attributes that depend on its (word, tag) alone, in Word's slot order: text, lower-cased,
# tag, POS, is_alpha, noun lemma (None for other words), capitalised.
Entry = tuple[str, str, str, str, bool, str | None, bool]


# A word's lower-cased form and POS: ``map(LOWER, words)`` scans the words in C, without a generator.
LOWER = attrgetter("lower_")
POS = attrgetter("pos_")


class Word:
    """One token: the ``spacy.tokens.Token`` attributes the rules read."""

    __slots__ = ("text", "lower_", "tag_", "pos_", "is_alpha", "noun", "capital", "idx", "i", "whitespace_")

    def __init__(self, entry: Entry, idx: int, i: int, space: str) -> None:
        self.text, self.lower_, self.tag_, self.pos_, self.is_alpha, self.noun, self.capital = entry
        self.idx = idx
        self.i = i
        self.whitespace_ = space

    def __len__(self) -> int:
        return len(self.text)

    def __repr__(self) -> str:
        return f"Word({self.text!r}, {self.tag_}, {self.pos_})"


class Sentence(list):
    """A tagged sentence: the list of its words (indexed and sliced like a ``Doc``; a slice is a
    plain list) with the sentence's ``text``."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def span(self, start: int, end: int) -> str:
        """The text of words ``start`` to ``end`` (slice bounds), without trailing whitespace."""
        words = self[start:end]
        return self.text[words[0].idx : words[-1].idx + len(words[-1].text)] if words else ""


def hyphenated(doc: Sentence | Doc, i: int) -> bool:
    """Is word ``i`` part of a hyphenated word ("son-in-law", "twenty-one"): a hyphen attached to it on
    either side?"""
    before = i > 0 and doc[i - 1].text == "-" and not doc[i - 1].whitespace_
    return before or (i + 1 < len(doc) and doc[i + 1].text == "-" and not doc[i].whitespace_)


def read(doc: Doc, text: str) -> Sentence:
    """The words of ``doc``, which was tagged from ``text``."""
    sentence = Sentence(text)
    known = _KNOWN
    append = sentence.append
    orths, tags, offsets, spaces = doc.to_array(_ATTRS).T.tolist()  # by column: 4 lists, not one a word
    for i, (orth, tag, idx, space) in enumerate(zip(orths, tags, offsets, spaces)):
        append(Word(known.get((orth, tag)) or _learn(doc.vocab, orth, tag), idx, i, _SPACE[space]))
    return sentence


_ATTRS = [ORTH, TAG, IDX, SPACY]
_SPACE = ("", " ")
_KNOWN: dict[tuple[int, int], Entry] = {}  # (orth, tag) hashes -> the word's entry


def _learn(vocab: Vocab, orth: int, tag: int) -> Entry:
    """The entry of a word with a tag, kept in :data:`_KNOWN`."""
    if len(_KNOWN) >= KNOWN_MAX:
        _KNOWN.clear()
    lexeme, tag_ = vocab[orth], vocab.strings[tag] if tag else ""
    form, alpha = lexeme.orth_, lexeme.is_alpha
    if tag_ in ("NNP", "NNPS") and alpha and form.islower() and _common_noun(form, tag_ == "NNPS"):
        tag_ = "NN" if tag_ == "NNP" else "NNS"  # "met at the inn": a lower-case word names no one
    by_word, by_tag = pos_tables()
    pos = by_word.get((lexeme.lower_, tag_)) or by_tag.get(tag_, "")
    noun = lemma(form, "n", tag_ == "NNS") if tag_ in ("NN", "NNS") and alpha else None
    if noun in lexicon.words("generic_nouns.txt"):
        noun = None
    entry = _KNOWN[orth, tag] = (
        form,
        lexeme.lower_,
        tag_,
        pos,
        alpha,
        noun or None,
        alpha and form[:1].isupper(),
    )
    return entry


def _common_noun(form: str, plural: bool) -> bool:
    """Does WordNet know the lower-case ``form`` as a noun and not as an adjective ("inn", not "pale")?"""
    return lemma(form, "n", plural) is not None and not senses.senses(form, "a", 1)
