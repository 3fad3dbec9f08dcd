"""Repetition: the same noun lemma (subtype ``noun``) or name (subtype ``name``) in two sentences."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from spacy.tokens import Doc

from cohesion.candidate import Candidate
from cohesion.chapter import LEXICAL_WINDOW, Chapter
from cohesion.mentions import Mention

# Determiners and possessives that decide whether two mentions can share a referent.
INDEFINITE = frozenset(("a", "an", "another", "some", "any", "no"))
ARTICLES = frozenset("the a an this that these those another some any no every each either neither".split())
_PREMODIFIERS = frozenset(("JJ", "JJR", "JJS", "VBN", "VBG", "HYPH", "CD", "NN", "NNP", "RB", ",", "CC"))


def find(ch: Chapter) -> Iterator[Candidate]:
    """Link each noun/name of a sentence to its nearest earlier mention inside the window.

    Items repeated within their own sentence are skipped (masking one copy would leak the answer), and
    so are pairs that cannot share a referent: a noun introduced as new ("a man ... a tall, thin man":
    an indefinite determiner before the later noun) and nouns with different possessors ("his coat ...
    her coat", "Anna's coat ... his coat").
    """
    for j, found in enumerate(ch.mentions):
        counts = Counter((m.kind, m.lemma) for m in found)
        for m in found:
            if counts[m.kind, m.lemma] != 1:
                continue
            own = _determiner(ch.docs[j], m)
            if own in INDEFINITE:
                continue
            for i in ch.back(j, LEXICAL_WINDOW):
                earlier = [p for p in ch.mentions[i] if (p.kind, p.lemma) == (m.kind, m.lemma)]
                if earlier:
                    other = _determiner(ch.docs[i], earlier[-1])
                    if not _other_possessor(own, other):
                        yield Candidate("repetition", m.kind, earlier[-1].at(i), m.at(j), m.lemma)
                    break


def _determiner(doc: Doc | None, m: Mention) -> str:
    """The lower-cased determiner or possessor word in front of a noun mention ("" when none)."""
    if doc is None or m.kind != "noun":
        return ""
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in _PREMODIFIERS:
        k -= 1
    if k < 0:
        return ""
    if doc[k].tag_ == "POS":  # "Anna's coat": the possessor is the name
        return doc[k - 1].lower_ if k > 0 else ""
    return doc[k].lower_ if doc[k].tag_ in ("DT", "PRP$", "WP$", "PDT") else ""


def _other_possessor(a: str, b: str) -> bool:
    """Both nouns have a possessor and they differ ("his room" / "her room", "my" / "your")."""
    return bool(a and b and a != b and a not in ARTICLES and b not in ARTICLES)
