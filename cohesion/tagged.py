"""A tagged sentence as plain Python data, read once from a spaCy Doc.

The rules ask about each word many times (its form, tag, POS, offset ...). A spaCy ``Token`` is
created anew on every ``doc[i]`` and looks each string up in the vocabulary on every attribute
access, which cost more than the tagging itself. :func:`read` copies what the rules use into
:class:`Word` objects with the same attribute names (``text``, ``lower_``, ``tag_``, ``pos_``,
``idx``, ``i``, ``whitespace_``, ``is_alpha``) in one ``Doc.to_array`` pass; a :class:`Sentence`
is the list of them, indexed and sliced like a ``Doc``.
"""

from __future__ import annotations

from spacy.attrs import IDX, IS_ALPHA, LENGTH, LOWER, POS, SPACY, TAG
from spacy.tokens import Doc

_ATTRS = [IDX, LENGTH, LOWER, TAG, POS, SPACY, IS_ALPHA]
_strings: dict[int, str] = {}  # hash -> string, shared across Docs (one vocabulary per process)


class Word:
    """One token: the ``spacy.tokens.Token`` attributes the rules read."""

    __slots__ = ("text", "lower_", "tag_", "pos_", "idx", "i", "whitespace_", "is_alpha", "doc")

    def __init__(
        self, text: str, lower: str, tag: str, pos: str, idx: int, i: int, space: int, alpha: int, doc: Sentence
    ) -> None:
        self.text, self.lower_, self.tag_, self.pos_ = text, lower, tag, pos
        self.idx, self.i, self.whitespace_, self.is_alpha, self.doc = idx, i, " " if space else "", alpha == 1, doc

    def __len__(self) -> int:
        return len(self.text)

    def __repr__(self) -> str:
        return f"Word({self.text!r}, {self.tag_}, {self.pos_})"


class Sentence(list):
    """A tagged sentence: a list of its words (indexed and sliced like a ``Doc``; a slice is a plain
    list, see :func:`span_text`) with the sentence's ``text``."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


def span_text(words: list[Word]) -> str:
    """The text covered by consecutive words of one sentence, without trailing whitespace."""
    return words[0].doc.text[words[0].idx : words[-1].idx + len(words[-1].text)] if words else ""


def read(doc: Doc, text: str) -> Sentence:
    """The words of ``doc``, which was tagged from ``text``."""
    sentence = Sentence(text)
    rows = doc.to_array(_ATTRS).tolist()
    known = _strings
    for _, _, lower, tag, pos, _, _ in rows:
        if lower not in known or tag not in known or pos not in known:
            for key in (lower, tag, pos):
                known[key] = doc.vocab.strings[key] if key else ""
    sentence.extend(
        Word(text[idx : idx + length], known[lower], known[tag], known[pos], idx, i, space, alpha, sentence)
        for i, (idx, length, lower, tag, pos, space, alpha) in enumerate(rows)
    )
    return sentence
