"""Guess the gender of character names from the chapter itself.

Evidence per name: an honorific in front of it (Mr., Miss, Young Master ...), and the first gendered
pronoun after it when the sentence (or a following sentence without names) mentions no other name
and has no gendered pronoun before it.
A name gets a gender when at least two thirds of its votes agree.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from spacy.tokens import Doc, Span

from cohesion import lexicon
from cohesion.mentions import Mention

PRONOUN_GENDER = {
    **dict.fromkeys(("he", "him", "his", "himself"), "m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "f"),
}


def name_genders(docs: list[Doc | None], mentions: list[list[Mention]]) -> dict[str, str]:
    votes: dict[str, Counter] = defaultdict(Counter)
    for i, (doc, found) in enumerate(zip(docs, mentions)):
        names = [m for m in found if m.kind == "name"]
        for m in names:
            if (m.title, "title") in lexicon.genders():
                votes[m.text][lexicon.genders()[m.title, "title"]] += 1
        if doc is None or len({m.text for m in names}) != 1:
            continue
        if _first_pronoun_gender(doc[: names[0].token]):
            continue  # "He put the Lizardscale Armor on his shirt": the name is not the topic
        gender = _first_pronoun_gender(doc[names[0].token + 1 :])
        if gender is None and i + 1 < len(docs) and docs[i + 1] is not None:
            if not any(m.kind == "name" for m in mentions[i + 1]):
                gender = _first_pronoun_gender(docs[i + 1])
        if gender:
            votes[names[0].text][gender] += 1
    genders = {}
    for name, count in votes.items():
        gender, n = count.most_common(1)[0]
        if 3 * n >= 2 * sum(count.values()):
            genders[name] = gender
    return genders


def _first_pronoun_gender(tokens: Doc | Span) -> str | None:
    for tok in tokens:
        if tok.lower_ in PRONOUN_GENDER and tok.tag_ in ("PRP", "PRP$"):
            return PRONOUN_GENDER[tok.lower_]
    return None
