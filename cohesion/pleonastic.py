""" "It" that names no noun of the text: dummy (pleonastic) "it", fixed "it" idioms, the subject of
"be" ("It was ...", which in novels mostly means a situation; but not before a participle, also after
a modal, "It will be sinking", unless a clause follows, "It was agreed that ...", and not before a
predicate of adjectives that describe a thing, "It was smooth and heavy.", "It was very heavy.", not
"It was strange.")
and the utterance a verb of saying takes ("He said it as if ..."). A predicate noun that classifies "it"
("It was a small boat.", :func:`classifies`) lets the reference rules try it against the sentence
before."""

from __future__ import annotations

import re

from cohesion import senses
from cohesion.tagged import Sentence

BE = frozenset("is was 's be been being isn't wasn't will would must might could may can".split())
RAISING = frozenset(
    "seem seems seemed appear appears appeared happen happens happened turns turned occur occurs occurred "
    "crossed struck dawned matter matters mattered".split()
)
WEATHER = frozenset(
    "rain rains rained raining snow snows snowed snowing cold hot warm cool dark late early noon midnight "
    "morning night time sunny windy o'clock".split()
)
TENSED_BE = frozenset("is was 's".split())
HEDGES = frozenset("maybe perhaps probably possibly".split())
VAGUE = frozenset("okay ok alright fine true all nothing no enough impossible".split())
IDIOMS = (
    "forget it",
    "stop it",
    "got it",
    "get it",
    "mean it",
    "make it",
    "made it",
    "damn it",
    "that's it",
    "this is it",
    "take it easy",
    "what is it",
    "what's it",
    "it's me",
    "it was me",
    "it's you",
    "hate it when",
    "love it when",
    "like it when",
    "screw it",
)
# Adjectives that after "It was" mostly judge a situation ("It was strange."), not a thing's property.
SITUATION = frozenset(
    "quiet silent strange odd weird obvious clear possible impossible necessary unnecessary difficult easy "
    "hard useless pointless normal natural rare common funny sad unfortunate fortunate lucky unlucky bad good "
    "nice great terrible awful wonderful important true false right wrong fair unfair late early better worse "
    "best worst same different enough real serious interesting boring".split()
)
NOUN_PHRASE = frozenset("DT PDT PRP$ CD JJ JJR JJS NN NNS NNP HYPH POS".split())
AFTER_A_MEASURE_OR_CLAUSE = frozenset(("RB", "RBR", "VBG"))  # "a step too far", "no use shouting"
CLAUSE_OPENERS = frozenset("who whom which that to when where before since".split())
SAYING = frozenset("say says said saying repeat repeated repeating whisper whispered mean meant".split())
_IDIOM = re.compile(r"\b(?:" + "|".join(re.escape(idiom) for idiom in IDIOMS) + r")\b")


def pleonastic(doc: Sentence, i: int) -> bool:
    """Is token ``i`` (an "it") pleonastic or part of an idiom?"""
    after = [t for t in doc[i + 1 : i + 8] if t.pos_ not in ("PUNCT", "SPACE")]
    words = [t.lower_.replace("’", "'") for t in after]
    lead = 1 if words and after[0].pos_ == "ADV" else 0  # "it never occurred to me"
    if len(words) > lead and (words[lead] in RAISING or words[lead] in WEATHER):
        return True
    if WEATHER.intersection(words[:4]):  # "it began to rain"
        return True
    if words and words[0] in BE:  # it + be (+ not / adverbs) + predicate
        k = 1
        while k < len(words) and (words[k] in BE or words[k] in ("not", "n't") or after[k].pos_ == "ADV"):
            k += 1
        if k < len(words) and (words[k] in WEATHER | VAGUE | RAISING or after[k].pos_ == "NUM"):
            return True
        extraposed = any(w in ("to", "that", "if", "whether") for w in words[k + 1 : k + 4])
        if k < len(words) and after[k].pos_ in ("ADJ", "NOUN", "DET") and extraposed:
            return True
    window = doc.span(max(i - 2, 0), i + 3).lower().replace("’", "'")
    return bool(_IDIOM.search(window))


def names_no_noun(doc: Sentence, i: int) -> bool:
    """Does the "it" at ``i`` name no noun: pleonastic or an idiom, the subject of "be" that means a
    situation, or the object of a verb of saying?"""
    return pleonastic(doc, i) or _copula_subject(doc, i) or _said(doc, i)


def _copula_subject(doc: Sentence, i: int) -> bool:
    """ "It was ..." / "It's ..." / "Is it ...?": in novels these mostly describe a situation, not an
    earlier noun."""
    nxt = doc[i + 1] if i + 1 < len(doc) else None
    prev = doc[i - 1] if i > 0 else None
    inverted = prev is not None and prev.lower_ in BE and doc.text.rstrip(" '\"’”").endswith("?")
    k = i + 2
    while k < len(doc) and (doc[k].lower_ in BE or doc[k].tag_ == "RB"):
        k += 1  # "It would be slowly sinking", "It will not be opened"
    if k < len(doc) and doc[k].tag_ in ("VBG", "VBN") and not _extraposed(doc, k):
        return False  # "It was roaring", "It was broken": the thing itself acts or is acted on
    if not inverted and _described(doc, k):
        return False  # "It was smooth and heavy.": a property of the thing
    return inverted or (nxt is not None and nxt.lower_.replace("’", "'") in BE)


def _described(doc: Sentence, k: int) -> bool:
    """Is token ``k`` the start of a predicate of adjectives only, which ends its clause ("... was
    smooth and cold;")?"""
    n = k
    while n < len(doc) and (doc[n].tag_ in ("JJ", "JJR") or (n > k and doc[n].lower_ in ("and", ","))):
        n += 1
    while n > k and doc[n - 1].tag_ not in ("JJ", "JJR"):
        n -= 1  # "smooth and heavy, but ...": the comma ends the predicate
    if any(t.lower_ in SITUATION for t in doc[k:n]):
        return False
    return n > k and (n == len(doc) or doc[n].pos_ in ("PUNCT", "CCONJ"))


def classifies(doc: Sentence, i: int) -> bool:
    """Does a predicate noun phrase follow the "it" at ``i`` and "is" or "was" ("It was a small boat."):
    one that ends in a common noun, not a time ("a cold night") nor after "no" ("no use"), no measure
    before an adverb ("a step too far"), with no clause after it or its "of" phrase ("a pity that ...",
    "the duty of all to ...", "a fox who ...": extraposition, cleft)? Not after a modal or a hedge ("it
    will be a trap", "maybe it was a trap")."""
    if i + 1 >= len(doc) or doc[i + 1].lower_.replace("’", "'") not in TENSED_BE:
        return False
    if i > 0 and doc[i - 1].lower_ in HEDGES:
        return False
    k = i + 2
    while k < len(doc) and (doc[k].lower_ in BE or doc[k].tag_ == "RB"):
        k += 1  # "It was not really a ...", "It's been a ..."
    n = _noun_phrase_end(doc, k)
    head = doc[n - 1] if n > k else None
    if head is None or head.noun is None or doc[k].lower_ == "no" or senses.lexname(head.noun) == "noun.time":
        return False
    if n < len(doc) and doc[n].lower_ == "of":
        n = _noun_phrase_end(doc, n + 1)
    return n == len(doc) or not (doc[n].lower_ in CLAUSE_OPENERS or doc[n].tag_ in AFTER_A_MEASURE_OR_CLAUSE)


def _noun_phrase_end(doc: Sentence, k: int) -> int:
    """The end of the run of determiners, adjectives and nouns from token ``k``."""
    while k < len(doc) and doc[k].tag_ in NOUN_PHRASE:
        k += 1
    return k


def _extraposed(doc: Sentence, k: int) -> bool:
    """Does a clause follow the participle ``k`` ("It was decided that ...", "It was agreed to wait")?
    Then "it" stands for that clause."""
    words = doc[k + 1 : k + 5]
    return any(
        t.lower_ in ("that", "whether", "if")
        or (t.lower_ == "to" and t.i + 1 < len(doc) and doc[t.i + 1].tag_ == "VB")
        for t in words
    )


def _said(doc: Sentence, i: int) -> bool:
    """ "He said it as if ...": the object of a verb of saying is the utterance, not a noun."""
    return i > 0 and doc[i - 1].lower_ in SAYING
