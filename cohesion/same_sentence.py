"""Links inside a pronoun's own sentence: a later pronoun of a linked pronoun's class names its referent
too unless someone else it may mean comes between, and an antecedent in the clause before a semicolon
makes an adjacent link."""

from __future__ import annotations

from cohesion.tagged import Sentence, Word

from cohesion import antecedents, clause, descriptions, pronoun_clause, pronouns
from cohesion.antecedents import Phrases
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter
from cohesion.mentions import Mention
from cohesion.descriptions import BE_FORMS
from cohesion.pronouns import OBJECT_FORMS, PRONOUN_CLASS, SUBJECT_FORMS
from cohesion.speech import spoken


def later(
    ch: Chapter,
    j: int,
    first: Word,
    last: Word,
    link: Candidate,
    tok: Word,
    cls: str,
    seen: dict[int, Phrases],
) -> Candidate | None:
    """A later pronoun of the class of sentence ``j``'s linked pronoun ``first`` names its referent too
    ("She put down her cup. Then she ..."; "He hugged her and carried her"; "she said the boy tricked
    her"), unless it is the object of a clause whose subject is a pronoun of its class ("He told him":
    another person; the subject is the last one before it, or ``first``; a preposition of place does not
    count: "he heard the noise above him", nor one opening a clause: ", but to her the day ...", nor a
    part of a set that is a subject or predicate: "most of them cheered"), someone it may mean is named
    after ``last``, the class's last linked pronoun, and after ``first`` ("He met Tom and gave his ...";
    not "He feared Tom, and if he lost, his ..."), unless it is the subject right after an opening phrase
    with no finite verb (:func:`cohesion.pronoun_clause.after_opening`: "Holding his brother's hand, he
    ..."), one of them is in quoted speech and the other is not, or it is a subject or an owner after a
    ``first`` object that passed over its clause's subject ("Clara had not seen her, for she ...")."""
    subject = None  # an object's own clause's subject
    doc = ch.docs[j]
    if (
        tok.lower_ in OBJECT_FORMS
        and tok.tag_ == "PRP"
        and not (pronoun_clause.around(doc, tok.i) or _fronted(doc, tok) or _partitive_subject(doc, tok))
    ):
        subject = clause.last_subject(doc[first.i + 1 : tok.i]) or first
        if subject.lower_ in SUBJECT_FORMS and PRONOUN_CLASS[subject.lower_] == cls:
            return _other_one(ch, j, subject in (first, last), link, tok, cls, seen)  # "He told him"
    text = ch.sentences[j]
    in_speech = spoken(text, tok.idx)
    if spoken(text, first.idx) != in_speech:
        return None
    phrases = antecedents.in_sentence(ch, j, j, in_speech, cls, seen)
    own = subject is not None and cls in ("m", "f") and _own_doer(doc, subject, tok)
    between = [
        m
        for m in phrases
        if first.i < m.token < tok.i
        and pronouns.agreeing(m, cls, ch)
        and not (own and m.start <= subject.idx < m.end)  # its clause's doer is not what it means
    ]
    if (
        any(m.token > last.i for m in between)
        and not _subject_goes_on(doc, first, tok, between)
        and not _goes_on_past_semicolon(doc, last, tok, between)
        and not (tok.lower_ in SUBJECT_FORMS and pronoun_clause.after_opening(doc, tok.i))
    ):
        return None
    if tok.lower_ in SUBJECT_FORMS or tok.tag_ == "PRP$":
        before = [m for m in phrases if m.token < first.i and pronouns.agreeing(m, cls, ch)]
        if before and pronoun_clause.clause_subject_only(doc, first, before):
            return None  # "Anna had not seen her, for she ...": the first passed over Anna, who may be back
    b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
    return Candidate("reference", "personal", link.a, b, tok.lower_, link.evidence, link.clauses)


def _other_one(
    ch: Chapter, j: int, linked: bool, link: Candidate, tok: Word, cls: str, seen: dict[int, Phrases]
) -> Candidate | None:
    """The link of object pronoun ``tok``, whose clause's subject is a pronoun of its class (``linked``:
    sentence ``j``'s first or last linked one, naming ``link.a``), to the one other referent of its class
    that the sentence before names: an object pronoun means someone other than its clause's subject
    ("Tom met Boris. He thanked him.": Boris). None where that sentence names no other or several, or
    the pronoun's own sentence names anyone it may mean before it."""
    i = j - 1
    doc = ch.docs[j]
    if i < 0 or not linked:
        return None
    if any(
        m.token < tok.i and (pronouns.agreeing(m, cls, ch) or pronouns.unknown_name(m, cls, ch, doc))
        for m in antecedents.sentence_phrases(ch, j, seen)[0]
    ):
        return None
    others = [
        m
        for m in antecedents.in_sentence(ch, i, j, spoken(ch.sentences[j], tok.idx), cls, seen)
        if m.text != link.a.text and pronouns.compatible(m, cls, ch, things=True)
    ]
    if len({m.lemma for m in others}) != 1:
        return None
    b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
    return Candidate("reference", "personal", others[-1].at(i), b, tok.lower_)


def _own_doer(doc: Sentence, w: Word, tok: Word) -> bool:
    """Is ``w`` surely the subject of object pronoun ``tok``'s clause, and so not what it means: no comma
    or conjunction stands between them ("Tom had given her", "begged the guard to free her"; not "Tom
    rose, and then hit him")?"""
    return not any(t.text in ",;:" or t.tag_ == "CC" for t in doc[w.i + 1 : tok.i])


def _subject_goes_on(doc: Sentence, first: Word, tok: Word, between: list[Mention]) -> bool:
    """Does subject pronoun ``tok`` continue the subject pronoun ``first`` of its class past the phrases
    ``between`` that it may mean, none of them a clause's subject ("He told Tom to wait while he ...",
    "She thanked Anna's mother, but she ...", and so an owner opening a sentence or a clause after a
    semicolon: "Her smile charmed Anna's aunt; her ...", :func:`_topic_pronoun`)? Not where it opens a
    "that" or "because" clause, which is often about them ("He told Tom that he ...")."""
    return (
        _topic_pronoun(doc, tok)
        and _topic_pronoun(doc, first)
        and doc[tok.i - 1].lower_ not in ("that", "because")
        and not any(pronoun_clause.clause_subject(doc, m) for m in between)
    )


def _goes_on_past_semicolon(doc: Sentence, last: Word, tok: Word, between: list[Mention]) -> bool:
    """Does subject pronoun ``tok`` after a semicolon continue ``last``, the class's last linked pronoun
    and a subject, past phrases after it that are no clause's subject ("At her desk, she greeted Clara;
    then she ...")? (:func:`_subject_goes_on` asks it of the class's first pronoun.)"""
    after = [m for m in between if m.token > last.i]
    return any(t.text == ";" for t in doc[last.i : tok.i]) and _subject_goes_on(doc, last, tok, after)


def _topic_pronoun(doc: Sentence, w: Word) -> bool:
    """Is ``w`` a subject pronoun, or an owner that opens the sentence or a clause after a semicolon ("Her
    plan failed; her ...": the owner of the subject, its topic) or after a comma and a conjunction (", and
    his face ...")?"""
    return w.lower_ in SUBJECT_FORMS or (
        w.tag_ == "PRP$" and (w.i == 0 or doc[w.i - 1].text == ";" or _after_comma_and(doc, w))
    )


def _after_comma_and(doc: Sentence, w: Word) -> bool:
    """Does ``w`` open a clause joined by a comma and a conjunction (", and his face ...")?"""
    return w.i > 1 and doc[w.i - 1].tag_ == "CC" and doc[w.i - 2].text == ","


def _fronted(doc: Sentence, w: Word) -> bool:
    """Is object pronoun ``w`` that of a preposition opening a clause after a comma or conjunction (", but
    to her the day ..."): no object of the clause's verb, so it may mean the subject before?"""
    return w.i > 1 and doc[w.i - 1].tag_ == "IN" and (doc[w.i - 2].tag_ == "CC" or doc[w.i - 2].text == ",")


def _partitive_subject(doc: Sentence, w: Word) -> bool:
    """Is object pronoun ``w`` that of a part of a set ("all of them", "many of them") that is a clause's
    subject or a predicate ("most of them cheered", "they were few of them"): the set its subject
    names, not another?"""
    if w.i < 2 or doc[w.i - 1].lower_ != "of" or doc[w.i - 2].tag_ not in ("DT", "PDT", "JJ", "CD"):
        return False
    k = w.i + 1
    while k < len(doc) and doc[k].tag_ == "RB":
        k += 1
    return (k < len(doc) and doc[k].tag_ in clause.FINITE) or any(
        t.lower_ in BE_FORMS for t in doc[max(w.i - 5, 0) : w.i - 2]
    )


def next_clause(
    ch: Chapter, j: int, first: Word, tok: Word, cls: str, seen: dict[int, Phrases]
) -> Candidate | None:
    """A later pronoun after a semicolon whose class's ``first`` pronoun, before the semicolon, has no
    link, because its antecedent is in its own clause ("Anna was tired, as she said; she went home"):
    the link to that clause (:func:`clause_link`), when the antecedent comes before ``first``."""
    text = ch.sentences[j]
    if text.rfind(";", first.idx, tok.idx) < 0:
        return None
    in_speech = spoken(text, tok.idx)
    own = [m for m in antecedents.in_sentence(ch, j, j, in_speech, cls, seen) if m.token < tok.i]
    agreeing = [m for m in own if pronouns.agreeing(m, cls, ch)]
    if not agreeing or pronoun_clause.clause_subject_only(ch.docs[j], tok, agreeing):
        return None
    found = clause_link(ch, j, tok, cls, own, agreeing)
    return found if found and found.a.start < first.idx else None


def clause_link(
    ch: Chapter, j: int, tok: Word, cls: str, own: list[Mention], agreeing: list[Mention]
) -> Candidate | None:
    """A pronoun whose antecedent is in the clause before a semicolon of its own sentence ("the
    rowers pulled hard; the blades of their oars ...": adjacent clauses); None otherwise."""
    semicolon = ch.sentences[j].rfind(";", 0, tok.idx)
    if semicolon < 0 or any(m.start > semicolon for m in agreeing):
        return None
    a = antecedents.choose(ch.docs[j], [m for m in own if m.start < semicolon], agreeing, cls, ch)
    if a is None or descriptions.amount(a):
        return None
    b = Span(j, tok.idx, tok.idx + len(tok), tok.text)
    return Candidate("reference", "personal", a.at(j), b, tok.lower_, clauses=True)
