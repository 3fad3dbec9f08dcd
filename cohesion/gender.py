"""Guess the gender of character names: from a first-names list (``data/first_names.tsv``, US
Census first names), else from the chapter itself.

Chapter evidence per name: an honorific in front of it (Mr., Miss, Young Master ...), a possessive or
reflexive pronoun in a participle or adjective phrase that opens the sentence right before the name and its
comma ("Sitting on his bed, Anna ..."), and the first gendered
pronoun after it that may be the name's (:func:`own_pronoun_gender`) when the sentence (or one of
the next two sentences, up to the first mention of a person, outside quoted speech) mentions no other name
and has no gendered pronoun before it, and the name is in a clause (the sentence has a verb), neither
quoted (a vocative) nor inside a prepositional phrase ("In a city like Rovena, ..." says nothing about
Rovena's gender), nor owned by the speaker ("my little Lantern": a pet name or a thing).
A sentence naming two persons, one before its first verb and one after, votes too when the next
sentence names no one and refers to both by pronouns of two genders, its first a subject ("Anna thanked
Tomas. Then she kissed him."). When one of the two has a gender, the other takes the other gender from
the next sentence's first pronoun, a subject of that gender ("Tomas read Wu Mei's letter twice. She
wrote well."; :func:`_eliminated`). A name gets a gender when at least two thirds of its votes agree, and never
when the chapter shows it is not a person (:func:`non_persons`). A one-word name and the one two-word name it ends ("Mei",
"Wu Mei") share a gender that only one of them shows. Person nouns of unknown gender ("the director") get
the gender their own pronouns show elsewhere in the chapter (:func:`noun_genders`).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from functools import cache

from cohesion.tagged import Sentence, Word

from cohesion import clause, lexicon, nlp, nounphrase, senses
from cohesion.mentions import Mention, opens
from cohesion.nounphrase import PLACE_OR_GOAL
from cohesion.speech import spoken

PRONOUN_GENDER = {  # the gendered third-person pronouns (cohesion.pronouns.PRONOUN_CLASS has them all)
    **dict.fromkeys(("he", "him", "his", "himself"), "m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "f"),
}
FOLLOW = 2  # how many following sentences may show a name's pronoun
SPEAKERS_OWN = frozenset(("my", "your", "our"))  # first- and second-person possessives
# Prepositions that put a (non-possessive) name in a place role: "in Talbury", "along Fenwick Road".
# Left out, as they take persons as readily: "looked at / turned to / ran into Anna Berg", "towards
# Anna", and "on" and "from".
PERSON_GOALS = frozenset("at to into toward towards".split())
PLACE_PREPOSITIONS = (PLACE_OR_GOAL - PERSON_GOALS) | {"throughout", "along", "across"}
# Days and the months that are no first names ("April", "May", "June" and "August" are): never persons.
CALENDAR = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday "
    "january february march july september october november december".split()
)
TIME_BEFORE = frozenset(
    "last next every early late mid".split()
)  # words that make the name after them a time
# Verbs of travel whose "to" puts a name in a place role ("headed to Baishuitan"); not "ran/came/turned to",
# which take persons as often ("ran to Anna").
TRAVEL = frozenset(
    "go goes went gone going head heads headed heading drive drives drove driven driving fly flies flew "
    "flown flying travel travels travelled traveled travelling traveling move moves moved moving sail "
    "sails sailed sailing".split()
)


def name_genders(
    docs: list[Sentence | None], mentions: list[list[Mention]], things: set[str] | None = None
) -> dict[str, str]:
    """Name -> "m" | "f" (``things``: the chapter's :func:`non_persons`, computed when not given)."""
    votes: dict[str, Counter] = defaultdict(Counter)
    things = non_persons(docs, mentions) if things is None else things
    named = [[m for m in found if m.kind == "name"] for found in mentions]  # per sentence
    for i, (doc, names) in enumerate(zip(docs, named)):
        if not names:
            continue  # (most sentences name no one: nothing below can vote)
        for m in names:
            if (m.title, "title") in lexicon.genders():
                votes[m.text][lexicon.genders()[m.title, "title"]] += 1
        if doc is not None and len({m.text for m in names}) > 1:
            for m, gender in _relative_clause_genders(doc, names):
                votes[m.text][gender] += 1
            for m, gender in _pair_genders(docs, mentions, i, names):
                votes[m.text][gender] += 1
            names = _subject_among_places(doc, names, things)
        if doc is None or len({m.text for m in names}) != 1 or spoken(doc.text, names[0].start):
            continue
        if not any(t.pos_ in ("VERB", "AUX") for t in doc):
            continue  # a verbless label or list item ("Silver Lotus Kick, forty coins.")
        first = names[0].token
        if owns_person(doc, names[0]):
            continue  # "Anna's husband ... He": the pronoun may well be the husband's
        if first > 0 and doc[first - 1].pos_ == "ADP":
            continue  # "On Chatterly, ... She tapped on it": the name is not the topic
        if nounphrase.determiner(doc, first) in SPEAKERS_OWN:
            continue  # "My little Lantern glowed. She ...": a pet name, not the topic of her pronoun
        opening = _opening_owner(doc, first)
        if opening:  # "Sitting on his bed, Anna ...": the opening phrase is about its subject
            votes[names[0].text][opening] += 1
            continue
        if _first_pronoun_gender(doc[:first]):
            continue  # "He put the Copperleaf Vest on his shirt": the name is not the topic
        if _in_opening_participle(doc, first):
            continue  # "Seeing Anna, she smiled": the participle's subject, after it, is someone else
        gender = own_pronoun_gender(doc, first + 1)
        if gender is None and not _first_pronoun_gender(doc[first + 1 :]):
            gender = _next_pronoun_gender(docs, mentions, i)  # (not after "him": "Anna saw him. He ...")
        if gender:
            votes[names[0].text][gender] += 1
    genders = _majority(votes, things)
    listed = lexicon.first_names()
    for m in (m for names in named for m in names if m.text not in things):
        first = m.text.split()[0]
        if first in listed and not m.title:
            genders[m.text] = listed[first]
    eliminated: dict[str, set[str]] = defaultdict(set)
    for name, gender in _eliminated(docs, mentions, named, genders, things):
        eliminated[name].add(gender)
    genders.update(
        (name, found.pop()) for name, found in eliminated.items() if len(found) == 1 and name not in votes
    )  # (not against votes that gave no majority)
    return _shared(genders, {m.text for names in named for m in names} - things)


def _eliminated(
    docs: list[Sentence | None],
    mentions: list[list[Mention]],
    named: list[list[Mention]],
    genders: dict[str, str],
    things: set[str],
) -> Iterator[tuple[str, str]]:
    """(name, gender) of the other of the two persons a sentence names, one of them of known gender and
    no person noun beside them, when the next sentence's first pronoun, before anyone is named there and
    outside quoted speech, is a subject of the other gender that the sentence itself does not hold ("Tom
    read Wu Mei's letter twice. She wrote well."). ``named``: each sentence's names among ``mentions``."""
    for i in range(len(docs) - 1):
        doc, after = docs[i], docs[i + 1]
        persons = [m for m in named[i] if m.text not in things]
        if len(persons) < 2:
            continue  # (most sentences name fewer than two: the sets below are spared)
        names = {m.text for m in persons}
        known = [name for name in names if name in genders]
        if not doc or not after or len(names) != 2 or len(known) != 1:
            continue
        if any(spoken(doc.text, m.start) or owns_person(doc, m) for m in persons) or any(
            m.kind != "name" and senses.is_person(m.lemma) for m in mentions[i]
        ):
            continue
        pronoun = next(iter(_narrated_pronouns(after, mentions[i + 1])), None)
        if pronoun is None or pronoun.lower_ not in ("he", "she"):
            continue
        if pronoun.lower_ in (t.lower_ for t in doc) or PRONOUN_GENDER[pronoun.lower_] == genders[known[0]]:
            continue  # "Tom took Wu Mei's bag before she woke. She ...": someone else goes on
        yield (names - {known[0]}).pop(), PRONOUN_GENDER[pronoun.lower_]


def _shared(genders: dict[str, str], names: set[str]) -> dict[str, str]:
    """``genders`` with a person's one-word name ("Mei") and the two-word name whose last word it is
    ("Wu Mei": a Chinese given name, an English family name) given each other's gender, where that
    word ends no other two-word name of the chapter and the other has no gender of its own. (Not a first
    word: "Granny" of "Granny Bai" is a form of address for many.)"""
    longer: dict[str, list[str]] = defaultdict(list)
    for name in names:
        words = name.split()
        if len(words) == 2:
            longer[words[-1]].append(name)
    shared = dict(genders)
    for word, full in longer.items():
        if len(full) != 1 or word not in names:
            continue
        gender = genders.get(word) or genders.get(full[0])
        if gender and genders.get(word, gender) == genders.get(full[0], gender):
            shared[word] = shared[full[0]] = gender
    return shared


def _relative_clause_genders(doc: Sentence, names: list[Mention]) -> Iterator[tuple[Mention, str]]:
    """(name, gender) of each name followed by a relative clause, ", who ...", that holds a possessive or
    reflexive pronoun, up to the clause's next comma ("Anna, who had lost her key, ..."; not "him" or "her"
    as an object, someone else): the one pronoun evidence of a sentence that names several persons."""
    for m in names:
        k = next((t.i for t in doc if t.idx >= m.end), len(doc))
        if k + 1 < len(doc) and doc[k].text == "," and doc[k + 1].lower_ in ("who", "whose"):
            end = next((t.i for t in doc[k + 2 :] if t.text == ","), len(doc))
            own = [t for t in doc[k + 2 : end] if t.tag_ == "PRP$" or t.lower_ in ("himself", "herself")]
            gender = _first_pronoun_gender(own)
            if gender:
                yield m, gender


def _pair_genders(
    docs: list[Sentence | None], mentions: list[list[Mention]], i: int, names: list[Mention]
) -> Iterator[tuple[Mention, str]]:
    """(name, gender) of the two persons of sentence ``i``, one named before its first verb and one after,
    when the next sentence names no one and refers to both by pronouns of two genders, its first a
    subject: the subject goes on as the subject ("Anna thanked Tomas. Then she kissed him.")."""
    if len({m.text for m in names}) != 2 or i + 1 >= len(docs) or not docs[i + 1]:
        return
    doc, after = docs[i], docs[i + 1]
    verb = next((t.i for t in doc if t.pos_ in ("VERB", "AUX")), None)
    first = names[0]
    second = next(m for m in names if m.text != first.text)
    if verb is None or not first.token < verb < second.token or spoken(doc.text, first.start):
        return
    if any(m.kind == "name" or senses.is_person(m.lemma) for m in mentions[i + 1]):
        return
    pronouns = [t for t in after if t.lower_ in PRONOUN_GENDER and t.tag_ in ("PRP", "PRP$")]
    pronouns = [t for t in pronouns if not spoken(after.text, t.idx)]
    genders = {PRONOUN_GENDER[t.lower_] for t in pronouns}
    if len(genders) == 2 and pronouns[0].lower_ in ("he", "she"):
        subject = PRONOUN_GENDER[pronouns[0].lower_]
        yield first, subject
        yield second, "f" if subject == "m" else "m"


def _opening_owner(doc: Sentence, k: int) -> str | None:
    """The gender of a possessive or reflexive pronoun in a participle or adjective phrase that opens the
    sentence, set off by its first comma, right before name ``k`` ("Sitting on his bed, Anna ...",
    "Unable to hide her joy, Anna ...": the phrase is about the subject; not "Seeing him, Anna ...",
    someone else, nor "On her wedding day, Anna ...", perhaps another's)."""
    if k < 2 or doc[k - 1].text != "," or any(t.text in ",;:" for t in doc[: k - 1]):
        return None
    if doc[0].tag_ not in ("VBG", "VBN", "JJ"):
        return None
    return _first_pronoun_gender(
        [t for t in doc[: k - 1] if t.tag_ == "PRP$" or t.lower_ in ("himself", "herself")]
    )


def _in_opening_participle(doc: Sentence, k: int) -> bool:
    """Is word ``k`` inside a participial clause that opens the sentence ("Seeing Anna, she ...",
    "Observing that Anna was tired, he ...")?"""
    lead = next((t for t in doc if t.pos_ not in ("PUNCT", "SPACE")), None)
    if lead is None or lead.tag_ not in ("VBG", "VBN") or lead.i >= k:
        return False
    return all(t.text != "," for t in doc[lead.i : k]) and any(t.text == "," for t in doc[k + 1 :])


def _subject_among_places(doc: Sentence, names: list[Mention], things: set[str]) -> list[Mention]:
    """The one person named, when the sentence opens with that name and its other names are places or
    things ("Zhou Ming drove along Baishi Road until he was in Taoyuan County"); else ``names``."""
    persons = [m for m in names if m.text not in things]
    first = bool(persons) and opens(doc, persons[0].token)
    return persons if first and len({m.text for m in persons}) == 1 else names


def non_persons(docs: list[Sentence | None], mentions: list[list[Mention]]) -> set[str]:
    """Names the chapter shows to be places, organisations or things more often than persons.

    Thing evidence (names with an honorific never count): a day or month (``CALENDAR``); a name after a
    word that makes it a time (``TIME_BEFORE``: "last June", "every Easter"); a place or
    organisation head word in the name (``data/place_words.txt``: "Fenwick Road", "Block Nine"), a
    determiner or possessive in front ("the Grey Winter", "his Ledger"), both unless the name ends in a
    person noun ("the Guild Master"); a place preposition in front of a non-possessive name ("in
    Talbury"), or any preposition opening the sentence ("On Chatterly, ..."), an acronym of three or more
    capitals ("NASA"), a name after a name and "of" ("the Academy of Sciences") or after a verb of travel
    and "to" ("headed to Baishuitan"). Person evidence: the name directly before a verb ("Anna laughed").
    A name is a thing when its thing evidence is at least its person evidence ("As Anna left ..." alone
    does not make Anna a place).
    """
    things: Counter = Counter()
    persons: Counter = Counter()
    for doc, names in zip(docs, mentions):
        for m in names:
            if doc is None or m.kind != "name" or m.title:
                continue
            words = m.text.lower().split()
            head_is_person = senses.is_person(nlp.lemma(words[-1], "n") or words[-1])
            before = doc[m.token - 1] if m.token > 0 else None
            after = doc[m.token + len(words)] if m.token + len(words) < len(doc) else None
            possessive = doc.text[m.end : m.end + 2] in ("'s", "’s")
            if (
                words[-1] in CALENDAR  # "on a rainy Tuesday"
                or (before is not None and before.lower_ in TIME_BEFORE)  # "last June", "every Easter"
                or (not head_is_person and any(w in lexicon.words("place_words.txt") for w in words))
                or (not head_is_person and before is not None and before.tag_ in ("DT", "PRP$"))
                or (before is not None and before.lower_ in PLACE_PREPOSITIONS and not possessive)
                or (m.token == 1 and before is not None and before.pos_ == "ADP" and not possessive)
                or (len(m.text) > 2 and m.text.isupper())  # an acronym: "NASA", "COBE"
                or (before is not None and before.lower_ == "of" and doc[m.token - 2].pos_ == "PROPN")
                or (before is not None and before.lower_ == "to" and doc[m.token - 2].lower_ in TRAVEL)
            ):
                things[m.text] += 1
            elif after is not None and after.pos_ == "VERB":
                persons[m.text] += 1
    return {name for name, n in things.items() if n >= persons[name]}


def noun_genders(docs: list[Sentence | None], mentions: list[list[Mention]]) -> dict[str, str]:
    """Lemma -> gender of the chapter's singular person nouns of unknown gender ("leader", "director"),
    voted where one, with "the", heads a narrated sentence's subject: by the first own pronoun after it
    when a he/she ("The director said he ..."), or, where the sentence has no gendered pronoun and
    names no other person, by the next sentence's first narrated pronoun when a he/she ("The director
    yelled. He ..."). A lemma gets a gender when at least two thirds of its votes agree."""
    votes: dict[str, Counter] = defaultdict(Counter)
    for i, (doc, found) in enumerate(zip(docs, mentions)):
        subject = _person_noun_subject(doc, found)
        if doc is None or subject is None:
            continue
        pronoun = next((doc[k] for k, _ in own_pronouns(doc, subject.token + 1)), None)
        alone = not any(m is not subject and (m.kind == "name" or senses.is_person(m.lemma)) for m in found)
        if pronoun is None and alone and surely_person(subject.lemma) and not _first_pronoun_gender(doc):
            after = docs[i + 1] if i + 1 < len(docs) else None
            pronoun = next(iter(_narrated_pronouns(after, mentions[i + 1])), None) if after else None
        if pronoun is not None and pronoun.lower_ in ("he", "she"):
            votes[subject.lemma][PRONOUN_GENDER[pronoun.lower_]] += 1
    return _majority(votes, set())


def _person_noun_subject(doc: Sentence | None, found: list[Mention]) -> Mention | None:
    """The sentence's subject when it is a narrated singular person noun of unknown gender after "the"."""
    subject = clause.subject(doc, found)
    if doc is None or subject is None or subject.kind != "noun" or subject.plural:
        return None
    if noun_gender(subject.lemma) or not senses.is_person(subject.lemma):
        return None
    if nounphrase.determiner(doc, subject.token) != "the" or spoken(doc.text, subject.start):
        return None
    return subject


SEXES = {"male.n.02": "m", "female.n.02": "f"}  # WordNet's male and female persons


@cache
def noun_gender(lemma: str) -> str | None:
    """The gender a person noun fixes: from the list of gendered nouns (``data/gendered_nouns.tsv``), else
    where the noun's most frequent WordNet sense is a kind of male or female person, up to four links
    above it ("fellow", "lass"; not "child", "teacher")."""
    listed = lexicon.genders().get((lemma, "noun"))
    if listed or not senses.is_person(lemma):
        return listed
    found = senses.above(senses.senses(lemma, "n", 1)[0], 4)
    return next((g for name, g in SEXES.items() if name in found), None)


@cache
def surely_person(lemma: str) -> bool:
    """A noun whose two most frequent senses are persons ("driver", "guard"; not "host", a crowd too)."""
    first = senses.senses(lemma, "n", 2)
    return bool(first) and all(s.lexname == "noun.person" for s in first)


def _majority(votes: dict[str, Counter], excluded: set[str]) -> dict[str, str]:
    """Key -> the gender of at least two thirds of its votes, for the keys not ``excluded``."""
    found = {}
    for key, count in votes.items():
        gender, n = count.most_common(1)[0]
        if 3 * n >= 2 * sum(count.values()) and key not in excluded:
            found[key] = gender
    return found


def owns_person(doc: Sentence, m: Mention) -> bool:
    """Is the name the possessor of a person noun ("Anna's husband")?"""
    if doc.text[m.end : m.end + 2] not in ("'s", "’s"):
        return False
    head = next((t for t in doc[m.token + len(m.text.split()) :] if t.tag_ in ("NN", "NNS")), None)
    return head is not None and _owned_person(nlp.lemma(head.text, "n") or head.lower_)


def _owned_person(lemma: str) -> bool:
    """Is the noun a person and no part of the body as well ("husband"; not "pupils", of the eye too,
    which a person's name owns as often)?"""
    return senses.is_person(lemma) and all(s.lexname != "noun.body" for s in senses.senses(lemma, "n"))


def _next_pronoun_gender(docs: list[Sentence | None], mentions: list[list[Mention]], i: int) -> str | None:
    """The first gendered pronoun in the next ``FOLLOW`` sentences, up to the first mention of a name or
    a person noun ("Anna bought a coat. The shop was busy. She paid."; "Anna left. She told Tom ...")."""
    for k in range(i + 1, min(i + 1 + FOLLOW, len(docs))):
        doc = docs[k]
        persons = any(m.kind == "name" or senses.is_person(m.lemma) for m in mentions[k])
        gender = _first_pronoun_gender(_narrated_pronouns(doc, mentions[k])) if doc else None
        if gender or persons:
            return gender
    return None


def _narrated_pronouns(doc: Sentence, found: list[Mention]) -> list[Word]:
    """The sentence's gendered pronouns outside quoted speech before its first mention (``found``) of a
    name or a person noun."""
    cut = min((m.token for m in found if m.kind == "name" or senses.is_person(m.lemma)), default=len(doc))
    return [
        t
        for t in doc[:cut]
        if t.lower_ in PRONOUN_GENDER and t.tag_ in ("PRP", "PRP$") and not spoken(doc.text, t.idx)
    ]  # (the costly speech test only for pronouns)


def _first_pronoun_gender(tokens: Sentence | list[Word]) -> str | None:
    for tok in tokens:
        if tok.lower_ in PRONOUN_GENDER and tok.tag_ in ("PRP", "PRP$"):
            return PRONOUN_GENDER[tok.lower_]
    return None


def own_pronoun_gender(doc: Sentence, start: int) -> str | None:
    """The first gendered pronoun from word ``start`` on (after a name) that may be the name's: objects
    (him, her) and possessives after a preposition mostly belong to someone else ("Tomas looked
    down at the tip of her nose"), "and her heart tightened" is the name's own."""
    return next((gender for _, gender in own_pronouns(doc, start)), None)


def own_pronouns(doc: Sentence, start: int = 0) -> Iterator[tuple[int, str]]:
    """(word index, gender) of each pronoun from word ``start`` on that :func:`own_pronoun_gender`
    may give."""
    for tok in doc[start:]:
        if tok.lower_ not in PRONOUN_GENDER or tok.tag_ not in ("PRP", "PRP$"):
            continue
        if tok.lower_ == "him" or (tok.lower_ == "her" and tok.tag_ == "PRP"):
            continue
        if tok.tag_ == "PRP$" and tok.i > 0 and doc[tok.i - 1].pos_ == "ADP":
            continue
        yield tok.i, PRONOUN_GENDER[tok.lower_]
