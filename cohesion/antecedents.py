"""The noun phrases of a sentence that a pronoun may mean, and the choice among those that agree with it.

Not antecedents: vocatives and speaker labels, predicate nouns, nouns of a simile, generic nouns, the
owner of a person ("Anna's husband"), the speaker of the quote a pronoun is in; the choice prefers a
known gender, the sentence's subject, then the owner of its subject (:func:`choose`)."""

from __future__ import annotations

from bisect import bisect_right

from cohesion.tagged import Sentence, Word

from cohesion import clause, descriptions, nounphrase, pronouns, senses, speech
from cohesion.chapter import Chapter
from cohesion.gender import noun_gender, own_pronouns, owns_person
from cohesion.mentions import Mention, opens
from cohesion.pronouns import PRONOUN_CLASS
from cohesion.speech import spoken

DEFINITE = frozenset(("the", "this", "that"))
NAMING_GENERICS = ("person", "thing")  # generic nouns that "the" makes name a referent
CLASSIFIERS = frozenset(("kind", "sort", "type"))  # "a kind of lamp" names a lamp
DESCRIBING = frozenset(("same", "only"))  # "the same person", "the only thing": a description
ANIMATE = frozenset(("noun.person", "noun.animal", "noun.group"))  # WordNet's files of living things
PERSONS_ANY = frozenset(("everyone", "everybody", "someone", "somebody", "anyone", "anybody", "nobody"))
# Per sentence: its phrases, those that are vocatives or speaker labels, those that may refer, and
# the gender shown by its own pronoun of each of these that is a noun of unknown gender.
Phrases = tuple[list[Mention], list[Mention], list[Mention], dict[int, str | None]]


def sentence_phrases(ch: Chapter, i: int, seen: dict[int, Phrases]) -> Phrases:
    """Sentence ``i``'s phrases (:func:`_phrases`), those that are vocatives or speaker labels, and
    those that may refer: not these, nor predicate nouns, generic nouns or owners of a person; kept
    in ``seen`` (many pronouns look back at one sentence)."""
    if i not in seen:
        doc = ch.docs[i]
        everyone = _phrases(doc, ch.mentions[i])
        frames = [speech.vocative_or_label(ch.sentences[i], m) for m in everyone]
        framed = [m for m, frame in zip(everyone, frames) if frame]
        referring = [
            m
            for m, frame in zip(everyone, frames)
            if not frame
            and not descriptions.predicate(doc, m)
            and not descriptions.simile(doc, m)
            and not descriptions.generic(doc, m)
            and not (doc is not None and owns_person(doc, m))
        ]
        seen[i] = (everyone, framed, referring, _own_genders(doc, referring))
    return seen[i]


def _phrases(doc: Sentence | None, mentions: list[Mention]) -> list[Mention]:
    """The sentence's mentions plus coordinated names ("Li Na and Zhang Wei", plural)."""
    names = [m for m in mentions if m.kind == "name"]
    pairs = []
    for x, y in zip(names, names[1:]):
        if doc is not None and doc.text[x.end : y.start].strip() == "and":
            text = doc.text[x.start : y.end]
            pairs.append(Mention(x.start, y.end, text, text, "names", True, x.token))
    return _named_generics(doc, mentions) + pairs


def _named_generics(doc: Sentence | None, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` with each singular "person" or "thing" that a definite determiner leads (generic nouns,
    no mentions of their own, which after "the/this/that" name someone or something of the story: "The
    tall person by the door coughed. His cup ...", "The thing rolled over; it ..."), in word order."""
    text = doc.text.lower() if doc is not None else ""
    if doc is None or not any(f" {word}" in text for word in NAMING_GENERICS):
        return mentions  # (a space comes before the noun: its determiner's)
    extra = [
        Mention(t.idx, t.idx + len(t.text), t.text, t.lower_, "noun", False, t.i)
        for t in doc
        if t.lower_ in NAMING_GENERICS and t.tag_ == "NN" and _definite(doc, t.i)
    ]
    return sorted(mentions + extra, key=lambda m: m.token) if extra else mentions


def _definite(doc: Sentence, k: int) -> bool:
    """Does "the/this/that" lead the noun at ``k``, with only adjectives, participles and adverbs between
    ("the golden robed person"), none a superlative or one that makes the phrase a description ("the
    strongest person", "the same person")?"""
    k -= 1
    while k >= 0 and doc[k].tag_ in ("JJ", "JJR", "VBN", "HYPH", "RB") and doc[k].lower_ not in DESCRIBING:
        k -= 1
    return k >= 0 and doc[k].lower_ in DEFINITE


def _own_genders(doc: Sentence | None, phrases: list[Mention]) -> dict[int, str | None]:
    """Token -> the gender a noun of unknown gender shows by its own pronoun in its sentence ("The
    driver had to force himself ...": not a "she"), for the nouns among ``phrases``."""
    if doc is None:
        return {}
    nouns = [m.token for m in phrases if m.kind == "noun" and not noun_gender(m.lemma)]
    if not nouns:
        return {}
    found = list(own_pronouns(doc, min(nouns) + 1))  # each noun's: the first after it
    at = [k for k, _ in found]
    return {k: found[n][1] if (n := bisect_right(at, k)) < len(found) else None for k in nouns}


def in_sentence(
    ch: Chapter, i: int, j: int, in_speech: bool, cls: str, seen: dict[int, Phrases]
) -> list[Mention]:
    """Sentence ``i``'s noun phrases that may be the antecedent of a pronoun of sentence ``j``: not
    vocatives, speaker labels, predicate nouns, generic nouns, owners of a person ("Anna's husband"),
    the speaker of the quote the pronoun is in, nor, for "it" in speech, a noun of the narration."""
    _, _, referring, own = sentence_phrases(ch, i, seen)
    return [
        m
        for m in referring
        if not (in_speech and i != j and speech.speaker(ch, i, j, m))
        and not (in_speech and cls == "n" and not spoken(ch.sentences[i], m.start))
        and not (cls == "n" and _in_phrase(ch.docs[i], m))
        and not (cls == "n" and m.kind == "name" and not _after_the(ch.sentences[i], m))
        and not (cls in ("m", "f") and m.kind == "noun" and own.get(m.token) not in (None, cls))
    ]


def _in_phrase(doc: Sentence | None, m: Mention) -> bool:
    """Is the noun the object of a preposition ("put it in his pocket", "like home"), the modifier of
    another noun ("a glass door") or a kind before "of" ("a new type of kettle")? Such nouns are seldom
    what a following "it" means. The noun after a kind and "of" heads the phrase ("a kind of lamp")."""
    if doc is None:
        return False
    k = m.after()
    if k + 1 < len(doc) and m.lemma in CLASSIFIERS and doc[k].lower_ == "of":
        return True  # "it" is the kettle, not the type
    k = _before_premodifiers(doc, m.token)
    if k > 0 and doc[k].lower_ == "of" and doc[k - 1].lower_ in CLASSIFIERS:
        k = _before_premodifiers(doc, k - 1)
    return (k >= 0 and (doc[k].pos_ in ("ADP", "SCONJ") or doc[k].tag_ == "IN")) or (
        m.kind == "noun" and nounphrase.modifier(doc, m.token)  # "a glass door": "it" is the door
    )


def _before_premodifiers(doc: Sentence, k: int) -> int:
    """The index of the word before word ``k`` and the determiners and adjectives before it."""
    k -= 1
    while k >= 0 and doc[k].tag_ in clause.PREMODIFIERS:
        k -= 1
    return k


def _after_the(text: str, m: Mention) -> bool:
    """ "the Northern Star Cannon": a name with an article names a thing "it" may mean."""
    return text[: m.start].rstrip().lower().endswith(("the", "this", "that"))


def choose(
    doc: Sentence | None, phrases: list[Mention], compatible: list[Mention], cls: str, ch: Chapter
) -> Mention | None:
    """The antecedent among a sentence's agreeing phrases: the only referent named (its last
    mention), else the one whose gender is known over persons of unknown gender ("the driver"), a
    person for "them" and a thing, not a time, for "it", else the subject of its last coordinate clause
    ("Tom grabbed the rope, but the boy pulled.": :func:`cohesion.clause.last_coordinate_subject`), else
    the sentence's subject, else the owner of its subject ("Anna's plan"); None when still ambiguous."""
    if cls in ("m", "f"):
        known = [m for m in compatible if pronouns.gender_of(m, ch) == cls]
        compatible = known or compatible
    if cls == "pl":  # "them": persons before things
        persons = [m for m in compatible if m.kind != "noun" or senses.is_person(m.lemma)]
        compatible = persons or compatible
    if cls == "n":  # "it": things before times ("bought a boat last summer. It leaked")
        timeless = [m for m in compatible if m.kind != "noun" or senses.lexname(m.lemma) != "noun.time"]
        compatible = timeless or compatible
    if len({m.lemma for m in compatible}) == 1:
        return compatible[-1]
    last = clause.last_coordinate_subject(doc, phrases)
    if last in compatible:
        return last
    subject = clause.subject(doc, phrases)
    if subject in compatible:
        return subject
    return _owner_of(doc, subject, compatible)


def topic(doc: Sentence | None, phrases: list[Mention], a: Mention) -> bool:
    """Is ``a`` the topic of its sentence: the subject, or the owner of the subject ("Anna's train was
    late.")?"""
    subject = clause.subject(doc, phrases)
    return a == subject or _owner_of(doc, subject, [a]) == a


def _owner_of(doc: Sentence | None, subject: Mention | None, compatible: list[Mention]) -> Mention | None:
    """The one of ``compatible`` that owns the sentence's subject ("Anna's plan to help Clara failed.
    She ...": Anna, the topic), if any."""
    if doc is None or subject is None:
        return None
    for m in compatible:
        k = next((t.i for t in doc[m.token :] if t.idx >= m.end), len(doc))  # the word after the phrase
        if (
            k < subject.token
            and doc[k].tag_ == "POS"
            and all(t.tag_ in ("JJ", "JJR", "JJS", "VBN", "HYPH") for t in doc[k + 1 : subject.token])
        ):
            return m
    return None


def owned_by_another(doc: Sentence | None, a: Mention, cls: str, ch: Chapter) -> bool:
    """Is ``a`` a person noun of unknown gender whose owner is a pronoun of class ``cls`` ("her driver"
    for a "she"): the owner is someone else whom the pronoun may mean as well?"""
    if doc is None or a.kind != "noun" or cls not in ("m", "f") or pronouns.gender_of(a, ch):
        return False
    return PRONOUN_CLASS.get(nounphrase.determiner(doc, a.token)) == cls


def plural_topic(
    ch: Chapter, i: int, j: int, tok: Word, phrases: list[Mention], seen: dict[int, Phrases]
) -> Mention | None:
    """The plural thing that is the subject of the sentence ``i`` right before, for a "they" that opens
    sentence ``j`` ("The bees flew home. They ..."): its only plural phrase that may refer, or one
    whose other plural phrases are lifeless things named after it where no word names persons at large
    ("The bees left the fields. They ..."; not "The bees stung everyone."). Not an amount ("Ten coins were
    paid."), nor "The lamps lit the guards. They ...", nor "Their bags fell. They ..."."""
    doc = ch.docs[j]
    if j - i != 1 or doc is None or tok.lower_ != "they" or not opens(doc, tok.i):
        return None
    subject = clause.subject(ch.docs[i], phrases)
    if subject is None or not subject.plural or subject.kind != "noun" or descriptions.amount(subject):
        return None
    if PRONOUN_CLASS.get(nounphrase.determiner(ch.docs[i], subject.token)) == "pl":
        return None  # "Their bags fell. They ...": the owners
    others = [m for m in sentence_phrases(ch, i, seen)[2] if m.plural and m.lemma != subject.lemma]
    if not others:
        return subject  # the only plural it may mean
    if any(m.kind != "noun" or m.token < subject.token or _animate(m.lemma) for m in others) or any(
        t.lower_ in PERSONS_ANY for t in ch.docs[i]
    ):
        return None  # "The bees chased the dogs.", "The bees stung everyone.": either may be meant
    return subject  # the subject, over the things it acts on


def _animate(lemma: str) -> bool:
    """Does the noun name a person, an animal or a group (WordNet's lexicographer files)?"""
    return senses.is_person(lemma) or senses.lexname(lemma) in ANIMATE
