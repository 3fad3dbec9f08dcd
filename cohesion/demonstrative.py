"""Demonstrative reference: a demonstrative before a noun or a name named before, linked to its last
mention ("a girl ... this girl", "the Old Mill ... this Mill").

A narrated sentence that opens with "There" or "From there" (an adverb, not the "There was" of
existence: "They rode to the old mill. There they rested.") points to the place its previous sentence
ended on: the last noun or name there, when a place preposition ("to the mill", "in Dover") leads to it
and it names no person.

A demonstrative standing alone after a noun and "like" ("stones like these", "an offer like that") stands
for that noun: it links to the noun's nearest earlier mention in an earlier sentence (not after a
possessive or "the": "swung his stick like that" tells the manner).

A "this" or "that" standing alone for what was told before ("That was a lie.") is left out: its
antecedent is a clause, and the definitions the corpus is judged by ask for a noun phrase as element 1
(``../shared/notes/cohesion-definitions.md``; six recall golds listed 31 such instances, removed from them
for the same reason, `cohesion/JUDGEMENTS.md`).
"""

from __future__ import annotations

from collections.abc import Iterator

from cohesion import clause, nounphrase, senses
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter
from cohesion.mentions import Mention
from cohesion.nounphrase import DEMONSTRATIVES, PLACE_OR_GOAL
from cohesion.repetition import FAR_WINDOW
from cohesion.speech import spoken
from cohesion.tagged import LOWER, Sentence, Word

# Determiners of a noun that "like that" may tell the kind of ("an offer like that", "stones like these").
KIND_DETERMINERS = frozenset(("", "a", "an", "any", "no"))


def find_at(ch: Chapter, j: int) -> Iterator[Candidate]:
    """The demonstrative reference of sentence ``j``."""
    if ch.docs[j] is not None:
        yield from _demonstrative_nouns(ch, j)
        yield from _there(ch, j)
        yield from _like_these(ch, j)


def _demonstrative_nouns(ch: Chapter, j: int) -> Iterator[Candidate]:
    """A demonstrative determiner of a noun named before ("... this girl" after "a girl"): element 1
    is the noun's nearest earlier mention, as far back as a definite repetition reaches."""
    doc = ch.docs[j]
    if DEMONSTRATIVES.isdisjoint(map(LOWER, doc)):
        return  # no noun's determiner is one (the words read without a generator: most sentences)
    for m in ch.mentions[j]:
        if m.kind == "name":  # "this Anna": the name's last mention
            det = doc[m.token - 1] if m.token else None
            if det is None or det.lower_ not in DEMONSTRATIVES or det.tag_ != "DT" or _possessor(doc, m):
                continue  # not "that Anna left", "this Anna's house"
        elif m.kind != "noun" or nounphrase.modifier(doc, m.token):
            continue  # the head of "that wedding veil" is "veil"
        elif nounphrase.determiner(doc, m.token) not in DEMONSTRATIVES:
            continue
        det = next(t for t in reversed(doc[: m.token]) if t.lower_ in DEMONSTRATIVES)
        for i in ch.back(j, FAR_WINDOW):
            earlier = [p for p in ch.mentions[i] if p.kind == m.kind and _same_head(p, m)]
            if earlier:
                b = Span(j, det.idx, det.idx + len(det), det.text)
                yield Candidate("reference", "demonstrative", earlier[-1].at(i), b, f"{det.lower_} {m.lemma}")
                break


def _like_these(ch: Chapter, j: int) -> Iterator[Candidate]:
    """A demonstrative standing for a noun after "like" ("stones like these", "an offer like that"),
    linked to the nearest earlier mention of that noun in an earlier sentence."""
    doc = ch.docs[j]
    if " like " not in doc.text:
        return
    for m in ch.mentions[j]:
        det = _like_demonstrative(doc, m)
        if det is None or nounphrase.determiner(doc, m.token) not in KIND_DETERMINERS:
            continue  # ("swung his stick like that": the manner, not the stick)
        for i in ch.back(j, FAR_WINDOW):
            earlier = [
                p
                for p in ch.mentions[i]
                if p.kind == "noun" and p.lemma == m.lemma and _like_demonstrative(ch.docs[i], p) is None
            ]  # (not "stones like these" itself: the stone named before it)
            if earlier:
                b = Span(j, det.idx, det.idx + len(det), det.text)
                yield Candidate(
                    "reference", "demonstrative", earlier[-1].at(i), b, f"{m.lemma} like {det.lower_}"
                )
                break


def _like_demonstrative(doc: Sentence | None, m: Mention) -> Word | None:
    """The demonstrative of "like this/that/these/those" right after noun ``m``, standing alone (not
    "a man like that doctor")."""
    k = m.after()
    if doc is None or m.kind != "noun" or k + 1 >= len(doc) or doc[k].lower_ != "like":
        return None
    after = doc[k + 2] if k + 2 < len(doc) else None
    if doc[k + 1].lower_ not in DEMONSTRATIVES or (after is not None and after.tag_.startswith("NN")):
        return None
    return doc[k + 1]


def _there(ch: Chapter, j: int) -> Iterator[Candidate]:
    """A narrated "There ..." or "From there ..." opening sentence ``j``, linked to the place that the
    previous sentence ended on (see the module's docstring)."""
    doc, before = ch.docs[j], ch.docs[j - 1] if j else None
    k = 1 if len(doc) > 1 and doc[0].lower_ == "from" else 0
    there = doc[k] if k < len(doc) else None
    if there is None or there.lower_ != "there" or there.tag_ != "RB" or before is None:
        return  # ("There was a mill.": no place pointed to)
    if spoken(ch.sentences[j], there.idx) or (k + 1 < len(doc) and doc[k + 1].lower_ == "there"):
        return  # ("There, there, don't cry.")
    place = _last_place(ch, j - 1, before)
    if place is not None:
        b = Span(j, there.idx, there.idx + len(there), there.text)
        yield Candidate("reference", "demonstrative", place.at(j - 1), b, "there")


def _last_place(ch: Chapter, i: int, doc: Sentence) -> Mention | None:
    """The last noun or name of sentence ``i`` when a place preposition leads to it and it names no
    person ("walked on to the old mill.")."""
    found = [m for m in ch.mentions[i] if m.kind == "name" or not nounphrase.modifier(doc, m.token)]
    if not found:
        return None
    m = found[-1]
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in clause.PREMODIFIERS:
        k -= 1
    if k < 0 or doc[k].lower_ not in PLACE_OR_GOAL:  # a place "there" may point back to
        return None
    return m if (m.text in ch.things if m.kind == "name" else not senses.is_person(m.lemma)) else None


def _same_head(p: Mention, m: Mention) -> bool:
    """The same noun, or the same name or a longer one it ends ("the Grand Canal" ... "this Canal")."""
    return p.lemma == m.lemma or (m.kind == "name" and p.text.endswith(" " + m.text))


def _possessor(doc: Sentence, m: Mention) -> bool:
    return doc.text[m.end : m.end + 2] in ("'s", "’s")
