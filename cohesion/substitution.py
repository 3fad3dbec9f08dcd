"""Substitution: nominal "one"/"ones" after a determiner or adjective ("She took the red one."), or as
a bare object closing a clause ("She took one.").

Excluded: numeral and generic "one" (no determiner/adjective in front: "one day", "one must"), "one
of / another / by / after / or", "the one who/that/which", "the first one (ever) to" and a bare "the
one" (mostly a person, not a substitute), "no one", and the idioms in ``data/one_stoplist.txt``. The
antecedent is the last concrete noun (not a feeling, attribute, state ...) of the nearest earlier
sentence that has one (a noun whose most frequent sense is abstract still counts when one of its
``SENSES`` most frequent senses is a physical thing: "ring" is first a sound, "charm" first an
attribute, but "a plain one" after "Tied to it was a ring." is the ring) (plural preferred for "ones"); a "one" followed by a verb ("another one
bites") is skipped; nothing is emitted when a noun precedes "one" in its own sentence (the link is
intra-sentential) or when an earlier sentence's own substitute "one" is the closer link.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc, Token

from cohesion import lexicon, nlp
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter
from cohesion.mentions import Mention

DETERMINERS = frozenset(
    "a an the this that these those another which every any some other same last first next".split()
)
# Lexicographer files of nouns that rarely have a count-noun substitute ("fun", "anger", "truth").
ABSTRACT = frozenset(
    f"noun.{name}"
    for name in "feeling attribute state cognition time process phenomenon motive relation quantity".split()
)
# Lexicographer files of physical count nouns, and how many senses deep the rescue looks.
PHYSICAL = frozenset(f"noun.{name}" for name in "artifact object animal plant food body".split())
SENSES = 3
NOT_AFTER = frozenset("of another by after or who that which whom whose to ever".split())


def find(ch: Chapter) -> Iterator[Candidate]:
    for j, doc in enumerate(ch.docs):
        one = _substitute(doc) if doc is not None else None
        if one is None:
            continue
        if any(m.kind == "noun" and m.token < one.i for m in ch.mentions[j]):
            continue  # the antecedent is in the same sentence
        for i in ch.back(j):
            if ch.docs[i] is not None and _substitute(ch.docs[i]) is not None:
                break  # an earlier substitute is the closer link
            nouns = [m for m in ch.mentions[i] if m.kind == "noun" and _concrete(m.lemma)]
            if nouns:
                a = _antecedent(nouns, plural=one.lower_ == "ones")
                b = Span(j, one.idx, one.idx + len(one), one.text)
                yield Candidate(
                    "substitution", "nominal", a.at(i), b, f"{doc[one.i - 1].lower_} {one.lower_}"
                )
                break


def _substitute(doc: Doc) -> Token | None:
    """The first "one"/"ones" of the sentence used as a noun substitute, if any."""
    for tok in doc[1:]:
        if tok.lower_ not in ("one", "ones"):
            continue
        prev = doc[tok.i - 1]
        nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        bare_object = prev.pos_ == "VERB" and (nxt is None or nxt.pos_ == "PUNCT")  # "She took one."
        if not (prev.lower_ in DETERMINERS or prev.pos_ == "ADJ" or bare_object):
            continue
        if f"{prev.lower_} {tok.lower_}" in lexicon.words("one_stoplist.txt"):
            continue
        if nxt is not None and (
            nxt.lower_ in NOT_AFTER or nxt.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB")
        ):
            continue
        if prev.lower_ == "the":
            continue  # bare "the one": a person ("He's the one.") far more often than a substitute
        return tok
    return None


def _concrete(lemma: str) -> bool:
    """Can the noun be a substitute's antecedent: not abstract in its first sense, or physical in a near one?"""
    if nlp.lexname(lemma) not in ABSTRACT:
        return True
    return any(s.lexname() in PHYSICAL for s in nlp.wordnet().synsets(lemma, "n")[:SENSES])


def _antecedent(nouns: list[Mention], plural: bool) -> Mention:
    matching = [m for m in nouns if m.plural] if plural else []
    return (matching or nouns)[-1]
