"""A tagged sentence as plain Python data, read once from a spaCy Doc.

The rules ask about each word many times (its form, tag, POS, offset ...). A spaCy ``Token`` is
created anew on every ``doc[i]`` and looks each string up in the vocabulary on every attribute
access, a large share of mining's time. :func:`read` copies what the rules use into
:class:`Word` objects with the same attribute names (``text``, ``lower_``, ``tag_``, ``pos_``,
``idx``, ``i``, ``whitespace_``, ``is_alpha``) in one pass over the tokens; a :class:`Sentence`
is the list of them, indexed and sliced like a ``Doc``.
"""

from __future__ import annotations

from spacy.tokens import Doc


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
    sentence.extend(
        Word(t.text, t.lower_, t.tag_, t.pos_, t.idx, t.i, t.whitespace_, t.is_alpha) for t in doc
    )
    return sentence
