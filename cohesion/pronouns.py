"""Third-person pronouns for the reference rules: each one's class (m, f, n, pl), and whether a noun
phrase agrees with it in number and gender (gendered nouns and titles, name genders guessed from the
chapter: :mod:`cohesion.gender`)."""

from __future__ import annotations

import re

from cohesion.tagged import Sentence, Word

from cohesion import clause, lexicon, nlp, nounphrase, senses
from cohesion.chapter import Chapter
from cohesion.gender import PRONOUN_GENDER, noun_gender, own_pronouns, owns_person, surely_person
from cohesion.mentions import HONORIFICS, Mention

PRONOUN_CLASS = {
    **PRONOUN_GENDER,  # the gendered ones, "m" and "f" (cohesion.gender)
    **dict.fromkeys(("it", "its", "itself"), "n"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "pl"),
}
# Verbs whose object is mostly a person: "told them" after "the lights" means people, not the lights.
PERSON_OBJECT = frozenset(
    "tell tells told telling ask asks asked asking let lets letting allow allows allowed allowing know knows "
    "knew known knowing thank thanks thanked thanking remind reminds reminded reminding warn warns warned "
    "warning invite invites invited inviting greet greets greeted greeting persuade persuaded urge urged "
    "order ordered beg begged teach taught inform informed forgive forgave blame blamed help helps helped "
    "helping meet meets met meeting join joined lead leads led leading follow follows followed following "
    "call calls called calling".split()
)
OBJECT_FORMS = frozenset(("him", "her", "them"))  # (tagged PRP: "her" as an object, not an owner)
SUBJECT_FORMS = frozenset(("he", "she", "they"))
# Plural forms of address: "their ladyships" is a title, in any case, not a pronoun and a noun.
PLURAL_HONORIFICS = frozenset("majesties highnesses ladyships lordships excellencies eminences".split())
# A Chinese syllable as romanised in names (initial, final): loose, so that it takes every real one.
PINYIN_SYLLABLE = re.compile(
    r"(?:[zcs]h|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:i?ang|i?ong|uang|eng|ing|uan|ian|iao|uai|ai|ei|ao|ou|an|en|in|un|ua|uo|ui|ia|ie|iu|er|[aoeiuv])"
)


def honorific(doc: Sentence, i: int) -> bool:
    """ "His Majesty", "Her Ladyship": a possessive before a form of address (or, mid-sentence, a
    capitalised possessive before a capitalised word); "their ladyships" in any case."""
    nxt = doc[i + 1] if i + 1 < len(doc) else None
    if nxt is not None and doc[i].lower_ == "their" and nxt.lower_ in PLURAL_HONORIFICS:
        return True
    if nxt is None or not doc[i].text[:1].isupper():
        return False
    return nxt.lower_ in HONORIFICS or (i > 0 and nxt.text[:1].isupper())


def compatible(m: Mention, cls: str, ch: Chapter, things: bool = False) -> bool:
    """Number and gender agreement; he/she need a known gender, "it" a non-person noun, "they/them/their"
    persons (or, with ``things``, plural things too: other links to plural things were mostly wrong,
    meaning people named nearby, 6 of 30 right on the dev chapters). A name is a person only where the
    chapter does not show it to be a place or an organisation (:func:`cohesion.gender.non_persons`);
    "it" may mean a name the chapter shows to be a thing, or one of no known gender that ends in a noun
    naming no person ("the Crimson Palm": :func:`_common_noun_name`)."""
    if cls == "pl":
        if m.kind == "name":  # "the Gaos" and "the Stone Saints" are people, "the Jade Mountains" are not
            head = _head_word(m).lower()
            return m.plural and m.text not in ch.things and (" " not in m.text or senses.is_person(head))
        return m.plural and (m.kind == "names" or things or senses.is_person(m.lemma))
    if m.plural or m.kind == "names":
        return False
    if m.kind == "name":
        if cls == "n":
            return m.text in ch.things or (not gender_of(m, ch) and _common_noun_name(m))
        return m.text not in ch.things and cls == gender_of(m, ch)
    gender = gender_of(m, ch)
    if cls == "n":
        return not gender and not senses.is_person(m.lemma)
    return gender == cls or (
        gender is None and (m.lemma == "person" or surely_person(m.lemma))
    )  # "the driver ... he"


def agreeing(m: Mention, cls: str, ch: Chapter) -> bool:
    """May a pronoun of class ``cls`` mean ``m``: a compatible phrase, or for he/she a person noun of
    unknown gender ("the teacher")?"""
    return compatible(m, cls, ch) or (
        cls in ("m", "f") and m.kind == "noun" and not gender_of(m, ch) and senses.is_person(m.lemma)
    )


def gender_of(m: Mention, ch: Chapter) -> str | None:
    """ "m" / "f" of a singular name (title, then the chapter's guess) or noun (gendered:
    :func:`cohesion.gender.noun_gender`, else the chapter's guess: :func:`cohesion.gender.noun_genders`)."""
    genders = lexicon.genders()
    if m.kind == "name":
        found = (
            nounphrase.OWNER_GENDER.get(m.title)  # "Her Ladyship"
            or genders.get((m.title, "title"))
            or ch.genders.get(m.text)
        )
        if found:
            return found
        head = _head_word(m).lower()
        return genders.get((head, "title")) or genders.get((head, "noun"))
    return (
        noun_gender(m.lemma)
        or ("-" in m.lemma and genders.get((m.lemma.split("-")[0], "noun")))  # "son-in-law"
        or (None if m.plural else ch.noun_genders.get(m.lemma))
    )


def _head_word(m: Mention) -> str:
    """The last word of a name ("Great-Granddad": "Granddad", "Old Nanny": "Nanny")."""
    return m.text.replace("-", " ").split()[-1]


def unknown_name(m: Mention, cls: str, ch: Chapter, doc: Sentence | None) -> bool:
    """A named person whom he/she may mean but whose gender neither the names list nor the chapter shows
    (not a plural name: "the Stone Guardians", nor one named by a common noun: :func:`_common_noun_name`,
    nor the owner of a person in ``doc``, its sentence: "Wu Jin's wife", nor one the speaker owns that
    is no kin: "my little Lantern", a pet name or a thing; "your Uncle" is kin, nor a place, a name after
    a noun and "at" or "in": "the church at Kiko", not "looked at Kiko")."""
    if cls not in ("m", "f") or m.kind != "name" or m.plural or (doc is not None and owns_person(doc, m)):
        return False
    owner = nounphrase.determiner(doc, m.token) if doc is not None else ""
    if owner in nounphrase.DEICTIC and not senses.is_kin(_head_word(m).lower()):
        return False
    k = m.token - 1
    if (
        doc is not None
        and k > 0
        and doc[k].lower_ in ("at", "in")
        and doc[k - 1].tag_ in ("NN", "NNS", "NNP")
    ):
        return False
    return m.text not in ch.things and not gender_of(m, ch) and not _common_noun_name(m)


def group_name(m: Mention) -> bool:
    """Does the name end in an English plural noun ("the Iron Guards"), naming a group, not one person?"""
    head = _head_word(m).lower()
    return nlp.lemma(head, "n", True) not in (None, head)


def _common_noun_name(m: Mention) -> bool:
    """Does the name end in an English common noun that names no person ("the Crimson Explosion", "Ashen
    Sector": a skill, a place, a thing) or in another English word, no noun ("'Splendid!'", capitalised
    and so taken for a name), and neither a pinyin syllable ("Song", "Fang") nor a first name ("Rose")?"""
    head = _head_word(m)
    word = head.lower()
    if PINYIN_SYLLABLE.fullmatch(word) or head in lexicon.first_names():
        return False
    if senses.lexname(word):
        return not senses.is_person(word)
    return any(senses.senses(word, pos, 1) for pos in "var")  # a word of another kind ("Splendid!")


def shown(m: Mention, cls: str, ch: Chapter, doc: Sentence | None, phrases: list[Mention]) -> bool:
    """Is ``m`` a singular person noun of unknown gender that heads its sentence's subject, and whose
    gender the first subject pronoun after it shows ("The band leader left because he was tired.")?"""
    if cls not in ("m", "f") or doc is None or m.plural or not agreeing(m, cls, ch):
        return False
    subject = clause.subject(doc, phrases)  # or the noun before it: "band" of "the band leader"
    if subject is None or subject.kind != "noun" or m.token - subject.token not in (0, 1):
        return False
    pronoun = next((doc[k] for k, _ in own_pronouns(doc) if k > m.token), None)
    return pronoun is not None and pronoun.lower_ in SUBJECT_FORMS and PRONOUN_CLASS[pronoun.lower_] == cls


def object_them(doc: Sentence | None, tok: Word) -> bool:
    """Is ``tok`` a "them" that is the object of a verb whose object is not mostly a person ("dried
    them", not "told them", "of them")?"""
    verb = doc[tok.i - 1] if doc is not None and tok.i > 0 else None
    return (
        tok.lower_ == "them" and verb is not None and verb.pos_ == "VERB" and verb.lower_ not in PERSON_OBJECT
    )


def persons_of_unknown_gender(phrases: list[Mention], cls: str) -> bool:
    """Are all of ``phrases``, for a he/she, person nouns of unknown gender ("He had argued with a
    stranger.")? A he/she of any form looking back at them past a subject pronoun of its class
    (:func:`cohesion.pronoun_clause.pronoun_subject`) goes on with that subject, as a subject pronoun
    does ("... After a while his anger faded."). A gender only WordNet (:func:`cohesion.gender.noun_gender`)
    or the chapter's votes give (:func:`cohesion.gender.noun_genders`) counts as unknown here: it makes the
    noun a possible antecedent, not the pronoun's topic."""
    return cls in ("m", "f") and all(
        m.kind == "noun" and not lexicon.genders().get((m.lemma, "noun")) for m in phrases
    )
