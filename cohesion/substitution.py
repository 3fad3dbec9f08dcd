"""Substitution: nominal "one"/"ones" after a determiner or adjective ("She took the red one."), or as a bare
object closing a clause ("She took one.", "He picked one up.", "to become one himself").

Excluded: numeral and generic "one" (no determiner/adjective in front: "one day", "one must", "one would";
"every one", "any one": the numeral), hyphenated words ("one-word"), "one of / another / by / after / or",
"the one who/that/which", "the first one (ever) to" and a bare "the one" (mostly a person, not a substitute),
"no one", a clause-final "become one" (to unite) and "I mean one", and the idioms in
``data/one_stoplist.txt``. The antecedent is chosen by fit within the window, nearest sentence first, a
subject or object before the object of a preposition (or a noun owned by one, "for his aunt's garden", or in
its "of" phrase, "at the top of a tree"): a concrete noun (not a feeling, attribute, state, event, substance
..., but a noun whose first sense is abstract still counts when one of its ``SENSES`` most frequent senses is
a physical thing: "ring" is first a sound), a count noun (not a singular with no determiner or a mass noun's,
"She drank milk.", "much money", nor a verbal noun of an act, "took her shopping": Quirk et al. 1985), not a
body part after a possessive ("her toes": a part of someone, not what "one" replaces), and not a person (a
"one" for a person, "a tough one", is not a substitute of a noun phrase) unless "one" is predicative ("to
become one himself"); "ones" needs a plural, and a bare "one" ("She took one.") prefers a plural ("cookies ...
took one"). The antecedent is at most ``REACH`` sentences back; a sentence before the farthest whose fitting
nouns are all places, objects of a preposition of place or goal (``PLACES``: "She drove to the market."), is
passed over for an earlier noun, and an adjective + "one(s)" ("the quiet one", "the older ones") whose nearest
phrase of its number is a person or name stands for a person and is left out, as is a "one" said of a person
by a linking verb ("He was a tough one", "You are the lucky one"). Nothing is emitted when a noun it may stand
for, a person other than the sentence's subject ("a boy like this one"; not "His sister said he should buy a
new one") or "people"/"person" precedes "one" in its own sentence (the link is intra-sentential, or "one" is
one of the people: "pick two people and pay one"). When an earlier sentence's own substitute "one" is the
closer link, the later "one" takes the noun that one was linked to ("bowls ... a deep one ... a flat one":
both stand for the bowls), or nothing when it had none.
"""

from __future__ import annotations

from collections.abc import Iterator

from cohesion.tagged import Sentence, Word, hyphenated

from cohesion import clause, lexicon, nlp, nounphrase, senses
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter
from cohesion.mentions import Mention
from cohesion.nounphrase import PLACE_OR_GOAL

# ("every one", "any one": the numeral, one by one, a fused head like "everyone"; Quirk et al. 1985, ch. 6)
DETERMINERS = frozenset(
    "a an the this that these those another which some other same last first next".split()
)
# Lexicographer files of nouns that rarely have a count-noun substitute ("fun", "anger", "truth"; events,
# "the wedding", "the noise"; substances, "the paper", "the sand").
ABSTRACT = frozenset(
    f"noun.{name}"
    for name in (
        "feeling attribute state cognition time process phenomenon motive relation quantity event substance"
    ).split()
)
# Lexicographer files of physical count nouns, and how many senses deep the rescue looks.
PHYSICAL = frozenset(f"noun.{name}" for name in "artifact object animal plant food body".split())
SENSES = 3
REACH = 3  # how many sentences back the antecedent may be
PLACES = PLACE_OR_GOAL | {"from", "through", "across"}  # and the ways out of or through a place
NOT_AFTER = frozenset("of another by after or who that which whom whose to ever".split())
PARTICLES = frozenset("up down out off back away in over".split())
BECOME = frozenset("become becomes became becoming".split())
PEOPLE = frozenset(("people", "person", "persons"))  # generic nouns, no mentions: "one" of them is a person
# the linking verbs that say what someone is ("He was a tough one"; "got", "looked" say other things)
PREDICATING = frozenset("be is was are were been being 's 're am seem seems seemed remained".split())
# the words between an owner's "'s" and its noun ("his sister's old garden")
MODIFIERS = frozenset(("JJ", "JJR", "JJS", "NN", "NNS", "VBG", "HYPH"))
# the determiners of a mass noun, none among them ("bought milk", "much money"): "one" stands for a count noun
MASS = frozenset(("", "much", "some", "more", "less", "enough"))
UNITE = frozenset("become becomes became becoming mean means meant".split())  # "become one", "I mean one"


def find(ch: Chapter) -> Iterator[Candidate]:
    linked: dict[int, Span] = {}  # sentence -> the antecedent its own substitute was linked to
    for j, doc in enumerate(ch.docs):
        one = _substitute(doc) if doc is not None else None
        if one is None:
            continue
        if _said_of_a_person(doc, one.i):
            continue  # "He was a tough one": a person, not a substitute
        bare = doc[one.i - 1].pos_ == "VERB"
        predicative = doc[one.i - 1].lower_ in BECOME  # "to become one himself": a person fits
        if _blocked(doc, ch.mentions[j], one, predicative):
            continue  # the antecedent is in the same sentence ("pick two people and pay one": a person)
        described = doc[one.i - 1].pos_ == "ADJ" and not predicative
        b = Span(j, one.idx, one.idx + len(one), one.text)
        trigger = f"{doc[one.i - 1].lower_} {one.lower_}"
        for i in ch.back(j, REACH):
            if ch.docs[i] is not None and _substitute(ch.docs[i]) is not None:
                if i in linked:  # "a strong one ... a white one": both stand for the same noun
                    linked[j] = linked[i]
                    yield Candidate("substitution", "nominal", linked[i], b, trigger)
                break  # an earlier substitute is the closer link
            last = next((m for m in reversed(ch.mentions[i]) if m.plural == (one.lower_ == "ones")), None)
            if described and last is not None and (last.kind != "noun" or senses.is_person(last.lemma)):
                break  # "Anna ... the quiet one": the nearest noun of its number is a person
            nouns = [
                m
                for m in ch.mentions[i]
                if m.kind == "noun"
                and _fits(m, one, predicative, number=False)
                and not _body_part_of(ch.docs[i], m)
                and not _mass(ch.docs[i], m)
            ]
            a = _antecedent(ch.docs[i], nouns, plural=one.lower_ == "ones", bare=bare)
            if a is not None and i > max(j - REACH, 0) and _only_places(ch.docs[i], nouns):
                continue  # "She walked to the shop.": a place she went to, passed over for an earlier noun
            if a is not None:
                linked[j] = a.at(i)
                yield Candidate("substitution", "nominal", linked[j], b, trigger)
                break


def _substitute(doc: Sentence) -> Word | None:
    """The first "one"/"ones" of the sentence used as a noun substitute, if any."""
    if "one" not in doc.text.lower():
        return None  # (only ASCII letters lower-case to these)
    for tok in doc[1:]:
        if tok.lower_ not in ("one", "ones") or hyphenated(doc, tok.i):  # "one-word", "twenty-one"
            continue
        prev = doc[tok.i - 1]
        nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        compound = tok.i >= 3 and doc[tok.i - 2].text == "-" and not doc[tok.i - 2].whitespace_  # worn-out
        if f"{prev.lower_} {tok.lower_}" in lexicon.words("one_stoplist.txt"):
            continue  # an idiom ("loved one": a verb's participle, not a bare object)
        if prev.pos_ == "VERB":
            if not _clause_end(doc, tok.i + 1) or (
                prev.lower_ in UNITE and _clause_end(doc, tok.i + 1, False)
            ):
                continue
            return tok
        if not (prev.lower_ in DETERMINERS or prev.pos_ == "ADJ" or compound):
            continue
        if nxt is not None and (
            nxt.lower_ in NOT_AFTER or nxt.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB", "AUX")
        ):
            continue
        if prev.lower_ == "the":
            continue  # bare "the one": a person ("He's the one.") far more often than a substitute
        return tok
    return None


def _said_of_a_person(doc: Sentence, k: int) -> bool:
    """Is the "one" at word ``k`` the head of a predicate said of a person ("He was a tough one", "You
    are the lucky one"; not "It was a big one", nor a bare "become one himself", one of a group named
    before): after a linking verb and a determiner or adjective (adverbs too), with a personal pronoun, a
    name or a person noun for subject?"""
    verb = k - 1
    while verb >= 0 and (doc[verb].pos_ in ("DET", "ADJ", "ADV") or doc[verb].tag_ == "PRP$"):
        verb -= 1
    if verb in (-1, k - 1) or doc[verb].pos_ not in ("AUX", "VERB"):
        return False
    if doc[verb].lower_.replace("’", "'") not in PREDICATING:
        return False  # (not "got": "I've got another one")
    subject = nounphrase.subject_before(doc, verb)
    if subject is None:
        return False
    word = doc[subject]
    return (
        word.lower_ in nounphrase.NOMINATIVE
        or word.pos_ == "PROPN"
        or (word.noun is not None and senses.is_person(word.noun))
    )


def _clause_end(doc: Sentence, k: int, extended: bool = True) -> bool:
    """Does a clause end at token ``k`` (punctuation or the end), optionally after a particle or a
    reflexive, or go on with a prepositional phrase ("picked one up.", "become one himself.", "bought
    one for her mother")?"""
    if (
        extended
        and k < len(doc)
        and (doc[k].lower_ in PARTICLES or doc[k].lower_.endswith(("self", "selves")))
    ):
        k += 1
    if extended and k < len(doc) and doc[k].pos_ == "ADP" and doc[k].lower_ not in NOT_AFTER:
        return True
    return k >= len(doc) or doc[k].pos_ == "PUNCT"


def _blocked(doc: Sentence, found: list[Mention], one: Word, predicative: bool) -> bool:
    """Does a noun before ``one`` in its own sentence (``found``: its mentions) say the antecedent is
    there: one it may stand for, or a person other than the subject ("a boy like this one"; not
    "His father built him a sturdy one"), or "people"/"person"?"""
    subject = clause.subject(doc, found)
    return any(
        m.kind == "noun"
        and m.token < one.i
        and (_fits(m, one, predicative) or (senses.is_person(m.lemma) and m != subject))
        for m in found
    ) or any(t.lower_ in PEOPLE for t in doc[: one.i])


def _fits(m: Mention, one: Word, predicative: bool, number: bool = True) -> bool:
    """May noun ``m`` be what ``one`` stands for: concrete, not a person (unless "one" is predicative)
    and, with ``number``, a plural for "ones"?"""
    return (
        _concrete(m.lemma)
        and (predicative or not senses.is_person(m.lemma))
        and not (number and one.lower_ == "ones" and not m.plural)
    )


def _concrete(lemma: str) -> bool:
    """Can the noun be a substitute's antecedent: not abstract in its first sense, or physical in a near one?"""
    if senses.lexname(lemma) not in ABSTRACT:
        return True
    return any(s.lexname in PHYSICAL for s in senses.senses(lemma, "n", SENSES))


def _only_places(doc: Sentence | None, nouns: list[Mention]) -> bool:
    """Are all the fitting nouns of the sentence places, objects of a preposition of place or goal ("into
    the pool", "to a repair shop")?"""
    return doc is not None and all(
        (governor := nounphrase.preposition(doc, m.token)) is not None and governor.lower_ in PLACES
        for m in nouns
    )


def _antecedent(doc: Sentence | None, nouns: list[Mention], plural: bool, bare: bool) -> Mention | None:
    """The last fitting noun: a plural for "ones"; for a bare "one" a plural if there is one; a subject
    or object before the object of a preposition ("dropped her mug on the floor ... a new one": mug; "a
    coat for his sister's garden", "the kite at the top of a tree": coat, kite)."""
    if doc is not None:
        nouns = [m for m in nouns if not _oblique(doc, m.token)] or nouns
    plurals = [m for m in nouns if m.plural]
    if plural:
        return plurals[-1] if plurals else None
    if bare and plurals:
        return plurals[-1]
    return nouns[-1] if nouns else None


def _oblique(doc: Sentence, k: int) -> bool:
    """Is the noun at ``k`` the object of a preposition ("on the floor"), or a noun owned by one ("for his
    sister's garden") or in an "of" phrase after one ("at the top of a tree")?"""
    if nounphrase.oblique(doc, k):
        return True
    j = k - 1
    while j > 0 and doc[j].tag_ in MODIFIERS:
        j -= 1
    if j > 0 and doc[j].tag_ == "POS":
        return _oblique(doc, j - 1)  # the owner's place ("his sister's")
    of = nounphrase.preposition(doc, k)  # (any other preposition made it oblique above)
    return of is not None and of.i > 0 and doc[of.i - 1].tag_ in ("NN", "NNS") and _oblique(doc, of.i - 1)


def _body_part_of(doc: Sentence | None, m: Mention) -> bool:
    """Is the noun a body part after a possessive ("her toes", "his face"): a part of someone, not a thing
    a "one" replaces?"""
    return (
        doc is not None
        and senses.lexname(m.lemma) == "noun.body"
        and nounphrase.determiner(doc, m.token) in nounphrase.POSSESSIVE
    )


def _mass(doc: Sentence | None, m: Mention) -> bool:
    """Is the noun a singular with a mass noun's determiner or none, and no numeral ("She drank milk.",
    "much money"; not "one old cart"), or a verbal noun of an act ("took her shopping"): not a count noun,
    which "one" stands for (Quirk et al. 1985, chs 12, 17)?"""
    if doc is None or m.plural:
        return False
    if m.lemma.endswith("ing") and senses.lexname(m.lemma) == "noun.act":
        return nlp.lemma(m.lemma, "v") not in (None, m.lemma)
    if nounphrase.determiner(doc, m.token) not in MASS:
        return False
    front = doc[m.token - len(nounphrase.phrase_words(doc, m.token)) : m.token]
    return not any(
        t.tag_ == "CD" or t.pos_ == "SPACE" for t in front
    )  # (a line break may part "his umbrella")
