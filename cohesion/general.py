"""General nouns named again with "the" or a demonstrative (Halliday and Hasan 1976, section 6.2).

The generic-noun list keeps "thing", "person" and the like out of the mentions: said bare they seldom tie
two sentences. Halliday and Hasan's general nouns, though, are cohesive where a reference item goes with
them ("the thing", "that person"): the general noun then names again what the same noun named before, a
reiteration. This module finds those ties only, as repetition candidates.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cohesion import descriptions, nounphrase, speech
from cohesion.antecedents import CLASSIFIERS
from cohesion.candidate import Candidate
from cohesion.chapter import Chapter
from cohesion.mentions import Mention
from cohesion.tagged import Sentence

# Halliday and Hasan's general nouns (1976, 6.2: person; thing; matter; place; question, idea) that the
# generic-noun list keeps out of the mentions; singular only: "things", "people" name open sets.
GENERAL = frozenset("person thing matter place question idea".split())
_ANY = re.compile(
    r"\b(?:" + "|".join(sorted(GENERAL)) + r")\b", re.IGNORECASE
)  # spares most sentences a scan
POINTING = nounphrase.DEMONSTRATIVES | {"the"}  # the reference items that make a general noun cohesive
QUANTIFIED = frozenset(("every", "no", "any", "each"))  # "no person": no one referent to name again
# Words after which "the" is there by the description, not by a mention before (Quirk et al. 1985, 5.34,
# the "logical" use of the definite article: ordinals, "same", "only", "next", "last"; superlatives by tag).
LOGICAL = frozenset("first second third last next only same".split())


def find(ch: Chapter, window: int) -> Iterator[Candidate]:
    """Link a general noun after "the" or a demonstrative ("the thing", "that person") to the nearest earlier
    use of the same noun within ``window`` sentences that it may name again (:func:`_names_again`)."""
    seen: dict[str, list[tuple[int, Mention]]] = {}  # noun -> (sentence, mention), in text order
    for j, doc in enumerate(ch.docs):
        if doc is None or not _ANY.search(ch.sentences[j]):
            continue
        here = [
            Mention(t.idx, t.idx + len(t.text), t.text, t.lower_, "noun", False, k)
            for k, t in enumerate(doc)
            if t.lower_ in GENERAL and t.tag_ == "NN"
        ]
        for m in here:
            earlier = seen.get(m.lemma)
            if earlier and _pointing(ch.sentences[j], doc, m.token):
                spoken = speech.spoken(ch.sentences[j], m.start)
                found = next((p for p in reversed(earlier) if _names_again(ch, p, doc, m, spoken)), None)
                if found is not None and j - found[0] <= window:
                    yield Candidate("repetition", "noun", found[1].at(found[0]), m.at(j), m.lemma)
        for m in here:
            seen.setdefault(m.lemma, []).append((j, m))


def _pointing(text: str, doc: Sentence, k: int) -> bool:
    """Does "the" or a demonstrative point the general noun at ``k`` back at a mention: not "the" of its
    description (``LOGICAL``, a superlative: "the first thing", "the best place"), nor an idiom?"""
    if nounphrase.determiner(doc, k) not in POINTING:
        return False
    words = doc[k + 1 - len(nounphrase.phrase_words(doc, k)) : k]  # (the words after the determiner)
    if any(t.lower_ in LOGICAL or t.tag_ == "JJS" for t in words):
        return False
    return not nounphrase.idiom(text, doc[k].idx + len(doc[k].text))


def _names_again(ch: Chapter, earlier: tuple[int, Mention], doc: Sentence, m: Mention, spoken: bool) -> bool:
    """May the general noun ``m`` (in ``doc``; ``spoken``: in quoted speech) name again the earlier one,
    (sentence, mention)? Both in quoted speech or both outside it (the speaker's "this person" is another's
    than the narrator's "the person"); not a kind
    ("such a person", "what kind of place"), a description ("He was a person who ...") or quantified over
    ("every person"); the same words between determiner and noun ("the golden robed person ... the golden
    robed person", not "the whole thing ... the thing"); and not told apart by :func:`nounphrase.different`."""
    doc_a = ch.docs[earlier[0]]
    a = earlier[1]
    if doc_a is None:
        return False
    of = nounphrase.preposition(doc_a, a.token)
    return (
        speech.spoken(ch.sentences[earlier[0]], a.start) == spoken
        and nounphrase.determiner(doc_a, a.token) not in QUANTIFIED
        and not nounphrase.such_a(doc_a, a.token)
        and not (of is not None and of.lower_ == "of" and of.i > 0 and doc_a[of.i - 1].lower_ in CLASSIFIERS)
        and not descriptions.predicate(doc_a, a)
        and nounphrase.modifier_words(doc, m.token) == nounphrase.modifier_words(doc_a, a.token)
        and not nounphrase.different(doc_a, a.token, doc, m.token, ch.word_genders)
    )
