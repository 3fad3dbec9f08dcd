"""Reference: third-person pronouns pointing back to a noun phrase (demonstratives: cohesion.demonstrative).

Personal pronouns link to the nearest earlier sentence holding a compatible noun phrase: number, known gender
for he/she (gendered nouns, name genders guessed from the text), "they/them/their" for persons, coordinated
names or a plural name whose last word names persons ("the Stone Saints", not "the Jade Mountains"), and for
a plural thing of the previous sentence only a "them" that is a verb's object, not of a verb whose object
is mostly a person ("She washed the cups. She dried them.", not "... told them"), or a "they" that opens
its sentence where the thing was the subject and only plural phrase ("The bees flew home. They ..."; other
links to plural things were mostly wrong, meaning people named nearby: 6 of 30 right on the dev chapters),
"it" only
for a non-person noun of the previous sentence, and never an "it" that names no noun
(:func:`cohesion.pleonastic.names_no_noun`: dummy "it", idioms, "It was ..." of a situation, "He said it as if
..."). Not antecedents: vocatives inside quoted speech, speaker labels ("Visitor: ..."), predicate nouns ("Is
that your father?" / "He's not.", "became a hero", "turned the prince into a frog", "was one of the guards"),
nouns of a simile ("shouted like a madman"), units and amounts ("ninety dollars"), quantified or generic nouns
("any woman", "Man is mortal"), the owner in "Anna's husband" and, for a pronoun inside quoted speech, the
speaker of a quote (a third-person pronoun in speech is someone else; the narrated subject just before speech
is its speaker while the speech runs on, over several sentences, unless the quote carries a tag of its own).
Speech runs on into a sentence with no quote mark when the last earlier quote mark opened a quote ("'Hurry! /
When she ..."; he/she only). The look-back of a he/she in speech takes no noun phrase from the sentence naming
the speech's speaker or before it (the one spoken to, the speaker's own scene), only a chain of pronouns in
speech. A definite "the person", a generic noun with no mention of its own, names someone of unknown gender;
a person noun of unknown gender that heads its sentence's subject is of the gender of the first subject
pronoun after it there ("The band leader left because he was ill. He ...").
Tuned for precision, nothing is emitted when the sentence holds two different compatible phrases, neither its
subject nor the subject's owner ("Anna's plan"), or a person whom the pronoun may mean but whose gender is
unknown (a singular name of unknown gender, not one ending in an English word that names no person: "Crimson
Explosion", nor a name standing alone with punctuation in its sentence: "Peng!", a sound; "the teacher", a
speaker label; before the pronoun in its own sentence too; in an earlier sentence
whose subject is of the pronoun's gender, that subject is taken: "Tomas thanked Wu Jin. He ..."), when the
antecedent would be a person of unknown gender owned by a pronoun of the class ("her driver ... she": the
driver, or the one "her" means), when any noun or name precedes the pronoun in its own sentence, when the
antecedent is named again after a subject or reflexive pronoun in its sentence ("He gave Anna a look"; not
after an owner or object: "As the rain soaked her coat, Anna ..."), or when a pronoun of the same class is the
closer link (a pronoun chain). An object pronoun (him, her, them; an "it" after a verb or preposition; the
owner of a predicate noun: "Tom was his driver") means someone other than its own clause's subject
("Clara handed her the key": not Clara; not after a preposition of place), so that subject neither is its
antecedent nor blocks the look-back; so are the persons named in the quote that a narrated pronoun tags
("'Why wait for Tom?' he cried.") and, for a subject right after an opening phrase with no
finite verb, those named in that phrase that are no clause's subject ("Compared to Tom, he ..."). Passing over a sentence is allowed only when it cannot hold the
referent (no such person, no plural noun but a predicate noun for "they": "one of the guards"); a link
three or more sentences back must end on that sentence's topic, its subject or the subject's owner ("Peter's bus ..."). A narrated he/she with no name
before it in its sentence passes over sentences wholly in quoted speech uncounted (a long quote or inner
speech between a person and the pronoun). A he/she/they that is a subject,
looking back at a sentence whose main clause has a pronoun of its class for subject, takes that pronoun's
antecedent (so does a he/she of any form where all it may mean there are person nouns of unknown gender:
"He argued with a stranger. After a while his ..."), never a phrase named after it ("Tom was tired. He thanked the old man. He went home.": Tom; nor
a person of unknown gender named after it: "He told Wu Jin to wait. He ..."; nor one named in a phrase
that opens the sentence before it: "After meeting Tom, he left. He ..."), or nothing when the antecedent cannot be inherited as below. A he/she whose look-back reaches an earlier linked
he/she (both in narration or both in speech) with nothing it may mean in between takes that pronoun's
antecedent (subject to the same rule, but a name need not be a subject where no person noun of unknown gender
stands between: "the leader"), so a chain goes on past a gap counted from its last pronoun; so does an
"it" or a "they" (whose inherited antecedent must still agree at that distance: a "they" further back is a
person). The subject of a sentence that opens with a subordinate clause ("Before he could ..., the kettle
...") is sought after the clause's comma. Names are persons only where the chapter does not show them to be
places or organisations (:func:`cohesion.gender.non_persons`). A title after a capitalised possessive ("His
Majesty", "Her Ladyship") names a person of the possessive's gender; the possessive of a title is no pronoun
("their ladyships" too). Each pronoun is a candidate of its own: a later pronoun of a linked pronoun's class
in the same sentence names the same referent ("She put down her bag"), unless it is the object of a clause
whose subject is a pronoun of its class ("He thanked him", "she said he paid him"; not after a preposition of
place: "the lamp above her"), someone it may mean is named between the two and after the class's last
linked pronoun ("He feared Tom, and if he lost, his ...": the later "he" takes over), but for the subject
after a verbless opening phrase ("Holding his brother's hand, he ...") (and a subject after a first
subject goes on past phrases that are no clause's subject: "He told Tom to wait while he ...", not "... that
he ..."), only one of them is in quoted speech, or it is a subject or an owner after a first object that
passed over its clause's subject ("Clara had not seen her, for she ...": Clara may be back). After a
semicolon, a later pronoun whose class's first pronoun has no link (its antecedent named in its own clause)
links to the clause before as a first pronoun would, when that antecedent comes before the first pronoun
("Tom, as he said, was tired; he went home"). A he/she in a phrase that opens the sentence up to its first
comma, before a subject of its gender ("Sitting on his bed, Tom ...", "As she spoke, Anna ..."), means that
subject: it links to the subject's nearest earlier mention (or a chain's pronoun that names it), or to
nothing. The aligned Chinese is recorded as evidence (:func:`cohesion.zh.pronoun`)."""

from __future__ import annotations

from collections.abc import Iterator

from cohesion.tagged import Sentence, Word

from cohesion import (
    antecedents,
    clause,
    demonstrative,
    descriptions,
    lookback,
    pronoun_clause,
    pronouns,
    repetition,
    same_sentence,
    speech,
)
from cohesion.antecedents import DEFINITE, Phrases
from cohesion.candidate import Candidate
from cohesion.chapter import WINDOW, Chapter
from cohesion.lookback import CHAIN_WINDOW, Links
from cohesion.mentions import Mention
from cohesion.pleonastic import names_no_noun
from cohesion.pronouns import PRONOUN_CLASS, SUBJECT_FORMS
from cohesion.speech import spoken


def find(ch: Chapter) -> Iterator[Candidate]:
    seen_phrases: dict[int, Phrases] = {}
    linked: Links = {}
    for j, doc in enumerate(ch.docs):
        if doc is None:
            continue
        first: dict[str, tuple[Word, Candidate | None]] = {}  # per class: its first pronoun and link
        last: dict[str, Word] = {}  # per class: its last linked pronoun
        for tok in doc:
            cls = PRONOUN_CLASS.get(tok.lower_) if tok.tag_ in ("PRP", "PRP$") else None
            if cls is None or pronouns.honorific(doc, tok.i):
                continue  # ("His Majesty": a title, not a pronoun)
            if cls in first:
                earlier, link = first[cls]
                if link is not None:
                    later = same_sentence.later(ch, j, earlier, last[cls], link, tok, cls, seen_phrases)
                else:
                    later = same_sentence.next_clause(ch, j, earlier, tok, cls, seen_phrases)
                    if later:
                        first[cls] = (tok, later)
                if later:
                    last[cls] = tok
                    yield later
                continue
            first[cls] = (tok, None)
            if cls == "n" and names_no_noun(doc, tok.i):
                continue
            found = _personal(ch, j, tok, cls, seen_phrases, linked)
            if found:
                first[cls] = (tok, found)
                last[cls] = tok
                yield found
        yield from demonstrative.find_at(ch, j)


def _personal(
    ch: Chapter,
    j: int,
    tok: Word,
    cls: str,
    seen: dict[int, Phrases],
    linked: Links,
) -> Candidate | None:
    """The link of a personal pronoun (noted in ``linked``, the links made so far)."""
    in_speech = spoken(ch.sentences[j], tok.idx) or (cls in ("m", "f") and speech.runs_on(ch, j, tok.idx))
    subject = _opening_subject(ch, j, tok, cls, seen)
    if subject is not None:
        return _named_before(ch, j, tok, cls, subject, in_speech, seen, linked)
    own = [m for m in antecedents.in_sentence(ch, j, j, in_speech, cls, seen) if m.token < tok.i]
    agreeing = [m for m in own if pronouns.agreeing(m, cls, ch)]
    others: set[str] = set()  # what the pronoun cannot mean: its own clause's subject
    if agreeing and (
        pronoun_clause.clause_subject_only(ch.docs[j], tok, agreeing)
        or pronoun_clause.set_apart(ch, j, tok, agreeing, in_speech)
    ):
        others, agreeing = {m.lemma for m in agreeing}, []  # "Anna handed her the key": not Anna
    if agreeing:  # the antecedent is in the pronoun's own sentence (agreeing nouns only block)
        return same_sentence.clause_link(ch, j, tok, cls, own, agreeing)
    doc = ch.docs[j]
    if any(
        m.token < tok.i
        and pronouns.unknown_name(m, cls, ch, doc)
        and not pronoun_clause.clause_subject_only(doc, tok, [m])
        and not pronoun_clause.set_apart(ch, j, tok, [m], in_speech)
        for m in antecedents.sentence_phrases(ch, j, seen)[0]
    ):
        return None  # a person of unknown gender named before it ("Anna saw Wu Jin nod. He ..."), as below
    chain = True  # every sentence passed over so far holds a pronoun of the same class
    framed_speech = False  # the look-back of a he/she in speech has reached its speaker's sentence
    things = cls == "pl" and pronouns.object_them(
        ch.docs[j], tok
    )  # may mean a plural thing of the previous sentence
    for i, d in lookback.sentences(ch, j, cls, lookback.passes_speech(ch.docs[j], tok, cls, in_speech)):
        doc = ch.docs[i]
        if d > WINDOW and not chain:
            return None
        phrases = antecedents.in_sentence(ch, i, j, in_speech, cls, seen)
        everyone, framed, referring, _ = antecedents.sentence_phrases(ch, i, seen)
        framed_speech = framed_speech or (
            in_speech and cls in ("m", "f") and any(speech.speaker(ch, i, j, m) for m in referring)
        )  # from the sentence naming the speech's speaker on, only a chain of pronouns in speech goes on
        compatible = [
            m
            for m in phrases
            if (
                pronouns.compatible(m, cls, ch, things and j - i == 1)
                or pronouns.shown(m, cls, ch, doc, everyone)
            )
            and m.lemma not in others
        ]
        unknown = [m for m in everyone if pronouns.unknown_name(m, cls, ch, doc)]
        if unknown and _names_only(doc, unknown):
            unknown = []  # "Peng!": a sound
        unknown += [m for m in framed if pronouns.compatible(m, cls, ch)]
        if (
            unknown
            and not (tok.lower_ in SUBJECT_FORMS and pronoun_clause.pronoun_subject(doc, cls, unknown))
            and clause.subject(doc, phrases) not in compatible
        ):
            return None  # a named person the pronoun may mean whose gender is unknown, or a speaker label
        if compatible and framed_speech:
            return None  # the one spoken to ("She urged Anna: 'Hurry! ... she ...'"), or someone before
        if (
            compatible
            and (tok.lower_ in SUBJECT_FORMS or pronouns.persons_of_unknown_gender(compatible, cls, ch))
            and pronoun_clause.pronoun_subject(doc, cls, compatible)
        ):  # "She hid the letter from Anna. She left.": the subject goes on, not the one named after it
            inherited = lookback.inherited(ch, i, j, cls, in_speech, seen, linked)
            return lookback.link_inherited(ch, j, tok, cls, inherited, in_speech, linked)
        if compatible:
            a = antecedents.choose(doc, phrases, compatible, cls, ch)
            if a is None or descriptions.amount(a) or lookback.named_again(ch, j, tok, a):
                return None  # ambiguous, an amount, or named in its sentence ("He gave Anna a look")
            if antecedents.owned_by_another(doc, a, cls, ch):
                return None  # "her driver ... she": the driver, or the one "her" means
            if d >= 3 and not chain and not antecedents.topic(doc, phrases, a):
                return None  # far back, only the topic of its sentence is a safe antecedent
            return lookback.link(ch, j, tok, cls, a, i, in_speech, linked)
        inherited = lookback.inherited(ch, i, j, cls, in_speech, seen, linked)
        if inherited is not None:  # the referent of the chain's last pronoun
            return lookback.link_inherited(ch, j, tok, cls, inherited, in_speech, linked)
        if cls == "n":
            return None  # "it" links to the previous sentence only
        if cls == "pl" and any(m.plural for m in referring):
            topic = antecedents.plural_topic(ch, i, j, tok, phrases, seen)
            if topic is not None:  # "The bees flew home. They ..."
                return lookback.link(ch, j, tok, cls, topic, i, in_speech, linked)
            return None  # "... and cars crumpled. Their doors ...": nothing is sought past plural things
        chain = chain and any(PRONOUN_CLASS.get(t.lower_) == cls for t in doc or ())
    return None


def _opening_subject(ch: Chapter, j: int, tok: Word, cls: str, seen: dict[int, Phrases]) -> Mention | None:
    """The subject of sentence ``j``'s main clause, when he/she ``tok`` is in a phrase that opens the
    sentence and ends at its first comma ("Sitting on his bed, Anna ...", "As he spoke, Tom ..."),
    that phrase names no one else the pronoun may mean, and the subject, a name or noun (after a
    determiner) right after the comma and before a verb, is a person of the pronoun's gender: the one
    the pronoun means."""
    doc = ch.docs[j]
    if cls not in ("m", "f") or doc is None or tok.i == 0 or spoken(ch.sentences[j], tok.idx):
        return None
    comma = next((t.i for t in doc[tok.i + 1 :] if t.text == ","), None)
    if comma is None or any(t.text in ',;:.!?"“”' for t in doc[:comma]):
        return None  # (no quote, and one sentence: an MT line may hold several)
    everyone = antecedents.sentence_phrases(ch, j, seen)[0]
    if any(m.token < comma and pronouns.agreeing(m, cls, ch) for m in everyone):
        return None
    m = next((m for m in everyone if m.token > comma), None)
    if m is None or m.plural or doc.span(comma + 1, m.token).lower() not in ("", *DEFINITE):
        return None
    k = next((t.i for t in doc[m.token :] if t.idx >= m.end), len(doc))
    if k == len(doc) or doc[k].pos_ not in ("VERB", "AUX", "ADV") or pronouns.gender_of(m, ch) != cls:
        return None
    return m


def _named_before(
    ch: Chapter,
    j: int,
    tok: Word,
    cls: str,
    subject: Mention,
    in_speech: bool,
    seen: dict[int, Phrases],
    linked: Links,
) -> Candidate | None:
    """The link of ``tok`` to the nearest earlier mention of ``subject``, its sentence's subject
    (:func:`_opening_subject`), by name, family name or noun (:func:`cohesion.repetition.same`), or to
    the antecedent of a chain's pronoun that names it; None when the look-back finds neither."""
    families = repetition.family_names(ch)
    for i in ch.back(j, CHAIN_WINDOW):
        named = [
            m
            for m in antecedents.in_sentence(ch, i, j, in_speech, cls, seen)
            if repetition.same(m, subject, families)
        ]
        if named:
            return lookback.link(ch, j, tok, cls, named[-1], i, in_speech, linked)
        chained = linked.get((i, cls))
        if chained is not None and repetition.same(chained[0], subject, families):
            return lookback.link(ch, j, tok, cls, chained[0], chained[1], in_speech, linked)
    return None


def _names_only(doc: Sentence | None, phrases: list[Mention]) -> bool:
    """Is the sentence the names ``phrases`` and punctuation alone ("Peng!", a sound written as a
    capitalised word)? Such a name, of unknown gender, does not stop the look-back of a he/she."""
    return doc is not None and all(
        not t.is_alpha or any(m.start <= t.idx < m.end for m in phrases) for t in doc
    )
