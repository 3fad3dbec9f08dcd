"""A tagged sentence as plain Python data, read once from a spaCy Doc.

The rules ask about each word many times (its form, tag, POS, offset ...). A spaCy ``Token`` is
created anew on every ``doc[i]`` and looks each string up in the vocabulary on every attribute
access, a large share of mining's time. :func:`read` copies what the rules use into
:class:`Word` objects with the same attribute names (``text``, ``lower_``, ``tag_``, ``pos_``,
``idx``, ``i``, ``whitespace_``, ``is_alpha``) from one array of the Doc (no ``Token`` at all), the
strings of each (word, tag) looked up once per process; a :class:`Sentence` is the list of them,
indexed and sliced like a ``Doc``. ``pos_`` is the coarse POS that the model's attribute ruler
gives the tag (:func:`cohesion.nlp.pos_tables`), which the miner's tagger does not run.
"""

from __future__ import annotations

from spacy.attrs import IDX, ORTH, SPACY, TAG
from spacy.tokens import Doc
from spacy.vocab import Vocab

from cohesion.nlp import pos_tables

KNOWN_MAX = 500_000  # (word, tag) entries kept before the look-up table starts afresh


class Word:
    """One token: the ``spacy.tokens.Token`` attributes the rules read."""

    __slots__ = ("text", "lower_", "tag_", "pos_", "idx", "i", "whitespace_", "is_alpha")

    def __init__(
        self, text: str, lower: str, tag: str, pos: str, idx: int, i: int, space: str, alpha: bool
    ) -> None:
        self.text, self.lower_, self.tag_, self.pos_ = text, lower, tag, pos
        self.idx, self.i, self.whitespace_, self.is_alpha = idx, i, space, alpha

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


def read(doc: Doc, text: str) -> Sentence:
    """The words of ``doc``, which was tagged from ``text``."""
    sentence = Sentence(text)
    known = _KNOWN
    append = sentence.append
    for i, (orth, tag, idx, space) in enumerate(doc.to_array(_ATTRS).tolist()):
        form, lower, tag_, pos, alpha = known.get((orth, tag)) or _learn(doc.vocab, orth, tag)
        append(Word(form, lower, tag_, pos, idx, i, " " if space else "", alpha))
    return sentence


_ATTRS = [ORTH, TAG, IDX, SPACY]
_KNOWN: dict[tuple[int, int], tuple[str, str, str, str, bool]] = {}  # (orth, tag) hashes -> strings


def _learn(vocab: Vocab, orth: int, tag: int) -> tuple[str, str, str, str, bool]:
    """(text, lower-cased, tag, POS, is_alpha) of a word with a tag, kept in :data:`_KNOWN`."""
    if len(_KNOWN) >= KNOWN_MAX:
        _KNOWN.clear()
    lexeme, tag_ = vocab[orth], vocab.strings[tag] if tag else ""
    by_word, by_tag = pos_tables()
    pos = by_word.get((lexeme.lower_, tag_)) or by_tag.get(tag_, "")
    entry = _KNOWN[orth, tag] = (lexeme.orth_, lexeme.lower_, tag_, pos, lexeme.is_alpha)
    return entry
