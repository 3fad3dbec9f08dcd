"""Repetition: the same noun lemma (subtype ``noun``) or name (subtype ``name``) in two sentences."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from spacy.tokens import Doc

from cohesion import lexicon
from cohesion.candidate import Candidate
from cohesion.chapter import LEXICAL_WINDOW, Chapter
from cohesion.mentions import Mention

# Determiners and possessives that decide whether two mentions can share a referent.
INDEFINITE = frozenset(("a", "an", "another", "some", "any", "no"))
ARTICLES = frozenset("the a an this that these those another some any no every each either neither".split())
QUANTITY = frozenset("many few several more most much other same such own whole".split())
_PREMODIFIERS = frozenset(("JJ", "JJR", "JJS", "VBN", "VBG", "HYPH", "CD", "NN", "NNP", "RB", ",", "CC"))


def find(ch: Chapter) -> Iterator[Candidate]:
    """Link each noun/name of a sentence to its nearest earlier mention inside the window.

    Items repeated within their own sentence are skipped (masking one copy would leak the answer), and
    so are pairs that cannot share a referent: a noun introduced as new ("a man ... a tall, thin man":
    an indefinite determiner before the later noun), nouns with different possessors ("his coat ...
    her coat", "Anna's coat ... his coat"), nouns set apart by their modifiers ("the south wall ...
    the partition wall", "the colour of the sea ... the colour of the sky"), and nouns inside idioms
    (``data/noun_idioms.txt``: "in his turn").
    """
    for j, found in enumerate(ch.mentions):
        counts = Counter((m.kind, m.lemma) for m in found)
        for m in found:
            if counts[m.kind, m.lemma] != 1:
                continue
            own = _determiner(ch.docs[j], m)
            if own in INDEFINITE or _idiom(ch.sentences[j], m):
                continue
            for i in ch.back(j, LEXICAL_WINDOW):
                earlier = [p for p in ch.mentions[i] if (p.kind, p.lemma) == (m.kind, m.lemma)]
                if earlier:
                    a = earlier[-1]
                    if not (
                        _other_possessor(own, _determiner(ch.docs[i], a))
                        or _contrast(ch.docs[i], a, ch.docs[j], m)
                        or _idiom(ch.sentences[i], a)
                    ):
                        yield Candidate("repetition", m.kind, a.at(i), m.at(j), m.lemma)
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


def _contrast(doc_a: Doc | None, a: Mention, doc_b: Doc | None, b: Mention) -> bool:
    """Both nouns carry modifiers, and they share none: different premodifiers or "of" complements."""
    if doc_a is None or doc_b is None or a.kind != "noun":
        return False
    pre_a, pre_b = _premodifiers(doc_a, a.token), _premodifiers(doc_b, b.token)
    of_a, of_b = _of_complement(doc_a, a.token), _of_complement(doc_b, b.token)
    return bool((pre_a and pre_b and not pre_a & pre_b) or (of_a and of_b and of_a != of_b))


def _premodifiers(doc: Doc, k: int) -> set[str]:
    found = set()
    k -= 1
    while k >= 0 and doc[k].tag_ in ("JJ", "JJR", "JJS", "NN", "NNS", "VBN", "HYPH", ","):
        if doc[k].tag_ != "HYPH" and doc[k].text != "," and doc[k].lower_ not in QUANTITY:
            found.add(doc[k].lower_)
        k -= 1
    return found


def _of_complement(doc: Doc, k: int) -> str:
    """The noun after "X of (the) ...", lower-cased ("" when none)."""
    if k + 1 < len(doc) and doc[k + 1].lower_ == "of":
        return next((t.lower_ for t in doc[k + 2 : k + 6] if t.pos_ in ("NOUN", "PROPN", "PRON")), "")
    return ""


def _idiom(text: str, m: Mention) -> bool:
    before = text[: m.end].lower().replace("’", "'")
    return any(before.endswith(idiom) for idiom in lexicon.words("noun_idioms.txt"))


def _other_possessor(a: str, b: str) -> bool:
    """Both nouns have a possessor and they differ ("his room" / "her room", "my" / "your")."""
    return bool(a and b and a != b and a not in ARTICLES and b not in ARTICLES)
