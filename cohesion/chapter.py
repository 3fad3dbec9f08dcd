"""One chapter's English sentences with their tags, aligned Chinese and name genders."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from cohesion.candidate import Span
from cohesion.mentions import Mention
from cohesion.tagged import Sentence

WINDOW = 5  # how many sentences back a grammatical link (reference, substitution) may reach
LEXICAL_WINDOW = 10  # the same for lexical cohesion (repetition, synonyms), which reaches farther
_EDGE = "\"'“”‘’«»「」『』—–-…. ?!,;:()[]*"


@dataclass
class Chapter:
    sentences: list[str]
    docs: list[Sentence | None]  # None where the pre-filter skipped tagging
    zh: list[str]  # aligned Chinese per sentence ("" when unknown)
    mentions: list[list[Mention]]  # nouns and names per sentence ([] where untagged)
    genders: dict[str, str] = field(default_factory=dict)  # name -> "m" | "f"
    things: set[str] = field(default_factory=set)  # names the chapter shows not to be persons
    noun_genders: dict[str, str] = field(default_factory=dict)  # person noun lemma -> "m" | "f"

    @cached_property
    def word_genders(self) -> dict[str, str]:
        """The gender of each word of the persons' names, lower-cased ("zhou", "ming" of "Zhou Ming"),
        but a word that names of both genders share."""
        found: dict[str, set[str]] = {}
        for name, gender in self.genders.items():
            for word in name.lower().split():
                found.setdefault(word, set()).add(gender)
        return {word: next(iter(genders)) for word, genders in found.items() if len(genders) == 1}

    def back(self, j: int, window: int = WINDOW) -> Iterator[int]:
        """Earlier sentences inside the window, nearest first."""
        return iter(range(j - 1, max(j - window, 0) - 1, -1))

    def whole(self, i: int) -> Span:
        """Sentence ``i`` without its surrounding quotes, dashes and final punctuation."""
        text = self.sentences[i]
        start, end = core(text)
        return Span(i, start, end, text[start:end])


def core(text: str) -> tuple[int, int]:
    """Offsets of ``text`` without leading/trailing quotes, dashes, spaces and punctuation."""
    start = len(text) - len(text.lstrip(_EDGE))
    end = len(text.rstrip(_EDGE))
    return (start, end) if start < end else (0, 0)


def quoted(text: str, pos: int) -> bool:
    """Is offset ``pos`` inside quoted speech (where names are mostly vocatives: "Anna, I ...")?

    Double quotes toggle or open/close; single quotes (' ‘ ’) count as quote marks only at a word
    edge, so apostrophes ("don't", "Anna's") are ignored.
    """
    return bool(quote_states(text)[slice(pos).indices(len(text))[1]])


def quote_span(text: str, pos: int) -> tuple[int, int] | None:
    """The offsets (start, end) of the quoted speech holding offset ``pos``, inside its quote marks (to
    the end of the text when the quote does not close); None when ``pos`` is not inside a quote."""
    states = quote_states(text)
    if not states[pos]:
        return None
    outside = states.find(0, pos)  # the offset after the closing quote mark
    return states.rfind(0, 0, pos) + 1, len(text) if outside < 0 else outside - 1


_QUOTE_CHARS = re.compile("[\"“”‘’']")  # the only characters that open or close a quote


@lru_cache(maxsize=1024)
def quote_states(text: str) -> bytes:
    """Byte ``k``: 1 when the text before offset ``k`` leaves a quote open (one pass per sentence,
    shared by every :func:`quoted` question about it; only quote characters change the state, so
    the pass visits those and fills the stretches between)."""
    states = bytearray(len(text) + 1)
    inside = False
    done = 0  # states[:done + 1] are set
    for quote in _QUOTE_CHARS.finditer(text):
        k = quote.start()
        if inside:
            states[done + 1 : k + 1] = b"\x01" * (k - done)
        char = text[k]
        left = text[k - 1] if k > 0 else " "
        right = text[k + 1] if k + 1 < len(text) else " "
        if char == '"':
            inside = not inside
        elif char in "“‘" or (char == "'" and not left.isalnum() and right.isalpha()):
            inside = True
        elif char == "”" or (char in "’'" and not right.isalnum() and not left.isspace()):
            inside = False
        states[k + 1] = inside
        done = k + 1
    if inside:
        states[done + 1 :] = b"\x01" * (len(text) - done)
    return bytes(states)


WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")  # a word form in :func:`folded` text


def words(text: str) -> list[str]:
    """Lower-cased word forms (apostrophes normalised), for cheap lexical checks."""
    return WORD.findall(folded(text))


def folded(text: str) -> str:
    """``text`` lower-cased, its apostrophes normalised ("’" to "'"): what :data:`WORD` reads."""
    return text.lower().replace("’", "'")
