"""Reference: a third-person pronoun, or a stand-alone "that", pointing back to an earlier sentence.

Personal pronouns link to the nearest earlier sentence holding a compatible noun phrase: number,
known gender for he/she (gendered nouns, name genders guessed from the text), "they" only for
persons or coordinated names, "it" only for a non-person noun of the previous sentence and not as
the subject of "be" (further back, or in "It was ...", it mostly means a situation). Names and nouns
inside quoted speech (mostly vocatives) and speaker labels ("Netizen B: ...") are skipped. Tuned for precision, nothing is emitted when
that sentence holds two different compatible phrases, when any noun or name precedes the pronoun in
its own sentence, or when a pronoun of the same class is the closer link (a pronoun chain). Passing
over a sentence is allowed only when it cannot hold the referent: not when its subject is a person
of unknown gender (for he/she) or when it has a plural noun (for they); and a link three or more
sentences back must end on that sentence's subject. "It" after a verb of saying ("He said it as
if ...") means the utterance and is skipped. Names are persons only where the chapter does not show
them to be places or organisations (:func:`cohesion.gender.non_persons`). A
sentence-initial "that" used alone ("That was a lie.") links to the whole previous sentence
(extended reference). The aligned Chinese confirms the pronoun (``zh=她``) or shows it dropped
(``zh=dropped``); both are recorded in ``trigger``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from spacy.tokens import Doc, Token

from cohesion import lexicon, nlp
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter, quoted
from cohesion.mentions import Mention
from cohesion.pleonastic import BE, pleonastic

PRONOUN_CLASS = {
    **dict.fromkeys(("he", "him", "his", "himself"), "m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "f"),
    **dict.fromkeys(("it", "its", "itself"), "n"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "pl"),
}
ZH_PRONOUN = {"m": r"他(?!们)", "f": r"她(?!们)", "n": r"[它牠](?!们)", "pl": r"[他她它]们"}
SAYING = frozenset("say says said saying repeat repeated repeating whisper whispered mean meant".split())
_OPENERS = frozenset(("CCONJ", "INTJ", "PUNCT", "SPACE"))
_PREMODIFIERS = frozenset(("DT", "PRP$", "JJ", "JJR", "JJS", "CD", "NNP", "HYPH"))  # "the old", "Miss"


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
            if cls == "n" and (pleonastic(doc, tok.i) or _copula_subject(doc, tok.i) or _said(doc, tok.i)):
                continue
            found = _personal(ch, j, tok, cls)
            if found:
                yield found
        demonstrative = _demonstrative(doc)
        if demonstrative is not None and j > 0:
            b = Span(j, demonstrative.idx, demonstrative.idx + len(demonstrative), demonstrative.text)
            yield Candidate("reference", "demonstrative", ch.whole(j - 1), b, demonstrative.lower_)


def _personal(ch: Chapter, j: int, tok: Token, cls: str) -> Candidate | None:
    if any(m.token < tok.i for m in ch.mentions[j]):
        return None  # a noun phrase before the pronoun in its own sentence may be the antecedent
    for i in ch.back(j):
        doc = ch.docs[i]
        chain = next((t.i for t in doc or () if PRONOUN_CLASS.get(t.lower_) == cls), len(doc or ()))
        phrases = [m for m in _phrases(doc, ch.mentions[i]) if not _speech_frame(ch.sentences[i], m)]
        compatible = [m for m in phrases if m.token < chain and _compatible(m, cls, ch.genders)]
        if compatible:
            if len({m.lemma for m in compatible}) > 1:
                return None  # ambiguous antecedent
            if any(m.lemma == compatible[-1].lemma for m in ch.mentions[j]):
                return None  # "He gave Lin a look": the pronoun's own sentence names the candidate
            if j - i >= 3 and compatible[-1] != _subject(doc, phrases):
                return None  # far back, only the topic of its sentence is a safe antecedent
            b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
            return Candidate(
                "reference", "personal", compatible[-1].at(i), b, tok.lower_ + _zh_flag(ch.zh[j], cls)
            )
        if cls == "n" or chain < len(doc or ()):
            return None  # "it" links to the previous sentence only; a same-class pronoun is the closer link
        if _may_be_referent(_subject(doc, phrases), cls, ch.genders):
            return None  # "Director Zheng was uneasy." (gender unknown) may be whom "he" means
        if cls == "pl" and any(m.plural for m in phrases):
            return None  # "... and cars crumpled. Their doors ...": "they" for things is left out
    return None


def _speech_frame(text: str, m: Mention) -> bool:
    """A vocative inside quoted speech, or a speaker label ("Netizen B: Who gave her the nerve?")."""
    return quoted(text, m.start) or text[m.end : m.end + 1] in (":", "：")


def _subject(doc: Doc | None, phrases: list[Mention]) -> Mention | None:
    """The sentence's subject, roughly: its first noun phrase before any verb, not in a prepositional
    phrase and not a possessor ("In the script, on the night of her brother's funeral, A-Yuan walks")."""
    if doc is None:
        return None
    for m in sorted(phrases, key=lambda m: m.token):
        if any(t.pos_ in ("VERB", "AUX") for t in doc[: m.token]):
            return None
        k = m.token - 1
        while k >= 0 and doc[k].tag_ in _PREMODIFIERS:
            k -= 1
        if (k < 0 or doc[k].pos_ != "ADP") and doc.text[m.end : m.end + 2] not in ("'s", "’s"):
            return m
    return None


def _may_be_referent(subject: Mention | None, cls: str, genders: dict[str, str]) -> bool:
    """A singular person subject of unknown gender, which he/she may well point to."""
    if subject is None or cls not in ("m", "f") or subject.plural or subject.kind == "names":
        return False
    if subject.kind == "name":
        return not (genders.get(subject.text) or lexicon.genders().get((subject.title, "title")))
    return nlp.is_person(subject.lemma) and (subject.lemma, "noun") not in lexicon.genders()


def _phrases(doc: Doc | None, mentions: list[Mention]) -> list[Mention]:
    """The sentence's mentions plus coordinated names ("Li Na and Zhang Wei", plural)."""
    names = [m for m in mentions if m.kind == "name"]
    pairs = []
    for x, y in zip(names, names[1:]):
        if doc is not None and doc.text[x.end : y.start].strip() == "and":
            text = doc.text[x.start : y.end]
            pairs.append(Mention(x.start, y.end, text, text, "names", True, x.token))
    return mentions + pairs


def _compatible(m: Mention, cls: str, genders: dict[str, str]) -> bool:
    """Number and gender agreement; he/she need a known gender, "it" a non-person noun."""
    if cls == "pl":
        return m.plural and (m.kind != "noun" or nlp.is_person(m.lemma))
    if m.plural or m.kind == "names":
        return False
    if m.kind == "name":
        return cls == (genders.get(m.text) or lexicon.genders().get((m.title, "title")))
    gender = lexicon.genders().get((m.lemma, "noun"))
    if cls == "n":
        return not gender and not nlp.is_person(m.lemma)
    return gender == cls


def _copula_subject(doc: Doc, i: int) -> bool:
    """ "It was ..." / "It's ...": in novels these mostly describe a situation, not an earlier noun."""
    nxt = doc[i + 1] if i + 1 < len(doc) else None
    return nxt is not None and nxt.lower_.replace("’", "'") in BE


def _said(doc: Doc, i: int) -> bool:
    """ "He said it as if ...": the object of a verb of saying is the utterance, not a noun."""
    return i > 0 and doc[i - 1].lower_ in SAYING


def _zh_flag(zh: str, cls: str) -> str:
    if not zh:
        return ""
    match = re.search(ZH_PRONOUN[cls], zh)
    return f"|zh={match.group()}" if match else "|zh=dropped"


def _demonstrative(doc: Doc) -> Token | None:
    """A clause-opening "that" used alone (not followed by a noun or adjective).

    "This" is left out: in novel dialogue it mostly points forward or outside the text ("This is my
    sister.").
    """
    for tok in doc:
        if tok.pos_ in _OPENERS:
            continue
        if tok.lower_ != "that" or tok.tag_ != "DT" or tok.i + 1 >= len(doc):
            return None
        nxt = doc[tok.i + 1]
        idiom = doc[tok.i : tok.i + 3].text.lower().replace("’", "'") == "that's it"
        return tok if nxt.pos_ in ("AUX", "VERB", "PUNCT") and not idiom else None
    return None
