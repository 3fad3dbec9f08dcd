"""Reference: a third-person pronoun, or a stand-alone this/that, pointing back to an earlier sentence.

Personal pronouns link to the nearest earlier sentence holding a compatible noun phrase: number,
gender where known (gendered nouns, name genders guessed from the text), "they" only for persons
or coordinated names, "it" only for non-person nouns. Tuned for precision, nothing is emitted when
that sentence holds two different compatible phrases, when a compatible phrase precedes the pronoun
in its own sentence, or when a pronoun of the same class is the closer link (a pronoun chain). A
sentence-initial demonstrative used alone ("That was a lie.") links to the whole previous sentence
(extended reference). The aligned Chinese confirms the pronoun (``zh=她``) or shows it dropped
(``zh=dropped``); both are recorded in ``trigger``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Doc, Token

from cohesion import lexicon, nlp
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter
from cohesion.mentions import Mention
from cohesion.pleonastic import pleonastic

PRONOUN_CLASS = {
    **dict.fromkeys(("he", "him", "his", "himself"), "m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "f"),
    **dict.fromkeys(("it", "its", "itself"), "n"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "pl"),
}
ZH_PRONOUN = {"m": r"他(?!们)", "f": r"她(?!们)", "n": r"[它牠](?!们)", "pl": r"[他她它]们"}
_OPENERS = frozenset(("CCONJ", "INTJ", "PUNCT", "SPACE"))


def find(ch: Chapter) -> Iterator[Candidate]:
    for j, doc in enumerate(ch.docs):
        if doc is None:
            continue
        seen: set[str] = set()
        for tok in doc:
            cls = PRONOUN_CLASS.get(tok.lower_) if tok.tag_ in ("PRP", "PRP$") else None
            if cls is None or cls in seen:
                continue
            seen.add(cls)
            if cls == "n" and pleonastic(doc, tok.i):
                continue
            found = _personal(ch, j, tok, cls)
            if found:
                yield found
        demonstrative = _demonstrative(doc)
        if demonstrative is not None and j > 0:
            b = Span(j, demonstrative.idx, demonstrative.idx + len(demonstrative), demonstrative.text)
            yield Candidate("reference", "demonstrative", ch.whole(j - 1), b, demonstrative.lower_)


def _personal(ch: Chapter, j: int, tok: Token, cls: str) -> Candidate | None:
    if any(_rank(m, cls, ch.genders) is not None for m in ch.mentions[j] if m.token < tok.i):
        return None  # the antecedent (or a competitor) is in the pronoun's own sentence
    for i in ch.back(j):
        doc = ch.docs[i]
        chain = next((t.i for t in doc or () if PRONOUN_CLASS.get(t.lower_) == cls), len(doc or ()))
        ranked = [
            (r, m.token, m)
            for m in _phrases(doc, ch.mentions[i])
            if m.token < chain and (r := _rank(m, cls, ch.genders)) is not None
        ]
        if ranked:
            if len({m.lemma for _, _, m in ranked}) > 1:
                return None  # ambiguous antecedent
            b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
            return Candidate(
                "reference", "personal", min(ranked)[2].at(i), b, tok.lower_ + _zh_flag(ch.zh[j], cls)
            )
        if doc is not None and chain < len(doc):
            return None  # a pronoun of the same class is the closer link
    return None


def _phrases(doc: Doc | None, mentions: list[Mention]) -> list[Mention]:
    """The sentence's mentions plus coordinated names ("Li Na and Zhang Wei", plural)."""
    names = [m for m in mentions if m.kind == "name"]
    pairs = []
    for x, y in zip(names, names[1:]):
        if doc is not None and doc.text[x.end : y.start].strip() == "and":
            text = doc.text[x.start : y.end]
            pairs.append(Mention(x.start, y.end, text, text, "names", True, x.token))
    return mentions + pairs


def _rank(m: Mention, cls: str, genders: dict[str, str]) -> int | None:
    """0 = compatible with known gender, 1 = compatible, None = incompatible."""
    if cls == "pl":
        return 0 if m.plural and (m.kind != "noun" or nlp.is_person(m.lemma)) else None
    if m.plural or m.kind == "names":
        return None
    if m.kind == "name":
        gender = genders.get(m.text) or lexicon.genders().get((m.title, "title"))
        if cls == "n":
            return None
        return 0 if gender == cls else 1 if gender is None else None
    gender = lexicon.genders().get((m.lemma, "noun"))
    if cls == "n":
        return None if gender or nlp.is_person(m.lemma) else 0
    if gender:
        return 0 if gender == cls else None
    return 1 if nlp.is_person(m.lemma) else None


def _zh_flag(zh: str, cls: str) -> str:
    if not zh:
        return ""
    match = re.search(ZH_PRONOUN[cls], zh)
    return f"|zh={match.group()}" if match else "|zh=dropped"


def _demonstrative(doc: Doc) -> Token | None:
    """A clause-opening this/that used alone (not followed by a noun or adjective)."""
    for tok in doc:
        if tok.pos_ in _OPENERS:
            continue
        if tok.lower_ not in ("this", "that") or tok.tag_ != "DT" or tok.i + 1 >= len(doc):
            return None
        nxt = doc[tok.i + 1]
        idiom = doc[tok.i : tok.i + 3].text.lower().replace("’", "'") in ("that's it", "this is it")
        return tok if nxt.pos_ in ("AUX", "VERB", "PUNCT") and not idiom else None
    return None
