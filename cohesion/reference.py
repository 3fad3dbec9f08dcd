"""Reference: a third-person pronoun linked to the noun phrase it means (demonstratives:
:mod:`cohesion.demonstrative`). Tuned for precision: where the pronoun may as well mean someone else,
nothing is emitted.

Each pronoun is a candidate of its own. The first of each class (he, she, it, they:
:mod:`cohesion.pronouns`) in a sentence looks back (:mod:`cohesion.lookback`) at the nearest earlier
sentence holding a phrase that may be its antecedent (:mod:`cohesion.antecedents`) and agrees with it,
unless its place in its own clauses rules that phrase out (:mod:`cohesion.pronoun_clause`); later
pronouns of the class in the sentence name the same referent (:mod:`cohesion.same_sentence`). An "it"
that names no noun (:func:`cohesion.pleonastic.names_no_noun`: dummy "it", idioms, "It was ..." of a
situation) links nowhere unless a predicate noun classifies it and the sentence before is about a
thing (:func:`_kind_of_topic`), and a he/she in a phrase that opens its sentence means the subject after it
(:func:`_opening_subject`). The aligned Chinese is recorded as evidence (:func:`cohesion.zh.pronoun`)."""

from __future__ import annotations

from collections.abc import Iterator

from cohesion.tagged import Sentence, Word

from cohesion import (
    antecedents,
    clause,
    demonstrative,
    descriptions,
    lookback,
    nounphrase,
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
from cohesion.pleonastic import classifies, names_no_noun
from cohesion.pronouns import PRONOUN_CLASS, SUBJECT_FORMS
from cohesion.speech import spoken


def find(ch: Chapter) -> Iterator[Candidate]:
    """Each sentence's pronoun links, then its demonstratives (:func:`cohesion.demonstrative.find_at`)."""
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
                if not classifies(doc, tok.i):
                    continue
                found = _kind_of_topic(ch, j, tok, seen_phrases, linked)
            else:
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
    """The link of the first pronoun ``tok`` of its class in sentence ``j`` (noted in ``linked``, the
    links made so far), or None. Its own sentence may hold the antecedent, before a semicolon
    (:func:`cohesion.same_sentence.clause_link`); a phrase there that it may mean otherwise blocks the
    look-back (not a noun whose preposition's object it is: :func:`_complement_of`), as does a person of
    unknown gender it may mean, anywhere it looks, unless the sentence's subject agrees ("Tomas thanked
    Wu Jin. He ...": Tomas) or that person is the one the sentence before names (:func:`_lone_person`).
    The look-back passes over a sentence only when it cannot hold the referent (no such person; for
    "they" no plural noun but a predicate noun), and a link three or more sentences back must end on
    that sentence's topic. A subject pronoun does not mean one its own sentence names after it
    (:func:`cohesion.lookback.named_after_subject`): the choice goes to the others, or, where the
    sentence holds a pronoun of its class, to that pronoun's antecedent. In speech, a he/she takes no
    phrase from the sentence naming the speech's speaker or before it, only a chain of pronouns in
    speech, or one named in that sentence's quote where the narration there names no one it may mean
    (:func:`_all_quoted`). A he/she whose look-back gives up having reached only sentences that name no
    one it may mean goes on with the center (:func:`cohesion.lookback.continued`)."""
    in_speech = spoken(ch.sentences[j], tok.idx) or (cls in ("m", "f") and speech.runs_on(ch, j, tok.idx))
    subject = _opening_subject(ch, j, tok, cls, seen)
    if subject is not None:
        return _named_before(ch, j, tok, cls, subject, in_speech, seen, linked)
    own = [m for m in antecedents.in_sentence(ch, j, j, in_speech, cls, seen) if m.token < tok.i]
    agreeing = [m for m in own if pronouns.agreeing(m, cls, ch) and not _complement_of(ch.docs[j], m, tok)]
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
    quiet = lookback.quiet(ch, j, cls, seen, tok.i)  # no sentence reached names anyone it may mean
    start = j  # the last sentence the look-back reached
    framed_speech = False  # the look-back of a he/she in speech has reached its speaker's sentence
    # may mean a plural thing of the previous sentence
    things = cls == "pl" and pronouns.object_them(ch.docs[j], tok)
    for i, d in lookback.sentences(ch, j, cls, lookback.passes_speech(ch.docs[j], tok, cls, in_speech)):
        doc = ch.docs[i]
        if d > WINDOW and not chain:
            break
        start = i
        phrases = antecedents.in_sentence(ch, i, j, in_speech, cls, seen)
        everyone, framed, referring, _ = antecedents.sentence_phrases(ch, i, seen)
        names_speaker = (
            in_speech
            and cls in ("m", "f")
            and not framed_speech
            and any(speech.speaker(ch, i, j, m) for m in referring)
        )  # from the sentence naming the speech's speaker on, only a chain of pronouns in speech goes on
        framed_speech = framed_speech or names_speaker
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
            lone = _lone_person(ch, i, j, tok, cls, unknown, phrases, compatible)
            if lone is not None:
                return lookback.link(ch, j, tok, cls, lone, i, in_speech, linked)
            return None  # a named person the pronoun may mean whose gender is unknown, or a speaker label
        if compatible and framed_speech and not (names_speaker and _all_quoted(ch.sentences[i], compatible)):
            return None  # the one spoken to ("She urged Anna: 'Hurry! ... she ...'"), or someone before
        if (
            compatible
            and (tok.lower_ in SUBJECT_FORMS or pronouns.persons_of_unknown_gender(compatible, cls))
            and pronoun_clause.pronoun_subject(doc, cls, compatible)
        ):  # "She hid the letter from Anna. She left.": the subject goes on, not the one named after it
            inherited = lookback.inherited(ch, i, j, cls, in_speech, seen, linked)
            return lookback.link_inherited(ch, j, tok, cls, inherited, in_speech, linked)
        if compatible:
            a = antecedents.choose(doc, phrases, compatible, cls, ch)
            free = [m for m in compatible if not lookback.named_after_subject(ch, j, tok, m)]
            if len(free) < len(compatible) and a not in free:  # "She ran to Anna.": not Anna
                if free and any(PRONOUN_CLASS.get(t.lower_) == cls for t in doc or ()):
                    inherited = lookback.inherited(ch, i, j, cls, in_speech, seen, linked)
                    return lookback.link_inherited(ch, j, tok, cls, inherited, in_speech, linked)
                compatible, a = free, antecedents.choose(doc, phrases, free, cls, ch) if free else None
        if compatible:
            if a is None or descriptions.amount(a) or (cls == "n" and descriptions.quality(a)):
                return None  # ambiguous, an amount, or for "it" a quality ("its size")
            if lookback.named_again(ch, j, tok, a):
                return None  # named in its sentence ("He gave Anna a look")
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
        quiet = quiet and lookback.quiet(ch, i, cls, seen)
    if not quiet:
        return None
    continued = lookback.continued(ch, start, j, cls, in_speech, seen, linked)  # the center goes on
    return lookback.link_inherited(ch, j, tok, cls, continued, in_speech, linked)


def _kind_of_topic(
    ch: Chapter, j: int, tok: Word, seen: dict[int, Phrases], linked: Links
) -> Candidate | None:
    """An "it" that a predicate noun classifies ("It was an old one.") means what the sentence before
    is about: its subject, where the look-back finds that ("The lamp fell over."), or else the thing
    its last noun phrase brings in with "a" ("She found a lamp."); otherwise it names no noun ("Mara
    argued with the clerk. It was a silly quarrel.")."""
    if j == 0 or ch.docs[j - 1] is None:
        return None
    doc = ch.docs[j - 1]
    referring = antecedents.sentence_phrases(ch, j - 1, seen)[2]
    subject = clause.subject(doc, referring)
    found = _personal(ch, j, tok, "n", seen, linked)
    if found is not None and subject is not None and found.a == subject.at(j - 1):
        return found
    linked.pop((j, "n"), None)
    things = [m for m in referring if pronouns.compatible(m, "n", ch)]
    if things and things[-1] != subject and nounphrase.determiner(doc, things[-1].token) in ("a", "an"):
        return lookback.link(ch, j, tok, "n", things[-1], j - 1, spoken(ch.sentences[j], tok.idx), linked)
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


def _lone_person(
    ch: Chapter,
    i: int,
    j: int,
    tok: Word,
    cls: str,
    unknown: list[Mention],
    phrases: list[Mention],
    compatible: list[Mention],
) -> Mention | None:
    """The one person of unknown gender that sentence ``i``, the one right before the pronoun's, names
    (once or more), where that sentence is a clause, names no one else the pronoun may mean and holds
    no pronoun of its class, neither a group ("the Iron Guards"), nor after a possessive ("her dear
    Lucky"), nor on the other side of a quote from the pronoun: the one the pronoun means ("The talk
    turned to Wu Jin. Anna read his letters.")."""
    doc = ch.docs[i]
    if compatible or j - i != 1 or doc is None or len({m.text for m in unknown}) != 1:
        return None
    if not any(t.tag_ in clause.FINITE for t in doc):
        return None  # no clause: a signature, an exclamation
    if any(PRONOUN_CLASS.get(t.lower_) == cls for t in doc):
        return None
    if any(pronouns.agreeing(m, cls, ch) and m.text != unknown[0].text for m in phrases):
        return None
    if pronouns.group_name(unknown[0]):
        return None  # "the Iron Guards": a group
    named = [m for m in phrases if m.text == unknown[0].text]
    if not named or lookback.named_again(ch, j, tok, named[-1]):
        return None
    if nounphrase.determiner(doc, named[-1].token) in nounphrase.POSSESSIVE:
        return None  # "her dear Lucky": a pet name or a thing
    if spoken(ch.sentences[i], named[-1].start) != spoken(ch.sentences[j], tok.idx):
        return None  # one in quoted speech, the other not
    return named[-1]


def _all_quoted(text: str, phrases: list[Mention]) -> bool:
    """Are all of ``phrases`` inside quotes of their sentence ``text``: said in the speech whose speaker
    the sentence names ("She said: 'Show the fellow respect. ... he ...'"), not named by the narration
    around it ("She urged Anna: 'Hurry! ... she ...'")?"""
    return all(spoken(text, m.start) for m in phrases)


def _complement_of(doc: Sentence | None, m: Mention, tok: Word) -> bool:
    """Is object pronoun ``tok`` the object of a preposition right after noun ``m`` ("a bite of it", "a
    man like him"), which it cannot mean? (Not an owner: "a tree with its leaves".)"""
    if doc is None or m.kind != "noun" or tok.tag_ != "PRP":
        return False
    k = next((t.i for t in doc[m.token :] if t.idx >= m.end), len(doc))
    return k < tok.i and all(t.pos_ == "ADP" or t.tag_ == "RP" for t in doc[k : tok.i])
