"""Dummy (pleonastic) "it" and fixed "it" idioms, which refer to nothing in the text."""

from __future__ import annotations

import re

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
