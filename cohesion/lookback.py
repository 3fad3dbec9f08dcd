"""How far back a pronoun looks for its antecedent, and the chains of pronouns: a linked pronoun hands
its antecedent on to a later one of its class that reaches it with nothing it may mean in between."""

from __future__ import annotations

from collections.abc import Iterator

from cohesion.tagged import Sentence, Word

from cohesion import antecedents, clause, pronouns, speech, zh
from cohesion.antecedents import Phrases
from cohesion.candidate import Candidate, Span
from cohesion.chapter import WINDOW, Chapter, core
from cohesion.mentions import Mention
from cohesion.pronouns import PRONOUN_CLASS, SUBJECT_FORMS
from cohesion.speech import spoken

CHAIN_WINDOW = 10  # how far back he/she may reach while every sentence between holds one
SPEECH_REACH = 30  # how far back a narrated he/she may reach past sentences of quoted speech
CONTINUE_REACH = 30  # how far back a he/she may reach past sentences that name no one it may mean
# the pronoun links made so far: (sentence, pronoun class) -> (antecedent, its sentence, pronoun in speech)
Links = dict[tuple[int, str], tuple[Mention, int, bool]]


def sentences(ch: Chapter, j: int, cls: str, past_speech: bool) -> Iterator[tuple[int, int]]:
    """The sentences a pronoun of class ``cls`` in sentence ``j`` looks back at, nearest first, each with
    its distance; with ``past_speech``, sentences wholly in quoted speech (inner speech, a long quote)
    are passed over uncounted, up to :data:`SPEECH_REACH` sentences back."""
    window = CHAIN_WINDOW if cls in ("m", "f") else WINDOW
    d = 0
    for i in ch.back(j, SPEECH_REACH if past_speech else window):
        if past_speech and _wholly_spoken(ch, i):
            continue
        d += 1
        if d > window:
            return
        yield i, d


def passes_speech(doc: Sentence | None, tok: Word, cls: str, in_speech: bool) -> bool:
    """Does he/she ``tok`` look back past quoted speech: it is narrated and no name precedes it in its
    sentence (one the mentions may have missed: its own sentence may name whom it means)?"""
    return (
        cls in ("m", "f")
        and not in_speech
        and doc is not None
        and not any(t.tag_ in ("NNP", "NNPS") for t in doc[: tok.i])
    )


def _wholly_spoken(ch: Chapter, i: int) -> bool:
    """Is sentence ``i`` wholly in quoted speech: spoken at both ends, with one quote at most (not
    "'Go,' said Tom, 'now.'")?"""
    text = ch.sentences[i]
    start, end = core(text)
    if end <= start or len(speech.edge_quotes(text)) > 2:
        return False
    return all(spoken(text, k) or speech.runs_on(ch, i, k) for k in (start, end - 1))


def link(
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


def named_again(ch: Chapter, j: int, tok: Word, a: Mention) -> bool:
    """Is ``a`` named in sentence ``j`` of pronoun ``tok`` too: before it, or after a subject or reflexive
    pronoun ("He gave Anna a look", "He sat himself beside Anna": someone else); not after an owner or
    object ("As the rain soaked her coat, Anna ...")?"""
    reaches = tok.lower_ in SUBJECT_FORMS or tok.lower_.endswith("self")
    return any(m.lemma == a.lemma and (m.token < tok.i or reaches) for m in ch.mentions[j])


def named_after_subject(ch: Chapter, j: int, tok: Word, a: Mention) -> bool:
    """Is ``a`` named in sentence ``j`` after ``tok``, a subject pronoun, which therefore means someone
    else ("She hurried over to Anna": not Anna)?"""
    return tok.lower_ in SUBJECT_FORMS and any(m.lemma == a.lemma and m.token > tok.i for m in ch.mentions[j])


def inherited(
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
    direct link, or a name with no person noun of unknown gender after it (:func:`_sole_name`)."""
    found = linked.get((i, cls))
    if found is None or found[2] != in_speech:
        return None
    a, at, _ = found
    far = j - at >= 3 and a != clause.subject(ch.docs[at], antecedents.sentence_phrases(ch, at, seen)[0])
    return None if far and not _sole_name(ch, at, j, a, cls, seen) else (a, at)


def quiet(ch: Chapter, i: int, cls: str, seen: dict[int, Phrases], before: int | None = None) -> bool:
    """Does sentence ``i`` (before its token ``before``, where given: the pronoun's own sentence) name no
    one a he/she of class ``cls`` may mean: no phrase that agrees with it, no person of unknown gender,
    no pronoun of its class (:func:`_may_mean`)?"""
    return cls in ("m", "f") and _may_mean(ch, i, cls, seen, before) == []


def _may_mean(
    ch: Chapter, i: int, cls: str, seen: dict[int, Phrases], before: int | None = None
) -> list[Mention] | None:
    """Sentence ``i``'s phrases (before its token ``before``) that a he/she of class ``cls`` may mean;
    None where it names a person of unknown gender or holds a pronoun of its class there too (either
    may be whom the he/she means)."""
    doc = ch.docs[i]
    if doc is None:
        return None
    end = len(doc) if before is None else before
    if any(PRONOUN_CLASS.get(t.lower_) == cls for t in doc[:end]):
        return None
    everyone = [m for m in antecedents.sentence_phrases(ch, i, seen)[0] if m.token < end]
    if any(pronouns.unknown_name(m, cls, ch, doc) for m in everyone):
        return None
    return [m for m in everyone if pronouns.agreeing(m, cls, ch)]


def continued(
    ch: Chapter,
    start: int,
    j: int,
    cls: str,
    in_speech: bool,
    seen: dict[int, Phrases],
    linked: Links,
) -> tuple[Mention, int] | None:
    """(antecedent, its sentence) of a he/she of sentence ``j`` whose look-back gave up at sentence
    ``start`` having passed only sentences that name no one it may mean (:func:`quiet`): with no
    competing mention of its gender and number, the referent that was the center goes on (Centering's
    Continue: Grosz, Joshi and Weinstein 1995; topic continuity: Givón 1983), up to
    :data:`CONTINUE_REACH` sentences back. That is, past more such sentences, the antecedent a chain's
    last linked pronoun hands on (:func:`inherited`), or the one referent the first sentence naming
    anyone it may mean names, where that is its sentence's topic (:func:`_sole_topic`)."""
    for i in ch.back(start, CONTINUE_REACH - (j - start)):
        if (i, cls) in linked:
            return inherited(ch, i, j, cls, in_speech, seen, linked)
        named = _may_mean(ch, i, cls, seen)
        if named != []:
            return _sole_topic(ch, i, j, cls, named, in_speech, seen) if named else None
    return None


def _sole_topic(
    ch: Chapter, i: int, j: int, cls: str, named: list[Mention], in_speech: bool, seen: dict[int, Phrases]
) -> tuple[Mention, int] | None:
    """(the referent, ``i``) where the phrases ``named`` of sentence ``i`` that a he/she of class ``cls``
    of sentence ``j`` may mean all name one referent, of its gender, that is the topic of its sentence
    (:func:`cohesion.antecedents.topic`), both in quoted speech or both in narration."""
    a = named[-1]
    phrases = antecedents.in_sentence(ch, i, j, in_speech, cls, seen)
    if len({m.lemma for m in named}) != 1 or a not in phrases or not pronouns.compatible(a, cls, ch):
        return None
    if spoken(ch.sentences[i], a.start) != in_speech or not antecedents.topic(ch.docs[i], phrases, a):
        return None
    return a, i


def _sole_name(ch: Chapter, at: int, j: int, a: Mention, cls: str, seen: dict[int, Phrases]) -> bool:
    """Is ``a`` a name, with no person noun of unknown gender between its sentence ``at`` and ``j``
    that the pronoun may mean instead ("the leader")?"""
    return a.kind == "name" and not any(
        m.kind == "noun"
        and not m.plural
        and pronouns.agreeing(m, cls, ch)
        and not pronouns.compatible(m, cls, ch)
        for k in range(at + 1, j)
        for m in antecedents.sentence_phrases(ch, k, seen)[0]
    )


def link_inherited(
    ch: Chapter,
    j: int,
    tok: Word,
    cls: str,
    handed_on: tuple[Mention, int] | None,
    in_speech: bool,
    linked: Links,
) -> Candidate | None:
    """The link of pronoun ``tok`` to the antecedent a chain hands on (``handed_on``, from
    :func:`inherited`), unless there is none, it is named again in the pronoun's sentence
    (:func:`named_again`) or it does not agree at this distance (a person noun of unknown gender does:
    the chain's first link found its gender, :func:`cohesion.pronouns.shown`)."""
    if handed_on is None:
        return None
    a, at = handed_on
    if named_again(ch, j, tok, a) or not pronouns.agreeing(a, cls, ch):
        return None
    return link(ch, j, tok, cls, a, at, in_speech, linked)
