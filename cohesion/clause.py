"""A sentence's clauses as the reference rules read them from POS tags alone (no parser is loaded): its
subject, where its main clause begins, and the subject of the last clause among some words."""

from __future__ import annotations

from operator import attrgetter

from cohesion.tagged import POS, Sentence, Word

from cohesion import nounphrase, senses
from cohesion.mentions import Mention

SUBORDINATORS = frozenset(
    "when while before after as although though if because since once until whenever".split()
)
COORDINATORS = frozenset(("and", "but", "yet"))  # of main clauses, after a comma
FINITE = frozenset(("VBD", "VBZ", "VBP", "MD"))
OBJECT_PERSONS = frozenset("me you him her us".split())  # "them" may be things
PREMODIFIERS = frozenset(("DT", "PRP$", "JJ", "JJR", "JJS", "CD", "NNP", "HYPH"))  # "the old", "Miss"


_TOKEN = attrgetter("token")  # a phrase's first word, its place in the sentence
_VERBS = frozenset(("VERB", "AUX"))


def subject(doc: Sentence | None, phrases: list[Mention]) -> Mention | None:
    """The sentence's subject, roughly: its first noun phrase before any verb, not in a prepositional
    phrase and not a possessor ("In the old story, on the night of her brother's wedding, Mira sails"),
    and of a compound noun the head ("The night nurse sang": "nurse", not "night")."""
    if doc is None:
        return None
    start = main_clause(doc)
    for m in sorted(phrases, key=_TOKEN):
        if m.token < start:
            continue
        if not _VERBS.isdisjoint(map(POS, doc[start : m.token])):
            return None
        if m.kind == "noun" and nounphrase.modifier(doc, m.token) and doc[m.token + 1].tag_ in ("NN", "NNS"):
            continue  # "the team leader": the head noun is the subject
        k = m.token - 1
        while k >= 0 and doc[k].tag_ in PREMODIFIERS:
            k -= 1
        if (k < 0 or doc[k].pos_ != "ADP") and doc.text[m.end : m.end + 2] not in ("'s", "’s"):
            return m
    return None


def last_coordinate_subject(doc: Sentence | None, phrases: list[Mention]) -> Mention | None:
    """The subject of the sentence's last coordinate clause with a subject of its own, after ", and", ",
    but", ", yet" or a semicolon ("Anna waved, but the boy turned away": the boy), if any: one of
    ``phrases``, right after the coordinator (determiners and adjectives between) and before a finite
    verb (adverbs between). Of a line of several sentences, the last sentence's."""
    if doc is None:
        return None
    for k in range(len(doc) - 1, 0, -1):
        if doc[k].text in (".", "!", "?") and any(t.is_alpha for t in doc[k + 1 :]):
            return None  # (a line of several sentences: the last one's)
        if not (doc[k].text == ";" or (doc[k].lower_ in COORDINATORS and doc[k - 1].text == ",")):
            continue
        m = next((m for m in sorted(phrases, key=_TOKEN) if m.token > k), None)
        if m is None or any(t.tag_ not in PREMODIFIERS for t in doc[k + 1 : m.token]):
            continue
        after = m.after()
        while after < len(doc) and doc[after].tag_ == "RB":
            after += 1
        if after < len(doc) and doc[after].tag_ in FINITE:
            return m
    return None


def last_subject(words: list[Word]) -> Word | None:
    """The subject of the last clause that begins among ``words`` ("she said the man had tricked
    her"), if any: a nominative pronoun, or an "it", a noun or a relative pronoun ("a boy who thanked her")
    before a finite verb, adverbs between; or the object of a verb that is the subject of the infinitive
    after it ("Anna asked Tom to wait for her": Tom)."""
    for k in range(len(words) - 1, -1, -1):
        w = words[k]
        if w.tag_ == "PRP" and w.lower_ in nounphrase.NOMINATIVE:
            return w
        if w.tag_ == "TO" and 1 < k < len(words) - 1 and words[k + 1].tag_ == "VB":
            doer = _infinitive_subject(words[:k])
            if doer is not None:
                return doer
        if w.lower_ == "it" or w.tag_.startswith("NN") or w.tag_ in ("WDT", "WP"):
            after = k + 1
            while after < len(words) and words[after].tag_ == "RB":
                after += 1  # "Anna then told her"
            if after < len(words) and words[after].tag_ in FINITE:
                return w
    return None


def _infinitive_subject(words: list[Word]) -> Word | None:
    """The person object ending ``words`` right after a verb ("asked Tom", "told him", "begged the old
    guard"), if any."""
    last = words[-1]
    if last.tag_ == "PRP":
        person, k = last.lower_ in OBJECT_PERSONS, len(words) - 2
    else:
        person = last.tag_ == "NNP" or (last.tag_.startswith("NN") and senses.is_person(last.noun or ""))
        k = len(words) - 2
        while k >= 0 and words[k].tag_ in PREMODIFIERS:
            k -= 1
    return last if person and k >= 0 and words[k].pos_ == "VERB" else None


def main_clause(doc: Sentence) -> int:
    """The first token of the main clause after an opening subordinate clause or participle phrase set
    off by a comma ("Before she could answer, the kettle whistled.", "Pulling on her coat, Anna left."),
    its subordinator after a focusing adverb too ("Even though it rained, ..."), else 0."""
    k = 1 if len(doc) > 1 and doc[0].tag_ == "RB" and doc[1].lower_ in SUBORDINATORS else 0
    if not len(doc) or (doc[k].lower_ not in SUBORDINATORS and doc[k].tag_ not in ("VBG", "VBN")):
        return 0
    return next((t.i + 1 for t in doc if t.text == ","), 0)
