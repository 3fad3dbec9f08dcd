"""Conjunction: a connective at a clause edge linking the sentence to the previous text.

Positions (per connective, ``data/connectives.tsv``): sentence-initial, after opening quotes,
dashes and an interjection ("Oh, but ..."); sentence-final after a comma ("..., though."); or
parenthetical ("He, however, refused."). Subtype is Halliday & Hasan's type. Element 1 is left
empty (the whole previous text); ``sent_a`` is the previous sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from spacy.tokens import Doc

from cohesion import lexicon
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter

OPENING = re.compile(r"^[\s\"'“‘«「『—–\-…]*(?:(?:oh|ah|well|um|uh|hmm|eh)\s*,\s*)?", re.I)
MODIFIER_POS = frozenset(("ADJ", "ADV", "DET"))


@cache
def patterns() -> dict[str, re.Pattern]:
    def alternatives(position: str) -> str:
        return "|".join(re.escape(c.text) for c in lexicon.connectives() if position in c.positions)

    return {
        "i": re.compile(rf"(?P<c>{alternatives('i')})\b", re.I),
        "f": re.compile(rf",\s*(?P<c>{alternatives('f')})\s*[.!?…]+[\"'”’]*\s*$", re.I),
        "p": re.compile(rf"\w,\s*(?P<c>{alternatives('p')})\s*,", re.I),
    }


def find(ch: Chapter) -> Iterator[Candidate]:
    for j in range(1, len(ch.sentences)):
        match = _initial(ch.sentences[j], ch.docs[j]) or _edge(ch.sentences[j])
        if match:
            connective = lexicon.connective(match.group("c"))
            b = Span(j, match.start("c"), match.end("c"), match.group("c"))
            yield Candidate("conjunction", connective.type, Span(j - 1, 0, 0, ""), b, connective.text)


def _initial(text: str, doc: Doc | None) -> re.Match | None:
    match = patterns()["i"].match(text, OPENING.match(text).end())
    if match is None:
        return None
    rest = text[match.end() :].lstrip()
    condition = lexicon.connective(match.group("c")).condition
    if not rest or rest[0] in ".?!…" or (condition == "comma" and rest[0] != ","):
        return None
    if condition == "clause" and _next_pos(doc, match.end()) in MODIFIER_POS:
        return None  # "So tired.", "Yet another ...": not a conjunction
    return match


def _edge(text: str) -> re.Match | None:
    return patterns()["f"].search(text) or patterns()["p"].search(text)


def _next_pos(doc: Doc | None, offset: int) -> str:
    """POS of the first token at or after a character offset ("" when untagged or at the end)."""
    if doc is None:
        return ""
    return next((t.pos_ for t in doc if t.idx >= offset), "")
