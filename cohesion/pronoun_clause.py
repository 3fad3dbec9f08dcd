"""Where a pronoun stands among its sentence's clauses, read from POS tags (:mod:`cohesion.clause`): whom
that place rules out as its antecedent (its own clause's subject, the persons of the quote it tags or of
the phrase that opens its sentence), and whether a clause's subject is a pronoun of its class."""

from __future__ import annotations

from cohesion.tagged import Sentence, Word

from cohesion import clause, descriptions
from cohesion.chapter import Chapter
from cohesion.mentions import Mention
from cohesion.pronouns import OBJECT_FORMS, PRONOUN_CLASS, SUBJECT_FORMS
from cohesion.speech import spoken

# Prepositions of position, after which an object pronoun may mean its own clause's subject, English
# using no reflexive there ("the lamp above her"); not nounphrase.PLACE_OR_GOAL, whose "to", "into" and
# "at" take one ("passed it to herself"), so that their object pronoun is someone else.
PLACE = frozenset(
    "above below behind beside around about near within beneath under underneath inside before toward "
    "towards among".split()
)


def clause_subject_only(doc: Sentence | None, tok: Word, agreeing: list[Mention]) -> bool:
    """Is ``tok`` an object pronoun (him, her, them; "it" after a verb or preposition) whose clause's
    subject is the only phrase of its sentence before it that it might mean? An object names someone
    other than its own clause's subject ("The cat pushed it off", "Anna handed her the key"), but for a
    preposition of place ("the noise around her"); so does the owner of a predicate noun ("Anna was
    her maid")."""
    if doc is None or tok.tag_ not in ("PRP", "PRP$") or around(doc, tok.i):
        return False
    if tok.tag_ == "PRP$":
        k = tok.i - 1
        while k >= 0 and doc[k].tag_ == "RB":
            k -= 1  # "was only his subordinate"
        if k < 0 or doc[k].lower_ not in descriptions.BE_FORMS | descriptions.BECOME:
            return False
    elif tok.lower_ == "it":  # an object, not the subject of what follows ("looked like it grew")
        if not tok.i or doc[tok.i - 1].pos_ not in ("VERB", "ADP") or doc[tok.i - 1].lower_ in ("like", "as"):
            return False
        if tok.i + 1 < len(doc) and doc[tok.i + 1].tag_ in clause.FINITE:
            return False
    elif tok.lower_ not in OBJECT_FORMS:
        return False
    subject = clause.last_subject(doc[: tok.i])
    return subject is not None and all(m.start <= subject.idx < m.end for m in agreeing)


def around(doc: Sentence, k: int) -> bool:
    """Is word ``k`` the object of a preposition of place ("the noise around her", "next to him"),
    which names the subject of its own clause as readily as anyone else (English uses no reflexive
    there)?"""
    before = doc[k - 1].lower_ if k else ""
    if before == "to":
        return k > 1 and doc[k - 2].lower_ == "next"
    if before == "of":
        return k > 1 and doc[k - 2].lower_ == "front"
    return before in PLACE


def set_apart(ch: Chapter, j: int, tok: Word, phrases: list[Mention], in_speech: bool) -> bool:
    """Can none of ``phrases``, named before narrated pronoun ``tok`` in its sentence, be what it
    means: they are all in the quoted speech that it tags, right after it ("'Why wait for Tom?' he
    cried."), or ``tok`` is the subject right after an opening phrase that holds them, has no finite
    verb and no quote, and none of them is a clause's subject ("Compared to Tom, he was slow.", "After
    meeting Tom, he left.")?"""
    text, doc = ch.sentences[j], ch.docs[j]
    if in_speech or doc is None:
        return False
    if text[: tok.idx].rstrip()[-1:] in "\"'”’" and all(spoken(text, m.start) for m in phrases):
        return True  # (a speech tag, right after the closing quote: not after "the girls' bags")
    return (
        tok.lower_ in SUBJECT_FORMS
        and after_opening(doc, tok.i)
        and not any(clause_subject(doc, m) for m in phrases)
    )


def after_opening(doc: Sentence, k: int) -> bool:
    """Does word ``k`` follow the comma that ends an opening phrase with no finite verb and no quote
    ("Compared to Tom, he ...", "After meeting Tom, she ...")?"""
    return (
        k > 0
        and doc[k - 1].text == ","
        and not any(t.tag_ in clause.FINITE or t.tag_ in ("``", "''") for t in doc[:k])
    )


def clause_subject(doc: Sentence, m: Mention) -> bool:
    """Is the phrase a clause's subject: does a finite verb follow it, past adverbs and commas?"""
    k = next((t.i for t in doc[m.token :] if t.idx >= m.end), len(doc))
    while k < len(doc) and doc[k].tag_ in ("RB", ","):
        k += 1
    return k < len(doc) and doc[k].tag_ in clause.FINITE


def pronoun_subject(doc: Sentence | None, cls: str, named: list[Mention]) -> bool:
    """Is the subject of the sentence's main clause a pronoun of class ``cls`` ("At first she ..."), with
    every phrase of ``named`` after it, or named in an opening phrase before it that is no clause's
    subject ("After meeting Tom, he ...": :func:`after_opening`)?"""
    if doc is None:
        return False
    opening = next((t for t in doc if t.tag_ == "PRP" and after_opening(doc, t.i)), None)
    if opening is not None and opening.lower_ in SUBJECT_FORMS and PRONOUN_CLASS[opening.lower_] == cls:
        return all(m.token > opening.i or not clause_subject(doc, m) for m in named)
    for t in doc[clause.main_clause(doc) :]:
        if t.pos_ in ("VERB", "AUX"):
            return False
        if t.tag_ == "PRP":
            return (
                t.lower_ in SUBJECT_FORMS
                and PRONOUN_CLASS[t.lower_] == cls
                and t.i < min(m.token for m in named)
            )
    return False
