"""Demonstrative reference: a "that"/"this" standing alone for what was told before (extended
reference: the previous sentence, or the clause before a semicolon of its own sentence), and a
demonstrative before a noun or a name named before, linked to its last mention ("a girl ... this
girl", "the Old Mill ... this Mill").

A clause-opening "that" used alone ("That was a lie.") and, in narration, a "this"/"that" used alone
("... not knowing if this was true") link to the whole previous sentence, or to the clause before a
semicolon ("She never argued; this was her way."); "that's it", "all that" and "this and that" are no
reference.
"""

from __future__ import annotations

from collections.abc import Iterator

from cohesion import nounphrase
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter
from cohesion.gender import spoken
from cohesion.mentions import Mention
from cohesion.nounphrase import DEMONSTRATIVES
from cohesion.repetition import FAR_WINDOW
from cohesion.tagged import Sentence, Word

_OPENERS = frozenset(("CCONJ", "INTJ", "PUNCT", "SPACE"))


def find_at(ch: Chapter, j: int) -> Iterator[Candidate]:
    """The demonstrative reference of sentence ``j``."""
    doc = ch.docs[j]
    if doc is None:
        return
    alone = _demonstrative(doc) or _narrated_demonstrative(ch, j)
    if alone is not None:
        b = Span(j, alone.idx, alone.idx + len(alone), alone.text)
        semicolon = ch.sentences[j].rfind(";", 0, alone.idx)
        if semicolon > 0:  # "She never argued; this was her way.": the clause before the semicolon
            a = ch.whole(j)
            a = Span(j, a.start, semicolon, ch.sentences[j][a.start : semicolon])
            yield Candidate("reference", "demonstrative", a, b, alone.lower_, clauses=True)
        elif j > 0:
            yield Candidate("reference", "demonstrative", ch.whole(j - 1), b, alone.lower_)
    yield from _demonstrative_nouns(ch, j)


def _narrated_demonstrative(ch: Chapter, j: int) -> Word | None:
    """A "this"/"that" standing alone in narration ("... not knowing if this was true", "why he would
    do this"): it means what the previous sentence told. In speech it mostly points outside the text."""
    doc = ch.docs[j]
    for tok in doc or ():
        if tok.lower_ not in ("this", "that") or tok.tag_ != "DT" or spoken(ch.sentences[j], tok.idx):
            continue
        nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
        alone = nxt is None or nxt.pos_ in ("AUX", "VERB", "PUNCT") or nxt.lower_ in ("and", "or", "but")
        if alone and not _thats_it(doc, tok.i) and not _this_and_that(doc, tok.i):
            return tok
    return None


def _this_and_that(doc: Sentence, i: int) -> bool:
    """ "all that" (a determiner, or a relative "that") or "this and that" / "this ... or that" (an idiom
    for various things, also with words between: "'yes' this and 'yes' that"): no reference."""
    if i > 0 and doc[i - 1].lower_ == "all" and doc[i].lower_ == "that":
        return True  # but "All this was boring." sums up
    if doc[i].lower_ == "that":  # the second half of the idiom
        i = next((t.i for t in reversed(doc[max(i - 7, 0) : i]) if t.lower_ == "this"), i)
        if doc[i].lower_ != "this":
            return False
    words = [t.lower_ for t in doc[i + 1 : i + 8]]
    return any(w in ("and", "or") and "that" in words[k + 1 :] for k, w in enumerate(words))


def _demonstrative_nouns(ch: Chapter, j: int) -> Iterator[Candidate]:
    """A demonstrative determiner of a noun named before ("... this girl" after "a girl"): element 1
    is the noun's nearest earlier mention, as far back as a definite repetition reaches."""
    doc = ch.docs[j]
    if not any(t.lower_ in DEMONSTRATIVES for t in doc):
        return  # no noun's determiner is one
    for m in ch.mentions[j]:
        if m.kind == "name":  # "this Anna": the name's last mention
            det = doc[m.token - 1] if m.token else None
            if det is None or det.lower_ not in DEMONSTRATIVES or det.tag_ != "DT" or _possessor(doc, m):
                continue  # not "that Anna left", "this Anna's house"
        elif m.kind != "noun" or nounphrase.modifier(doc, m.token):
            continue  # the head of "that wedding veil" is "veil"
        elif nounphrase.determiner(doc, m.token) not in DEMONSTRATIVES:
            continue
        det = next(t for t in reversed(doc[: m.token]) if t.lower_ in DEMONSTRATIVES)
        for i in ch.back(j, FAR_WINDOW):
            earlier = [p for p in ch.mentions[i] if p.kind == m.kind and _same_head(p, m)]
            if earlier:
                b = Span(j, det.idx, det.idx + len(det), det.text)
                yield Candidate("reference", "demonstrative", earlier[-1].at(i), b, f"{det.lower_} {m.lemma}")
                break


def _same_head(p: Mention, m: Mention) -> bool:
    """The same noun, or the same name or a longer one it ends ("the Grand Canal" ... "this Canal")."""
    return p.lemma == m.lemma or (m.kind == "name" and p.text.endswith(" " + m.text))


def _possessor(doc: Sentence, m: Mention) -> bool:
    return doc.text[m.end : m.end + 2] in ("'s", "’s")


def _thats_it(doc: Sentence, i: int) -> bool:
    return doc.span(i, i + 3).lower().replace("’", "'") == "that's it"


def _demonstrative(doc: Sentence) -> Word | None:
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
        return tok if nxt.pos_ in ("AUX", "VERB", "PUNCT") and not _thats_it(doc, tok.i) else None
    return None
