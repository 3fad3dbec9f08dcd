"""Punkt's sentence spans with a trained model, as NLTK's ``PunktSentenceTokenizer.span_tokenize`` gives them,
in less Python.

NLTK (3.10) decides every candidate end (. ? !) by tokenising its context ("word. Next") into
``PunktToken`` objects and running both annotation passes over them, each regex behind a time-limit
wrapper; that was about two thirds of the clean stage's CPU time. ``PunktSpans`` runs the same steps
on the same regexes (their sources taken from NLTK's own language variables, compiled with the
``regex`` engine NLTK uses) over plain strings: candidate contexts, the first-pass type decisions,
the second-pass collocation, orthographic, sentence-starter, initial and number heuristics, and the
realignment of closing quotes and brackets. The spans are NLTK's, character for character
(``tests/text/test_punkt_spans.py`` compares them on crafted and generated text).
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import TYPE_CHECKING

import regex

if TYPE_CHECKING:
    from nltk.tokenize.punkt import PunktSentenceTokenizer

# orthographic context flags of a word type (nltk.tokenize.punkt's _ORTHO_* constants)
_BEG_UC, _MID_UC, _UNK_UC = 1 << 1, 1 << 2, 1 << 3
_BEG_LC, _MID_LC, _UNK_LC = 1 << 4, 1 << 5, 1 << 6
_UC = _BEG_UC | _MID_UC | _UNK_UC
_LC = _BEG_LC | _MID_LC | _UNK_LC
_PUNCTUATION = frozenset(";:,.!?")  # tokens that never start a sentence
# what NLTK looks back for to find the word before a candidate end, the space first
_WHITESPACE = " " + string.whitespace.replace(" ", "")
_UNKNOWN = None  # the orthographic heuristic cannot tell


def _compiled(timed) -> regex.Pattern:
    """The ``regex`` pattern of one of NLTK's time-limited patterns (same source and flags)."""
    return regex.compile(timed.pattern, timed.flags)


class PunktSpans:
    """``span_tokenize`` of a ``PunktSentenceTokenizer`` (its parameters and language variables)."""

    def __init__(self, tokenizer: PunktSentenceTokenizer) -> None:
        from nltk.tokenize.punkt import PunktToken

        params, lang_vars = tokenizer._params, tokenizer._lang_vars
        self.abbrev_types = params.abbrev_types
        self.collocations = params.collocations
        self.sent_starters = params.sent_starters
        self.ortho_context = params.ortho_context
        self.sent_end_chars = frozenset(lang_vars.sent_end_chars)
        self.period_context = _compiled(lang_vars.period_context_re())
        self.word_tokenizer = _compiled(lang_vars._word_tokenizer_re())
        self.realignment = _compiled(lang_vars.re_boundary_realignment)
        # what a realignment (closing quotes and brackets moved to the sentence before) starts with
        self.realign_first = frozenset("\"')]}\u2018\u2019\u201c\u201d\xab\xbb")
        self.numeric = _compiled(PunktToken._RE_NUMERIC)
        self.initial = _compiled(PunktToken._RE_INITIAL)
        self._types: dict[str, tuple[str, str]] = {}

    def span_tokenize(self, text: str) -> Iterator[tuple[int, int]]:
        """(start, end) of every sentence of ``text``, as NLTK's ``span_tokenize(text)``."""
        realign = 0
        previous = None
        for span in self._slices(text):
            if previous is not None:
                start, stop = previous[0] + realign, previous[1]
                m = self._realignment(text, span)
                if m:
                    yield start, span[0] + len(m.group(0).rstrip())
                    realign = m.end()
                else:
                    realign = 0
                    if stop > start:
                        yield start, stop
            previous = span
        start, stop = previous[0] + realign, previous[1]
        if stop > start:
            yield start, stop

    def _realignment(self, text: str, span: tuple[int, int]):
        if span[1] <= span[0] or text[span[0]] not in self.realign_first:
            return None
        return self.realignment.match(text[span[0] : span[1]])

    def _slices(self, text: str) -> Iterator[tuple[int, int]]:
        last_break = 0
        for match, context in self._end_contexts(text):
            if self.contains_sentbreak(context):
                yield last_break, match.end()
                last_break = match.start("next_tok") if match.group("next_tok") else match.end()
        yield last_break, len(text.rstrip())

    def _end_contexts(self, text: str) -> Iterator[tuple[regex.Match, str]]:
        """NLTK's ``_match_potential_end_contexts``: each candidate end with the word before it and the
        token after it, a candidate dropped when its word overlaps the previous one's."""
        previous_start = previous_stop = 0
        previous = None
        other_spaces = [c for c in _WHITESPACE[1:] if c in text]  # usually none: look back for " " only
        for match in self.period_context.finditer(text):
            start = match.start()
            space = text.rfind(" ", previous_stop, start)
            if other_spaces:
                space = max(space, *(text.rfind(c, previous_stop, start) for c in other_spaces))
            word_start = space + 1 if space > previous_stop else previous_start
            if previous is not None and previous_stop <= word_start:
                yield previous, self._context(text, previous_start, previous_stop, previous)
            previous, previous_start, previous_stop = match, word_start, start
        if previous is not None:
            yield previous, self._context(text, previous_start, previous_stop, previous)

    @staticmethod
    def _context(text: str, start: int, stop: int, match: regex.Match) -> str:
        return text[start:stop] + match.group() + match.group("after_tok")

    def contains_sentbreak(self, context: str) -> bool:
        """NLTK's ``text_contains_sentbreak``: whether a token other than the last ends a sentence."""
        tokens = [
            token
            for line in context.split("\n")
            if line.strip()
            for token in self.word_tokenizer.findall(line)
        ]
        return any(self._sentbreak(tokens[k], tokens[k + 1]) for k in range(len(tokens) - 1))

    def _type(self, token: str) -> tuple[str, str]:
        """(type, type without a final period): the lower-cased token, numbers as ``##number##``."""
        found = self._types.get(token)
        if found is None:
            typ = self.numeric.sub("##number##", token.lower())
            found = (typ, typ[:-1] if len(typ) > 1 and typ[-1] == "." else typ)
            if len(self._types) < 100_000:
                self._types[token] = found
        return found

    def _first_pass(self, token: str) -> str | None:
        """ "sentbreak", "ellipsis", "abbr" or None: the decision from the token alone."""
        if token in self.sent_end_chars:
            return "sentbreak"
        if token[:2] == ".." and not token.strip("."):
            return "ellipsis"
        if token[-1] == "." and not token.endswith(".."):
            word = token[:-1].lower()
            if word in self.abbrev_types or word.split("-")[-1] in self.abbrev_types:
                return "abbr"
            return "sentbreak"
        return None

    def _ortho(self, token: str, type_: str) -> bool | None:
        """Whether ``token`` starts a sentence by the orthographic heuristic (None: unknown)."""
        if token in _PUNCTUATION:
            return False
        context = self.ortho_context.get(type_, 0)
        if token[0].isupper() and context & _LC and not context & _MID_UC:
            return True
        if token[0].islower() and (context & _UC or not context & _BEG_LC):
            return False
        return _UNKNOWN

    def _sentbreak(self, token: str, following: str) -> bool:
        """Whether ``token``, followed by ``following``, ends a sentence after both passes."""
        first = self._first_pass(token)
        if token[-1] != ".":
            return first == "sentbreak"
        typ = self._type(token)[1]
        following_type = self._type(following)[self._first_pass(following) == "sentbreak"]
        if (typ, following_type) in self.collocations:
            return False
        initial = self.initial.match(token) is not None
        if first in ("abbr", "ellipsis") and not initial:
            if self._ortho(following, following_type) is True:
                return True
            if following[0].isupper() and following_type in self.sent_starters:
                return True
        if initial or typ == "##number##":
            ortho = self._ortho(following, following_type)
            if ortho is False:
                return False
            if (
                ortho is _UNKNOWN
                and initial
                and following[0].isupper()
                and not self.ortho_context.get(following_type, 0) & _LC
            ):
                return False
        return first == "sentbreak"
