"""Reference: third-person pronouns pointing back to a noun phrase (demonstratives: cohesion.demonstrative).

Personal pronouns link to the nearest earlier sentence holding a compatible noun phrase: number, known gender
for he/she (gendered nouns, name genders guessed from the text), "they/them/their" for persons or coordinated
names, and for a plural thing of the previous sentence only a "them" that is a verb's object, not of a verb
whose object is mostly a person ("She washed the cups. She dried them.", not "... told them"; other links to
plural things were mostly wrong, meaning people named nearby: 6 of 30 right on the dev chapters), "it" only
for a non-person noun of the previous sentence, and never an "it" that names no noun
(:func:`cohesion.pleonastic.names_no_noun`: dummy "it", idioms, "It was ..." of a situation, "He said it as if
..."). Not antecedents: vocatives inside quoted speech, speaker labels ("Visitor: ..."), predicate nouns ("Is
that your father?" / "He's not.", "became a hero", "turned the prince into a frog", "was one of the workers"),
nouns of a simile ("shouted like a madman"), units and amounts ("ninety dollars"), quantified or generic nouns
("any woman", "Man is mortal"), the owner in "Anna's husband" and, for a pronoun inside quoted speech, the
speaker of a quote (a third-person pronoun in speech is someone else; the narrated subject just before speech
is its speaker while the speech runs on, over several sentences, unless the quote carries a tag of its own).
Speech runs on into a sentence with no quote mark when the last earlier quote mark opened a quote ("'Quick! /
After she ..."; he/she only). The look-back of a he/she in speech takes no noun phrase from the sentence
naming the speech's speaker or before it (the one spoken to, the speaker's own scene), only a chain of
pronouns in speech. A definite "the person", a generic noun with no mention of its own, names someone of
unknown gender. Tuned for precision, nothing is emitted when the sentence holds two different compatible
phrases, neither its subject nor the subject's owner ("Anna's plan"), or a person whom the pronoun may mean
but whose gender is unknown (a singular name of unknown gender, not one ending in an English word that
names no person: "Crimson Explosion"; "the teacher", a speaker label; before the pronoun in its own
sentence too), when any noun or name precedes the pronoun in its own sentence, or when a pronoun of the
same class is the closer link (a pronoun chain). An object pronoun (him, her, them; an "it" after a verb
or preposition) means someone other than its own clause's subject ("Clara handed her the key": not Clara;
not after a preposition of place), so that subject neither is its antecedent nor blocks the look-back. Passing over a sentence is allowed only
when it cannot hold the referent (no such person, no plural noun for "they"); a link three or more sentences
back must end on that sentence's subject. A he/she/they that is a subject, looking back at a sentence whose
main clause has a pronoun of its class for subject, takes that pronoun's antecedent, never a phrase named
after it ("Tom was tired. He thanked the old man. He went home.": Tom), or nothing when the antecedent cannot
be inherited as below. A he/she whose look-back reaches an earlier linked he/she (both in narration or both in
speech) with nothing it may mean in between takes that pronoun's antecedent (subject to the same rule), so a
chain goes on past a gap counted from its last pronoun; so does an "it" or a "they" (whose inherited
antecedent must still agree at that distance: a "they" further back is a person). The subject of a sentence
that opens with a subordinate clause ("Before he could ..., the kettle ...") is sought after the clause's
comma. Names are persons only where the chapter does not show them to be places or organisations
(:func:`cohesion.gender.non_persons`). A title after a capitalised possessive ("His Majesty", "Her Ladyship")
names a person of the possessive's gender; the possessive of a title is no pronoun ("their ladyships" too).
Each pronoun is a candidate of its own: a later pronoun of a linked pronoun's class in the same sentence names
the same referent ("She put down her bag"), unless it is the object of a clause whose subject is a pronoun of
its class ("He thanked him", "she said he paid him"; not after a preposition of place: "the lamp above her"),
someone it may mean is named between the two, only one of them is in quoted speech, or it is a subject or an
owner after a first object that passed over its clause's subject ("Clara had not seen her, for she ...": Clara
may be back). The aligned Chinese is recorded as evidence (:func:`cohesion.zh.pronoun`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from cohesion.tagged import Sentence, Word

from cohesion import lexicon, nounphrase, senses, zh
from cohesion.candidate import Candidate, Span
from cohesion.chapter import WINDOW, Chapter, quoted
from cohesion.gender import own_pronouns, owns_person, spoken
from cohesion.mentions import HONORIFICS, Mention
from cohesion import demonstrative
from cohesion.pleonastic import names_no_noun

PRONOUN_CLASS = {
    **dict.fromkeys(("he", "him", "his", "himself"), "m"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "f"),
    **dict.fromkeys(("it", "its", "itself"), "n"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), "pl"),
}
# Verbs that tag a quote with its speaker ("..., Anna said." / "Anna asked: ...").
SPEECH = frozenset(
    "say says said ask asks asked reply replies replied answer answered shout shouted cry cried "
    "whisper whispered murmur murmured mutter muttered tell told call called continue continued "
    "think thought jeer jeered protest protested exclaim exclaimed roar roared snap snapped yell yelled "
    "scream screamed grumble grumbled mumble mumbled laugh laughed sneer sneered retort retorted".split()
)
# Verbs whose object is mostly a person: "told them" after "the lights" means people, not the lights.
PERSON_OBJECT = frozenset(
    "tell tells told telling ask asks asked asking let lets letting allow allows allowed allowing know knows "
    "knew known knowing thank thanks thanked thanking remind reminds reminded reminding warn warns warned "
    "warning invite invites invited inviting greet greets greeted greeting persuade persuaded urge urged "
    "order ordered beg begged teach taught inform informed forgive forgave blame blamed help helps helped "
    "helping meet meets met meeting join joined lead leads led leading follow follows followed following "
    "call calls called calling".split()
)
SUBORDINATORS = frozenset(
    "when while before after as although though if because since once until whenever".split()
)
QUANTIFIERS = frozenset("any every each no all".split())
SIMILE_ARTICLES = frozenset(("a", "an", "the"))
OBJECT_FORMS = frozenset(("him", "her", "them"))  # (tagged PRP: "her" as an object, not an owner)
SUBJECT_FORMS = frozenset(("he", "she", "they"))
TITLE_POSSESSIVES = {"his": "m", "her": "f"}  # the gender of "His Majesty", "Her Ladyship"
# Plural forms of address: "their ladyships" is a title, in any case, not a pronoun and a noun.
PLURAL_HONORIFICS = frozenset("majesties highnesses ladyships lordships excellencies eminences".split())
FINITE = frozenset(("VBD", "VBZ", "VBP", "MD"))
PLACE = frozenset(
    "above below behind beside around about near within beneath under underneath inside before toward "
    "towards among".split()
)
QUOTE_MARK = re.compile(r"[\"“”‘’]|(?<!\w)'|'(?!\w)")
# A quote mark, not an apostrophe inside a word ("didn’t"): what may open or close a quote.
EDGE_QUOTE = re.compile(r"[\"“”‘]|(?<!\w)['’]|['’](?!\w)")
CHAIN_WINDOW = 10  # how far back he/she may reach while every sentence between holds one
BE_FORMS = frozenset("be is was are were been being am 's 're 'm".split())
BECOME = frozenset("become becomes became becoming".split())
# Verbs whose "into" names what something turns into ("turned the prince into a frog"): a result.
INTO_RESULT = frozenset(
    "turn turns turned turning transform transforms transformed transforming change changes changed "
    "changing convert converts converted converting morph morphs morphed morphing grow grows grew grown "
    "growing develop develops developed developing".split()
)
_DEFINITE = frozenset(("the", "this", "that"))
_ADDRESS_PREFIX = frozenset("little young old dear my poor".split())
_WORD = re.compile(r"\w+")
# A Chinese syllable as romanised in names (initial, final): loose, so that it takes every real one.
PINYIN_SYLLABLE = re.compile(
    r"(?:[zcs]h|[bpmfdtnlgkhjqxrzcsyw])?(?:i?ang|i?ong|uang|eng|ing|uan|ian|iao|uai|ai|ei|ao|ou|an|en|in|un|ua|uo|ui"
    r"|ia|ie|iu|er|[aoeiuv])"
)
_PREMODIFIERS = frozenset(("DT", "PRP$", "JJ", "JJR", "JJS", "CD", "NNP", "HYPH"))  # "the old", "Miss"
# Per sentence: its phrases, those that are vocatives or speaker labels, those that may refer, and
# the gender shown by its own pronoun of each of these that is a noun of unknown gender.
Phrases = tuple[list[Mention], list[Mention], list[Mention], dict[int, str | None]]
# the pronoun links made so far: (sentence, pronoun class) -> (antecedent, its sentence, pronoun in speech)
Links = dict[tuple[int, str], tuple[Mention, int, bool]]


def find(ch: Chapter) -> Iterator[Candidate]:
    seen_phrases: dict[int, Phrases] = {}
    linked: Links = {}
    for j, doc in enumerate(ch.docs):
        if doc is None:
            continue
        first: dict[str, tuple[Word, Candidate] | None] = {}  # per class: its first pronoun and link
        for tok in doc:
            cls = PRONOUN_CLASS.get(tok.lower_) if tok.tag_ in ("PRP", "PRP$") else None
            if cls is None or _honorific(doc, tok.i):
                continue  # ("His Majesty": a title, not a pronoun)
            if cls in first:
                earlier = first[cls]
                later = earlier and _later(ch, j, *earlier, tok, cls, seen_phrases)
                if later:
                    yield later
                continue
            first[cls] = None
            if cls == "n" and names_no_noun(doc, tok.i):
                continue
            found = _personal(ch, j, tok, cls, seen_phrases, linked)
            if found:
                first[cls] = (tok, found)
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
    in_speech = spoken(ch.sentences[j], tok.idx) or (cls in ("m", "f") and _running_speech(ch, j, tok.idx))
    own = [m for m in _antecedents(ch, j, j, in_speech, cls, seen) if m.token < tok.i]
    agreeing = [m for m in own if _agreeing(m, cls, ch)]
    others: set[str] = set()  # what the pronoun cannot mean: its own clause's subject
    if agreeing and _clause_subject_only(ch.docs[j], tok, agreeing):
        others, agreeing = {m.lemma for m in agreeing}, []  # "Anna handed her the key": not Anna
    if agreeing:  # the antecedent is in the pronoun's own sentence (agreeing nouns only block)
        return _clause_link(ch, j, tok, cls, own, agreeing)
    doc = ch.docs[j]
    if any(
        m.token < tok.i and _unknown_name(m, cls, ch, doc) and not _clause_subject_only(doc, tok, [m])
        for m in _sentence_phrases(ch, j, seen)[0]
    ):
        return None  # a person of unknown gender named before it ("Anna saw Wu Jin nod. He ..."), as below
    chain = True  # every sentence passed over so far holds a pronoun of the same class
    framed_speech = False  # the look-back of a he/she in speech has reached its speaker's sentence
    things = cls == "pl" and _object_them(ch.docs[j], tok)  # may mean a plural thing of the previous sentence
    for i in ch.back(j, CHAIN_WINDOW if cls in ("m", "f") else WINDOW):
        doc = ch.docs[i]
        if j - i > WINDOW and not chain:
            return None
        phrases = _antecedents(ch, i, j, in_speech, cls, seen)
        everyone, framed, referring, _ = _sentence_phrases(ch, i, seen)
        framed_speech = framed_speech or (
            in_speech and cls in ("m", "f") and any(_speaker(ch, i, j, m) for m in referring)
        )  # from the sentence naming the speech's speaker on, only a chain of pronouns in speech goes on
        compatible = [
            m for m in phrases if _compatible(m, cls, ch, things and j - i == 1) and m.lemma not in others
        ]
        if any(_unknown_name(m, cls, ch, doc) for m in everyone) or any(
            _compatible(m, cls, ch) for m in framed
        ):
            return None  # a named person the pronoun may mean whose gender is unknown, or a speaker label
        if compatible and framed_speech:
            return None  # the one spoken to ("She urged Anna: 'Quick! ... she ...'"), or someone before
        if compatible and tok.lower_ in SUBJECT_FORMS and _pronoun_subject(doc, cls, compatible):
            # "She hid the letter from Anna. She left.": the subject goes on, not the one named after it
            inherited = _inherited(ch, i, j, cls, in_speech, seen, linked)
            return _link_inherited(ch, j, tok, cls, inherited, in_speech, linked)
        if compatible:
            a = _choose(doc, phrases, compatible, cls, ch)
            if a is None or _amount(a) or any(m.lemma == a.lemma for m in ch.mentions[j]):
                return None  # ambiguous, an amount, or named in its sentence ("He gave Anna a look")
            if j - i >= 3 and not chain and a != _subject(doc, phrases):
                return None  # far back, only the topic of its sentence is a safe antecedent
            return _link(ch, j, tok, cls, a, i, in_speech, linked)
        inherited = _inherited(ch, i, j, cls, in_speech, seen, linked)
        if inherited is not None:  # the referent of the chain's last pronoun
            return _link_inherited(ch, j, tok, cls, inherited, in_speech, linked)
        if cls == "n":
            return None  # "it" links to the previous sentence only
        if cls == "pl" and any(m.plural for m in everyone):
            return None  # "... and cars crumpled. Their doors ...": nothing is sought past plural things
        chain = chain and any(PRONOUN_CLASS.get(t.lower_) == cls for t in doc or ())
    return None


def _later(
    ch: Chapter, j: int, first: Word, link: Candidate, tok: Word, cls: str, seen: dict[int, Phrases]
) -> Candidate | None:
    """A later pronoun of the class of sentence ``j``'s linked pronoun ``first`` names its referent too
    ("She put down her cup. Then she ..."; "He hugged her and carried her"; "she said the boy tricked
    her"), unless it is the object of a clause whose subject is a pronoun of its class ("He told him":
    another person; the subject is the last one before it, or ``first``; a preposition of place does not
    count: "he heard the noise above him"), someone it may mean is named between the two ("He met Tom
    and gave his ..."), one of them is in quoted speech and the other is not, or it is a subject or an
    owner after a ``first`` object that passed over its clause's subject ("Clara had not seen her, for she
    ...")."""
    if tok.lower_ in OBJECT_FORMS and tok.tag_ == "PRP" and not _around(ch.docs[j], tok.i):
        subject = _last_subject(ch.docs[j][first.i + 1 : tok.i]) or first
        if subject.lower_ in SUBJECT_FORMS and PRONOUN_CLASS[subject.lower_] == cls:
            return None  # the object of a clause whose subject is of its class: someone else
    text = ch.sentences[j]
    in_speech = spoken(text, tok.idx)
    if spoken(text, first.idx) != in_speech:
        return None
    phrases = _antecedents(ch, j, j, in_speech, cls, seen)
    between = [m for m in phrases if first.i < m.token < tok.i]
    if any(_agreeing(m, cls, ch) for m in between):
        return None
    if tok.lower_ in SUBJECT_FORMS or tok.tag_ == "PRP$":
        before = [m for m in phrases if m.token < first.i and _agreeing(m, cls, ch)]
        if before and _clause_subject_only(ch.docs[j], first, before):
            return None  # "Anna had not seen her, for she ...": the first passed over Anna, who may be back
    b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
    return Candidate("reference", "personal", link.a, b, tok.lower_, link.evidence, link.clauses)


def _clause_subject_only(doc: Sentence | None, tok: Word, agreeing: list[Mention]) -> bool:
    """Is ``tok`` an object pronoun (him, her, them; "it" after a verb or preposition) whose clause's
    subject is the only phrase of its sentence before it that it might mean? An object names someone
    other than its own clause's subject ("The cat pushed it off", "Anna handed her the key"), but for a
    preposition of place ("the noise around her")."""
    if doc is None or tok.tag_ != "PRP" or _around(doc, tok.i):
        return False
    if tok.lower_ == "it":  # an object, not the subject of what follows ("looked like it grew")
        if not tok.i or doc[tok.i - 1].pos_ not in ("VERB", "ADP") or doc[tok.i - 1].lower_ in ("like", "as"):
            return False
        if tok.i + 1 < len(doc) and doc[tok.i + 1].tag_ in FINITE:
            return False
    elif tok.lower_ not in OBJECT_FORMS:
        return False
    subject = _last_subject(doc[: tok.i])
    return subject is not None and all(m.start <= subject.idx < m.end for m in agreeing)


def _around(doc: Sentence, k: int) -> bool:
    """Is word ``k`` the object of a preposition of place ("the noise around her", "next to him"),
    which names the subject of its own clause as readily as anyone else (English uses no reflexive
    there)?"""
    before = doc[k - 1].lower_ if k else ""
    if before == "to":
        return k > 1 and doc[k - 2].lower_ == "next"
    if before == "of":
        return k > 1 and doc[k - 2].lower_ == "front"
    return before in PLACE


def _pronoun_subject(doc: Sentence | None, cls: str, named: list[Mention]) -> bool:
    """Is the subject of the sentence's main clause a pronoun of class ``cls`` ("At first she ..."), with
    every phrase of ``named`` after it?"""
    if doc is None:
        return False
    for t in doc[_main_clause(doc) :]:
        if t.pos_ in ("VERB", "AUX"):
            return False
        if t.tag_ == "PRP":
            return (
                t.lower_ in SUBJECT_FORMS
                and PRONOUN_CLASS[t.lower_] == cls
                and t.i < min(m.token for m in named)
            )
    return False


def _last_subject(words: list[Word]) -> Word | None:
    """The subject of the last clause that begins among ``words`` ("she said the man had tricked
    her"), if any: a nominative pronoun, or an "it" or a noun right before a finite verb."""
    for k in range(len(words) - 1, -1, -1):
        w = words[k]
        if w.tag_ == "PRP" and w.lower_ in nounphrase.NOMINATIVE:
            return w
        if (w.lower_ == "it" or w.tag_.startswith("NN")) and k + 1 < len(words):
            if words[k + 1].tag_ in FINITE:
                return w
    return None


def _link(
    ch: Chapter,
    j: int,
    tok: Word,
    cls: str,
    a: Mention,
    i: int,
    in_speech: bool,
    linked: Links,
) -> Candidate:
    """The candidate linking pronoun ``tok`` of sentence ``j`` to ``a`` of sentence ``i``, noted in
    ``linked``."""
    linked[j, cls] = (a, i, in_speech)
    b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
    return Candidate("reference", "personal", a.at(i), b, tok.lower_, zh.pronoun(ch.zh[j], cls, a.text))


def _link_inherited(
    ch: Chapter,
    j: int,
    tok: Word,
    cls: str,
    inherited: tuple[Mention, int] | None,
    in_speech: bool,
    linked: Links,
) -> Candidate | None:
    """The link of pronoun ``tok`` to the antecedent a chain hands on (``_inherited``), unless there is
    none, it is named again in the pronoun's sentence or it does not agree at this distance."""
    if inherited is None:
        return None
    a, at = inherited
    if any(m.lemma == a.lemma for m in ch.mentions[j]) or not _compatible(a, cls, ch):
        return None
    return _link(ch, j, tok, cls, a, at, in_speech, linked)


def _inherited(
    ch: Chapter,
    i: int,
    j: int,
    cls: str,
    in_speech: bool,
    seen: dict[int, Phrases],
    linked: Links,
) -> tuple[Mention, int] | None:
    """(antecedent, its sentence) of sentence ``i``'s linked pronoun of class ``cls``, which the look-back
    from such a pronoun of sentence ``j`` reached with nothing in between that it may mean: a chain of
    pronouns goes on naming whom its last link named, however far back that is ("Anna ... she ... she
    ...", the look-back window counted from the last pronoun). Both pronouns must be in narration or both
    in speech, and an antecedent three or more sentences back must be its sentence's subject, as for a
    direct link."""
    found = linked.get((i, cls))
    if found is None or found[2] != in_speech:
        return None
    a, at, _ = found
    if j - at >= 3 and a != _subject(ch.docs[at], _sentence_phrases(ch, at, seen)[0]):
        return None
    return a, at


def _clause_link(
    ch: Chapter, j: int, tok: Word, cls: str, own: list[Mention], agreeing: list[Mention]
) -> Candidate | None:
    """A pronoun whose antecedent is in the clause before a semicolon of its own sentence ("the
    bearers rocked the chair; the lining of their poles ...": adjacent clauses); None otherwise."""
    semicolon = ch.sentences[j].rfind(";", 0, tok.idx)
    if semicolon < 0 or any(m.start > semicolon for m in agreeing):
        return None
    a = _choose(ch.docs[j], [m for m in own if m.start < semicolon], agreeing, cls, ch)
    if a is None or _amount(a):
        return None
    b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
    return Candidate("reference", "personal", a.at(j), b, tok.lower_, clauses=True)


def _antecedents(
    ch: Chapter, i: int, j: int, in_speech: bool, cls: str, seen: dict[int, Phrases]
) -> list[Mention]:
    """Sentence ``i``'s noun phrases that may be the antecedent of a pronoun of sentence ``j``: not
    vocatives, speaker labels, predicate nouns, generic nouns, owners of a person ("Anna's husband"),
    the speaker of the quote the pronoun is in, nor, for "it" in speech, a noun of the narration."""
    _, _, referring, own = _sentence_phrases(ch, i, seen)
    return [
        m
        for m in referring
        if not (in_speech and i != j and _speaker(ch, i, j, m))
        and not (in_speech and cls == "n" and not spoken(ch.sentences[i], m.start))
        and not (cls == "n" and _in_phrase(ch.docs[i], m))
        and not (cls == "n" and m.kind == "name" and not _after_the(ch.sentences[i], m))
        and not (cls in ("m", "f") and m.kind == "noun" and own.get(m.token) not in (None, cls))
    ]


def _sentence_phrases(ch: Chapter, i: int, seen: dict[int, Phrases]) -> Phrases:
    """Sentence ``i``'s phrases (:func:`_phrases`), those that are vocatives or speaker labels, and
    those that may refer: not these, nor predicate nouns, generic nouns or owners of a person; kept
    in ``seen`` (many pronouns look back at one sentence)."""
    if i not in seen:
        doc = ch.docs[i]
        everyone = _phrases(doc, ch.mentions[i])
        frames = [_speech_frame(ch.sentences[i], m) for m in everyone]
        framed = [m for m, frame in zip(everyone, frames) if frame]
        referring = [
            m
            for m, frame in zip(everyone, frames)
            if not frame
            and not _predicate(doc, m)
            and not _simile(doc, m)
            and not _generic(doc, m)
            and not (doc is not None and owns_person(doc, m))
        ]
        seen[i] = (everyone, framed, referring, _own_genders(doc, referring))
    return seen[i]


def _choose(
    doc: Sentence | None, phrases: list[Mention], compatible: list[Mention], cls: str, ch: Chapter
) -> Mention | None:
    """The antecedent among a sentence's agreeing phrases: the only referent named (its last
    mention), else the one whose gender is known over persons of unknown gender ("the driver"),
    else the sentence's subject, else the owner of its subject ("Anna's plan"); None when still
    ambiguous."""
    if cls in ("m", "f"):
        known = [m for m in compatible if _gender(m, ch) == cls]
        compatible = known or compatible
    if cls == "pl":  # "them": persons before things
        persons = [m for m in compatible if m.kind != "noun" or senses.is_person(m.lemma)]
        compatible = persons or compatible
    if len({m.lemma for m in compatible}) == 1:
        return compatible[-1]
    subject = _subject(doc, phrases)
    if subject in compatible:
        return subject
    return _owner_of(doc, subject, compatible)


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


def _amount(m: Mention) -> bool:
    """A unit or an amount (WordNet's noun.quantity: "ninety dollars", "ten miles", "a bit"), which
    a pronoun seldom means: what is paid or counted is named again, not referred to."""
    return m.kind == "noun" and senses.lexname(m.lemma) == "noun.quantity"


def _in_phrase(doc: Sentence | None, m: Mention) -> bool:
    """Is the noun the object of a preposition ("put it in his mouth", "like home") or the modifier
    of another noun ("a sword energy")? Such nouns are seldom what a following "it" means."""
    if doc is None:
        return False
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in _PREMODIFIERS:
        k -= 1
    return (k >= 0 and (doc[k].pos_ in ("ADP", "SCONJ") or doc[k].tag_ == "IN")) or (
        m.kind == "noun" and nounphrase.modifier(doc, m.token)  # "a sword energy": "it" is the energy
    )


def _after_the(text: str, m: Mention) -> bool:
    """ "the Great Xia Dragonfinch": a name with an article names a thing "it" may mean."""
    return text[: m.start].rstrip().lower().endswith(("the", "this", "that"))


def _own_genders(doc: Sentence | None, phrases: list[Mention]) -> dict[int, str | None]:
    """Token -> the gender a noun of unknown gender shows by its own pronoun in its sentence ("The
    driver had to force himself ...": not a "she"), for the nouns among ``phrases``."""
    if doc is None:
        return {}
    nouns = [m.token for m in phrases if m.kind == "noun" and not lexicon.genders().get((m.lemma, "noun"))]
    pronouns = list(own_pronouns(doc)) if nouns else []  # each noun's: the first after it
    return {k: next((gender for i, gender in pronouns if i > k), None) for k in nouns}


def _unknown_name(m: Mention, cls: str, ch: Chapter, doc: Sentence | None) -> bool:
    """A named person whom he/she may mean but whose gender neither the names list nor the chapter shows
    (not a plural name: "the Stone Guardians", nor one named by a common noun: :func:`_common_noun_name`,
    nor the owner of a person in ``doc``, its sentence: "Wu Jin's wife")."""
    if cls not in ("m", "f") or m.kind != "name" or m.plural or (doc is not None and owns_person(doc, m)):
        return False
    return m.text not in ch.things and not _gender(m, ch) and not _common_noun_name(m)


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


def _head_word(m: Mention) -> str:
    """The last word of a name ("Great-Granddad": "Granddad", "Old Nanny": "Nanny")."""
    return m.text.replace("-", " ").split()[-1]


def _gender(m: Mention, ch: Chapter) -> str | None:
    """ "m" / "f" of a singular name (title, then the chapter's guess) or gendered noun."""
    if m.kind == "name":
        head = _head_word(m).lower()
        return (
            TITLE_POSSESSIVES.get(m.title)  # "Her Ladyship"
            or lexicon.genders().get((m.title, "title"))
            or ch.genders.get(m.text)
            or lexicon.genders().get((head, "title"))
            or lexicon.genders().get((head, "noun"))
        )
    genders = lexicon.genders()
    return genders.get((m.lemma, "noun")) or genders.get((m.lemma.split("-")[0], "noun"))  # "son-in-law"


def _generic(doc: Sentence | None, m: Mention) -> bool:
    """A quantified or generic noun ("any woman", "every child", "Man is mortal"): no referent. A bare
    relative written as a name ("Mom was tired.") has one."""
    if doc is None or m.kind != "noun":
        return False
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in ("JJ", "JJR", "JJS", "HYPH"):
        k -= 1
    if k >= 0 and doc[k].lower_ in QUANTIFIERS:
        return True
    bare = k < 0 or doc[k].tag_ not in ("DT", "PRP$", "POS", "CD", "PDT")
    generic = bare and not m.plural and senses.is_person(m.lemma)
    return generic and not (m.text[:1].isupper() and senses.is_kin(m.lemma))


def _predicate(doc: Sentence | None, m: Mention) -> bool:
    """A predicate noun ("She was a nurse.", "Is that your father?", "As a child, ..."): it describes,
    it is not a referent."""
    if doc is None or m.kind != "noun":
        return False  # "The person who came was Gabriel.": a name after "was" identifies a referent
    k = m.token - 1
    while k >= 0 and (doc[k].tag_ in _PREMODIFIERS or doc[k].tag_ == "RB"):
        k -= 1
    if k >= 0 and doc[k].lower_ == "as" and doc[k + 1].tag_ == "DT":
        return True  # "As a young maiden, she ...": a description, not a referent
    if k >= 0 and doc[k].lower_ == "into" and any(t.lower_ in INTO_RESULT for t in doc[max(k - 4, 0) : k]):
        return True  # "The witch turned him into a frog": what he became, not a referent
    if k >= 0 and doc[k].lower_ in BECOME:
        return True  # "He became a sailor."
    if k >= 2 and doc[k].lower_ == "of" and doc[k - 1].lower_ == "one":
        k -= 2  # "He was one of the workers": the group he belongs to describes him
    return k >= 0 and doc[k].lower_.replace("’", "'") in BE_FORMS and doc[k].tag_ not in ("VBG", "POS")


def _simile(doc: Sentence | None, m: Mention) -> bool:
    """A noun compared with in a simile ("shouted like a madman", "ran like the wind"): "like" as a
    preposition, then an article; it introduces no referent. Not a clause after "like" ("like the
    doctor said": the noun is its subject) nor a name or a possessive ("like his father": a referent)."""
    if doc is None or m.kind != "noun":
        return False
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in _PREMODIFIERS and doc[k].lower_ not in SIMILE_ARTICLES:
        k -= 1
    if (
        k < 1
        or doc[k].lower_ not in SIMILE_ARTICLES
        or doc[k - 1].lower_ != "like"
        or doc[k - 1].tag_ != "IN"
    ):
        return False
    after = doc[m.token + 1] if m.token + 1 < len(doc) else None
    return after is None or after.tag_ not in ("VBD", "VBZ", "VBP", "MD")


def _speaker(ch: Chapter, i: int, j: int, m: Mention) -> bool:
    """The speaker of a quote (outside the quotes, next to a speech verb, or the narrated subject just
    before speech), who is not what a third-person pronoun inside the speech means."""
    text, doc = ch.sentences[i], ch.docs[i]
    if doc is None or quoted(text, m.start):
        return False
    if _tagged(ch, i):
        return True  # the narration around a quote is its speech tag
    if i + 1 > j or not _opens_quote(ch.sentences[i + 1]) or _tagged(ch, i + 1) or spoken(text, m.start):
        return False  # (a quote with a tag of its own names its speaker there: "'...,' said Tom")
    talk = all(
        _opens_quote(ch.sentences[k]) or spoken(ch.sentences[k], 0) or _running_speech(ch, k, 0)
        for k in range(i + 2, j + 1)
    )
    return talk and m == _subject(doc, ch.mentions[i])  # the narrated subject before the speech that runs on


def _tagged(ch: Chapter, i: int) -> bool:
    """Does sentence ``i`` hold a quote and a speech verb outside it ("'Stop,' said Tom.")?"""
    text, doc = ch.sentences[i], ch.docs[i]
    if doc is None or not QUOTE_MARK.search(text):
        return False
    return any(t.lower_ in SPEECH and not quoted(text, t.idx) for t in doc)


def _running_speech(ch: Chapter, j: int, pos: int) -> bool:
    """Is offset ``pos`` of sentence ``j`` inside a quote opened in an earlier sentence and not closed
    since ("'Quick! / After she comes out ...": the second sentence has no quote mark of its own)? The
    nearest earlier sentence (up to :data:`WINDOW` back) with a quote mark must end inside the quote,
    and sentence ``j`` must have no quote mark before ``pos``."""
    if EDGE_QUOTE.search(ch.sentences[j][:pos]):
        return False
    for i in ch.back(j, WINDOW):
        marks = list(EDGE_QUOTE.finditer(ch.sentences[i]))
        if marks:
            return _opening(ch.sentences[i], marks[-1].start())
    return False


def _opening(text: str, k: int) -> bool:
    """Does the quote mark at offset ``k`` open a quote (a word follows it and none precedes it:
    ' "Look' but not 'Look!" ')?"""
    left = text[k - 1] if k > 0 else " "
    right = text[k + 1] if k + 1 < len(text) else " "
    if text[k] in "“‘":
        return True
    return (
        text[k] != "”" and not left.isalnum() and left not in ".,!?…" and (right.isalnum() or right in "“‘")
    )


def _opens_quote(text: str) -> bool:
    text = text.lstrip()
    return bool(text) and text[0] in "\"“‘'" and _opening(text, 0)


def _speech_frame(text: str, m: Mention) -> bool:
    """A vocative inside quoted speech, or a speaker label ("Visitor: Who let her in?")."""
    return _vocative(text, m) or text[m.end : m.end + 1] in (":", "：")


def _vocative(text: str, m: Mention) -> bool:
    """A phrase in speech set off as a form of address: at the start of the quote (or after a
    comma) and followed by a comma or the end of the utterance ("Anna, come.", "Come, Anna!")."""
    after = text[m.end : m.end + 1]
    if after not in (",", "!", "?", "…", ".", ""):
        return False
    before = text[: m.start].rstrip()
    word = last_word(before)
    while word and (word.lower() in _ADDRESS_PREFIX or (word.lower(), "title") in lexicon.genders()):
        before = before[: len(before) - len(word)].rstrip()  # "little master", "Miss Lin"
        word = last_word(before)
    opens = not before or before[-1] in "\"“‘'—–-,…"
    closes = after in (",", "!", "?", "…") or (after in (".", "") and before.endswith(","))
    return opens and closes and spoken(text, m.start)  # quote scanning last: it is the costly test


def last_word(text: str) -> str:
    """The run of word characters that ends ``text`` ("" when its last character is none): matched
    on the reversed text, as a search for ``\\w+$`` tries every start before it."""
    found = _WORD.match(text[::-1])
    return found[0][::-1] if found else ""


def _subject(doc: Sentence | None, phrases: list[Mention]) -> Mention | None:
    """The sentence's subject, roughly: its first noun phrase before any verb, not in a prepositional
    phrase and not a possessor ("In the old story, on the night of her brother's wedding, Mira sails")."""
    if doc is None:
        return None
    start = _main_clause(doc)
    for m in sorted(phrases, key=lambda m: m.token):
        if m.token < start:
            continue
        if any(t.pos_ in ("VERB", "AUX") for t in doc[start : m.token]):
            return None
        k = m.token - 1
        while k >= 0 and doc[k].tag_ in _PREMODIFIERS:
            k -= 1
        if (k < 0 or doc[k].pos_ != "ADP") and doc.text[m.end : m.end + 2] not in ("'s", "’s"):
            return m
    return None


def _object_them(doc: Sentence | None, tok: Word) -> bool:
    """Is ``tok`` a "them" that is the object of a verb whose object is not mostly a person ("dried
    them", not "told them", "of them")?"""
    verb = doc[tok.i - 1] if doc is not None and tok.i > 0 else None
    return (
        tok.lower_ == "them" and verb is not None and verb.pos_ == "VERB" and verb.lower_ not in PERSON_OBJECT
    )


def _main_clause(doc: Sentence) -> int:
    """The first token of the main clause after an opening subordinate clause set off by a comma
    ("Before she could answer, the kettle whistled."), else 0."""
    if not len(doc) or doc[0].lower_ not in SUBORDINATORS:
        return 0
    return next((t.i + 1 for t in doc if t.text == ","), 0)


def _phrases(doc: Sentence | None, mentions: list[Mention]) -> list[Mention]:
    """The sentence's mentions plus coordinated names ("Li Na and Zhang Wei", plural)."""
    names = [m for m in mentions if m.kind == "name"]
    pairs = []
    for x, y in zip(names, names[1:]):
        if doc is not None and doc.text[x.end : y.start].strip() == "and":
            text = doc.text[x.start : y.end]
            pairs.append(Mention(x.start, y.end, text, text, "names", True, x.token))
    return _persons(doc, mentions) + pairs


def _persons(doc: Sentence | None, mentions: list[Mention]) -> list[Mention]:
    """``mentions`` with each definite "the/this/that person" (a generic noun, no mention of its own,
    which in a novel names someone: "The person by the door coughed. His cup ..."), in word order."""
    if doc is None or not any(t.lower_ == "person" for t in doc):
        return mentions
    extra = [
        Mention(t.idx, t.idx + len(t.text), t.text, "person", "noun", False, t.i)
        for t in doc
        if t.lower_ == "person" and t.tag_ == "NN" and t.i > 0 and doc[t.i - 1].lower_ in _DEFINITE
    ]
    return sorted(mentions + extra, key=lambda m: m.token) if extra else mentions


def _agreeing(m: Mention, cls: str, ch: Chapter) -> bool:
    """May a pronoun of class ``cls`` mean ``m``: a compatible phrase, or for he/she a person noun of
    unknown gender ("the teacher")?"""
    return _compatible(m, cls, ch) or (
        cls in ("m", "f") and m.kind == "noun" and not _gender(m, ch) and senses.is_person(m.lemma)
    )


def _compatible(m: Mention, cls: str, ch: Chapter, things: bool = False) -> bool:
    """Number and gender agreement; he/she need a known gender, "it" a non-person noun, "they/them/their"
    persons (or, with ``things``, plural things too)."""
    if cls == "pl":
        if m.kind == "name":  # "the Shans" are people, "the World Coordinates" are not
            return m.plural and " " not in m.text and m.text not in ch.things
        return m.plural and (m.kind == "names" or things or senses.is_person(m.lemma))
    if m.plural or m.kind == "names":
        return False
    if m.kind == "name":
        return m.text in ch.things if cls == "n" else m.text not in ch.things and cls == _gender(m, ch)
    gender = _gender(m, ch)
    if cls == "n":
        return not gender and not senses.is_person(m.lemma)
    return gender == cls or (
        gender is None and (m.lemma == "person" or _surely_person(m.lemma))
    )  # "the driver ... he"


@cache
def _surely_person(lemma: str) -> bool:
    """A noun whose two most frequent senses are persons ("driver", "guard"; not "host", a crowd too)."""
    first = senses.senses(lemma, "n", 2)
    return bool(first) and all(s.lexname == "noun.person" for s in first)


def _honorific(doc: Sentence, i: int) -> bool:
    """ "His Majesty", "Her Ladyship": a possessive before a form of address (or, mid-sentence, a
    capitalised possessive before a capitalised word); "their ladyships" in any case."""
    nxt = doc[i + 1] if i + 1 < len(doc) else None
    if nxt is not None and doc[i].lower_ == "their" and nxt.lower_ in PLURAL_HONORIFICS:
        return True
    if nxt is None or not doc[i].text[:1].isupper():
        return False
    return nxt.lower_ in HONORIFICS or (i > 0 and nxt.text[:1].isupper())
