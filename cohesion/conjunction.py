"""Conjunction: a connective at a clause edge linking the sentence to the previous text.

Positions (per connective, ``text/data/connectives.tsv``): sentence-initial or clause-initial after a
semicolon (the two clauses are then the pair, adjacent as the cohesion paper allows), after opening quotes,
dashes and an interjection, with or without its comma ("Oh, but ...", "Well then, ..."); sentence-final
after a comma ("..., though."); or parenthetical ("He, however, refused."). A sentence-initial span of time
and "later" ("An hour later, ...") is the connective "later", and so is "after", "in" or "within" with a
counted span ("After two days, ...", "In less than a week ..."); a sentence-initial time named by a
demonstrative and followed by the sentence's subject ("That night he ...", "In those days, ...") is a temporal
connective of its own; a connective the speaker trails off after ("However…"), or that is the whole
sentence ("At that point."), links as well, and so does one opening a quotation after the narrator's
speech tag ('She said, "But ...'). A connective after the subject that follows an initial one ("But Anna
then left.") is a second tie to the same earlier text: Halliday & Hasan count each conjunctive item.
Subtype is Halliday & Hasan's type. Element 1 is left empty (the whole previous
text); ``sent_a`` is the previous sentence.

Non-adjacent links (element 1 is then the earlier sentence or connective):

- Speech that resumes after a narrator's aside links across the aside to the earlier speech ("...,"
  she said. <aside> "But ..."): the connective continues the speaker's argument.
- A connective after a narrated exclamation of up to ``OUTCRY_WORDS`` words without a verb (a sound or a
  cry: "He lifted his spear. Clang! But the arrow struck first.") links past it to the sentence before.
- "Also" adds a parallel to the nearest sentence up to ``REACH`` back with the same verb when the
  previous sentence (an aside) has none and its doer there is no other personal pronoun ("She said ...
  <aside> She also said ...", not "I said nothing ... He also said ...").
- Connectives that return to an earlier point, replacing or justifying it (``RETURNING``: instead,
  after all, anyway, in any case, rather, on the contrary ...), link past an intervening sentence
  about something else: when the previous sentence has another subject and the nearest earlier
  sentence up to ``REACH`` back has the connective sentence's own subject ("He promised to call. The
  phone stayed silent. Instead, he wrote.").
- Sequential connectives (``SEQUENTIAL``: then, later, finally, eventually, meanwhile ...) relate events
  on the story's time line, which a description or a flashback does not advance: past one to
  ``REACH`` - 1 sentences of narrated background (they open with their subject and a form of "be" or
  "have": "The boat was made of oak.", "He had bought it years before.") they link to the narrated
  event before them, a sentence that opens with its subject and a verb in the past ("Uncle Bo built a
  boat. The boat was made of oak. Finally, he launched it."). Speech, or a sentence that opens
  otherwise (a subordinate clause, a connective, an aside), is neither: the link stays adjacent.
- Any other connective links past an aside about a thing of the narrated event before it: the sentence
  between is background (as above) whose subject is "it" or a noun for a thing the event names, and the
  connective's sentence repeats a noun or name of the event but none of the aside, so it goes on with the
  event ("Ana fixed her bike. It was an old model. So Ana rode the bike to work."). A connective
  sentence that repeats none of the event's words ("... The box was empty. But she was not surprised.")
  may answer the aside itself: the link stays adjacent.
- Correlative series (Halliday & Hasan 1976, ch. 5: the temporal "sequential" and
"conclusive" correlatives *at first ... in the end*, *first ... then ... finally*, and the
adversative *on the one hand ... on the other hand*). A later member of a series (``SERIES``)
linked by position as above is tied to the opener of that series in an earlier sentence: element 1
is the opener, element 2 the later connective. It is emitted only when the nearest sentence holding
a member of the series is the opener's and lies two or more sentences back (an intervening member,
"First ... Then ... Finally", is the closer link; the adjacent case is already the plain candidate).
Openers: *at first* (not "at first sight/glance"), *in the beginning* (not "... of"), *initially*,
*to begin with* and *on the one hand* anywhere in the sentence; *first*, *firstly*, *first of all*
only sentence-initially. *At first*-type openers pair with conclusive connectives (later,
eventually, in the end, finally, at last), not with "then"/"next", which mostly tie a step to the
sentence just before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from cohesion.tagged import Sentence, Word

from cohesion import nlp, senses, zh
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter, core
from text import connectives

# quotes and dashes, then an interjection with or without its comma ("Well, then ...", "Well then, ...")
OPENING = re.compile(r"^[\s\"'“‘«「『—–\-…]*(?:(?:oh|ah|well|um|uh|hmm|eh)(?:\s*,\s*|\s+))?", re.I)
QUOTE_MARKS = ('"', "“", "”")
MODIFIER_POS = frozenset(("ADJ", "ADV", "DET"))  # what may not follow a connective of condition "clause"
DEGREE_POS = frozenset(("ADJ", "ADV"))  # ... of condition "degree"
SUBJECT = re.compile(r"(?:,|(?:i|we|you|he|she|it|they)\b)", re.I)  # what follows one of condition "subject"
FROZEN = re.compile(r"what\s*[?!…]", re.I)  # "So what?": a retort, not a causal link
# the end of a speech tag (a word's comma or colon, an opening quote), and a quote mark in the narration
# before it (an apostrophe stands between letters)
SPEECH_TAG = re.compile(r"[,:](?<=\w.)\s*[\"“'‘]")
NOT_NARRATION = re.compile(r"[\"“”‘’]|(?<!\w)'|'(?!\w)")
GAP = re.compile(r"[\s,]*")  # what may stand between two connectives ("But, ..." or "But ...")
# a connective and nothing but an ellipsis or a full stop: "However…", "At that point." (the sentence is the
# connective alone, a fragment that goes on from the sentence before)
TRAILING = re.compile(r"(?:…|\.\.\.|\.|!)[\"'”’]*")
PAUSE = re.compile(r"(?:…|\.\.\.)\s*(?=\w)")  # a connective, a pause, then the sentence: "But… the key"
# Correlative openers (regex) and the later members of their series.
AT_FIRST = (
    r"\b(?:at first(?!\s+(?:sight|glance|light)\b)|in the beginning(?!\s+of\b)|initially|to begin with)\b"
)
FIRST = r"^[\s\"'“‘«「『—–\-…]*(?:first of all|firstly|first)\s*,"
RETURNING = frozenset(
    "instead|after all|anyway|anyhow|in any case|rather|on the contrary|all the same|still|even so".split("|")
)
# "An hour later, ...", "Two days later he ...", "After two days, ...", "In less than a week ...": a span of
# time and "later", or "after", "in" or "within" and a counted span, a temporal connective like "later"
# itself (not "... later than planned", "After he left", "In many ways").
_COUNT = (
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|a few|a couple of|several|some|"
    r"many|\d+)\s+(?:more\s+|short\s+|long\s+|little\s+)?"
)
_UNIT = r"(?:second|minute|moment|hour|day|night|week|month|year|while|time)s?"
LATER = re.compile(
    rf"(?P<c>(?:{_COUNT})?{_UNIT}\s+later(?!\s+than\b)"
    rf"|after\s+(?:over|about|nearly|almost|more\s+than|less\s+than|just)?\s*{_COUNT}{_UNIT}"
    rf"|(?:in|within)\s+(?:less\s+than|under|just|about|over)?\s*{_COUNT}{_UNIT})\b",
    re.I,
)
# "That night ...", "This time, ...", "In those days, ...", "Just at that moment ...": a sentence-initial time
# named by a demonstrative points back to a time the text set (Halliday & Hasan's "at this moment", "at that
# point"), and "(The) next day", "The following morning" to the time after it (their "next day"): a temporal
# connective when the sentence's own subject follows it ("That day was cold." has none)
_NEAR = r"(?:(?:just|right|only|even)\s+)?(?:(?:at|in|on|by|during|from|since|until|till|for)\s+)?"
_TIME = (
    r"(?:moment|instant|time|point|juncture|day|night|morning|afternoon|evening|week|month|year|season|hour|"
    r"minute|spring|summer|autumn|winter)s?"
)
THEN_TIME = re.compile(
    rf"(?P<c>{_NEAR}(?:this|that|these|those|(?:the\s+)?next|the\s+following)\s+(?:very\s+|same\s+)?{_TIME})\b",
    re.I,
)
NO_SUBJECT_POS = frozenset(("VERB", "AUX", "ADP", "SCONJ", "PART"))  # what may not follow THEN_TIME
OUTCRY_WORDS = 3  # the most words of a verbless exclamation a connective links past
REACH = 3  # how far back a returning or sequential connective may link
# Connectives that put an event after (or beside) an earlier event on the story's time line: past a
# description or a flashback between them, they link to that event.
SEQUENTIAL = frozenset(
    "then|and then|next|afterwards|afterward|thereafter|after that|later|soon|soon after|shortly after|"
    "shortly afterwards|shortly afterward|not long after|not long afterwards|before long|after a while|"
    "finally|at last|eventually|in the end|subsequently|meanwhile|in the meantime".split("|")
)
SUBJECT_POS = frozenset(("DET", "PRON", "PROPN", "NOUN", "ADJ", "NUM", "PART"))  # a subject's words
BACKGROUND_VERBS = frozenset("is are am was were 's 're be been has have had 'd".split())
PRONOUNS = frozenset("i we you he she they".split())
# connectives that take no "to"/"of" complement: "But of the others, nothing.", "So to speak ..." still link
COORDINATORS = frozenset(("and", "but", "or", "so"))
SUBJECTS = "i|we|you|he|she|it|they|this|that"  # the subjects a connective may follow (position "s")
# an auxiliary or modal that may stand between the subject and the connective ("She was also ...")
AUXILIARIES = "am|is|are|was|were|has|have|had|do|does|did|can|could|will|would|shall|should|may|might|must"
CONCLUSIVE = ("later", "eventually", "in the end", "finally", "at last")
SERIES = {
    AT_FIRST: CONCLUSIVE,
    FIRST: ("then", "and then", "next", "after that", "second", "secondly", "lastly", *CONCLUSIVE),
    r"\bon the one hand\b": ("on the other hand",),
}


@cache
def patterns() -> dict[str, re.Pattern]:
    def alternatives(position: str) -> str:  # none (a table cut by hand) matches nothing, not the empty text
        return (
            "|".join(re.escape(c.text) for c in connectives.connectives() if position in c.positions)
            or "(?!)"
        )

    return {
        "i": re.compile(rf"(?P<c>{alternatives('i')})\b", re.I),
        "f": re.compile(rf",\s*(?P<c>{alternatives('f')})\s*[.!?…]+[\"'”’]*\s*$", re.I),
        # after a word's comma (looked behind from the comma: the search skips to commas)
        "p": re.compile(rf",(?<=\w,)\s*(?P<c>{alternatives('p')})\s*,", re.I),
        "s": re.compile(
            rf"(?:[^,;:.!?]*,\s*)?(?:{SUBJECTS}|(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))\s+(?P<aux>(?:{AUXILIARIES})\s+)?(?P<c>{alternatives('s')})\s+(?=[a-z])",
            re.I,
        ),
    }


def find(ch: Chapter) -> Iterator[Candidate]:
    for j, text in enumerate(ch.sentences):
        yield from _after_semicolon(ch, j, text)
    linked = [_connective(ch, j) for j in range(len(ch.sentences))]
    for j in range(1, len(ch.sentences)):
        match = linked[j]
        if not match:
            continue
        connective = _entry(match)
        b = Span(j, match.start("c"), match.end("c"), match.group("c"))
        evidence = zh.connective(ch.zh[j])
        correlative = _opener(ch, j, connective.text, linked)
        back = _returns_to(ch, j, connective.text, match.end("c"))
        if back is None:
            a = Span(j - 1, 0, 0, "")
        else:
            a = _speech(ch, back) if _resumed_speech(ch.sentences, j) else ch.whole(back)
        if back is None or not correlative:
            yield Candidate("conjunction", connective.type, a, b, connective.text, evidence)
        if (second := _second(ch, j, match)) is not None:
            also = _entry(second)
            c = Span(j, second.start("c"), second.end("c"), second.group("c"))
            yield Candidate("conjunction", also.type, a, c, also.text, evidence)
        if correlative:
            trigger = f"{correlative.text.lower()} … {connective.text}"
            yield Candidate("conjunction", connective.type, correlative, b, trigger, evidence)


def _after_semicolon(ch: Chapter, j: int, text: str) -> Iterator[Candidate]:
    """A clause-initial connective right after a semicolon ("... autumn rains; but since ..."): it
    links the two clauses, which the cohesion paper counts as adjacent."""
    if ";" not in text:
        return
    for semicolon in re.finditer(r";\s*", text):
        match = patterns()["i"].match(text, semicolon.end())
        if match is None or match.group("c") != match.group("c").lower():
            continue
        rest, connective = text[match.end() :].lstrip(), connectives.connective(match.group("c"))
        if not rest or rest[0] in ".?!…" or _unmet(connective.condition, rest, ch.docs[j], match.end()):
            continue
        if re.match(r"(?:to|of)\b", rest) or _modifies(connective.condition, ch.docs[j], match.end()):
            continue
        start, end = core(text[: semicolon.start()])
        a = Span(j, start, end, text[start:end])
        b = Span(j, match.start("c"), match.end("c"), match.group("c"))
        yield Candidate("conjunction", connective.type, a, b, connective.text, clauses=True)


def _returns_to(ch: Chapter, j: int, connective: str, after: int) -> int | None:
    """The earlier sentence a connective links back to past an intervening one (module notes)."""
    if _resumed_speech(ch.sentences, j):
        return j - 2
    if j >= 2 and _outcry(ch.docs[j - 1]) and not _outcry(ch.docs[j - 2]):
        return j - 2
    if connective in SEQUENTIAL:
        return _event_before(ch, j)
    if connective == "also":
        return _parallel(ch, j, after)
    if (aside := _elaboration(ch, j)) is not None:
        return aside
    if connective not in RETURNING or j < 2:
        return None
    own, previous = _subject(ch.docs[j], after), _subject(ch.docs[j - 1])
    if own is None or previous is None or previous == own or own not in PRONOUNS:
        return None  # only a pronoun subject, after a sentence about something else, is tracked
    for i in range(j - 2, max(j - REACH, 0) - 1, -1):
        if _subject(ch.docs[i]) == own:
            return i
    return None


def _elaboration(ch: Chapter, j: int) -> int | None:
    """The narrated event two sentences back that the connective of sentence ``j`` relates to past an aside
    about one of its things: the sentence between is background ("be" or "have" first) whose subject is
    "it" or a noun for a thing named in the event, and sentence ``j`` repeats a noun or name of the event
    but none of the aside (module notes); None otherwise, and for speech."""
    if j < 2 or any(_holds_quote(ch.sentences[k]) for k in (j - 2, j - 1, j)):
        return None
    verb, event = _first_verb(ch, j - 1), _first_verb(ch, j - 2)
    if not _background(verb) or event is None or _background(event):
        return None
    own = {m.lemma for m in ch.mentions[j]}
    if own.isdisjoint(m.lemma for m in ch.mentions[j - 2]) or not own.isdisjoint(
        m.lemma for m in ch.mentions[j - 1]
    ):
        return None  # the connective's sentence goes on with the aside, or with neither
    things = {m.lemma for m in ch.mentions[j - 2] if m.kind == "noun" and not senses.is_person(m.lemma)}
    subject = ch.docs[j - 1][verb.i - 1]  # (the word before the verb: it opens with subject and verb)
    if subject.lower_ == "it" and things:
        return j - 2
    if subject.tag_ in ("NN", "NNS") and nlp.lemma(subject.text, "n", subject.tag_ == "NNS") in things:
        return j - 2
    return None


def _parallel(ch: Chapter, j: int, after: int) -> int | None:
    """The earlier sentence that an "also" adds a parallel to: "She also said ..." adds a second saying to
    the nearest sentence up to ``REACH`` back with the same verb, when the previous sentence (an aside) has
    none; None when the previous sentence has it, no sentence in reach does, or its doer there is another
    personal pronoun ("I nodded ... He also nodded ...")."""
    doc = ch.docs[j]
    verb = next((t for t in doc or () if t.idx >= after and t.pos_ == "VERB"), None)
    if doc is None or verb is None:
        return None
    own = _subject(doc)
    for i in range(j - 1, max(j - REACH, 0) - 1, -1):
        doers = [
            _doer(ch.docs[i], t.i) for t in ch.docs[i] or () if t.pos_ == "VERB" and _base(t) == _base(verb)
        ]
        if doers:
            return i if i < j - 1 and any(d is None or d == own for d in doers) else None
    return None


def _base(verb: Word) -> str:
    return nlp.lemma(verb.text, "v") or verb.lower_


def _doer(doc: Sentence, k: int) -> str | None:
    """The personal pronoun right before the verb at ``k`` (auxiliaries, adverbs and "not" between), if any."""
    k -= 1
    while k >= 0 and doc[k].pos_ in ("AUX", "ADV", "PART"):
        k -= 1
    return doc[k].lower_ if k >= 0 and doc[k].lower_ in PRONOUNS else None


def _outcry(doc: Sentence | None) -> bool:
    """A narrated exclamation without a verb, a sound or a cry ("Crash!", "Bang, bang!"): it adds no
    proposition a connective could relate to, so one after it links to the sentence before."""
    if doc is None or not doc.text.rstrip().endswith("!") or _holds_quote(doc.text):
        return False
    words = [tok for tok in doc if tok.is_alpha]
    return 0 < len(words) <= OUTCRY_WORDS and all(tok.pos_ not in ("VERB", "AUX") for tok in doc)


def _event_before(ch: Chapter, j: int) -> int | None:
    """The narrated event that a sequential connective of sentence ``j`` follows, past one or more
    sentences of background between them (a state or a flashback: their first verb is a form of "be" or
    "have", "The boat was made of oak.", "He had bought it years before."); None when the previous
    sentence is no background, or when the nearest sentence that is none lies more than ``REACH`` back,
    is speech or is missing."""
    if j < 2 or not _background(_first_verb(ch, j - 1)):
        return None
    for i in range(j - 2, max(j - REACH, 0) - 1, -1):
        verb = _first_verb(ch, i)
        if not _background(verb):
            return i if verb is not None and verb.tag_ == "VBD" else None  # a narrated past event
    return None


def _background(verb: Word | None) -> bool:
    return verb is not None and verb.lower_ in BACKGROUND_VERBS


def _first_verb(ch: Chapter, i: int) -> Word | None:
    """The verb of a narrated sentence that opens with its subject and verb ("The boat was ...", "They
    left ..."); None for speech, or a sentence that opens otherwise (a subordinate clause, a connective,
    an aside set off by commas), whose first verb may not be its own."""
    doc = ch.docs[i]
    if doc is None or doc.text.lstrip()[:1] in ("'", "‘") or _holds_quote(doc.text):
        return None
    for k, tok in enumerate(doc):
        if tok.pos_ in ("VERB", "AUX"):
            return tok if k else None
        if tok.pos_ not in SUBJECT_POS or tok.text == ",":
            return None
    return None


def _subject(doc: Sentence | None, after: int = 0) -> str | None:
    """The sentence's subject before its first verb: a lower-cased personal pronoun, "thing" for a
    noun that is not a person; None for a name or person noun (it may be what a pronoun means)."""
    if doc is None:
        return None
    for tok in doc:
        if tok.idx < after:
            continue
        if tok.pos_ in ("VERB", "AUX"):
            return None
        if tok.lower_ in PRONOUNS:
            return tok.lower_
        if tok.tag_ in ("NN", "NNS"):
            base = nlp.lemma(tok.text, "n", tok.tag_ == "NNS")
            return "thing" if base and not senses.is_person(base) else None
        if tok.pos_ == "PROPN":
            return None
    return None


def _speech(ch: Chapter, i: int) -> Span:
    """The last quoted stretch of sentence ``i`` (without the speaker tag), its whole core if none."""
    text = ch.sentences[i]
    quotes = [m.span() for m in re.finditer(r"[\"“][^\"“”]+[\"”]?", text)]
    if not quotes:
        return ch.whole(i)
    start, end = quotes[-1]
    inner_start, inner_end = core(text[start:end])
    return Span(i, start + inner_start, start + inner_end, text[start + inner_start : start + inner_end])


def _holds_quote(text: str) -> bool:
    """Does ``text`` hold a double quote mark (speech, or part of it)?"""
    return any(q in text for q in QUOTE_MARKS)


def _resumed_speech(sentences: list[str], j: int) -> bool:
    """Speech opening with the connective, resumed after a narrator's aside with speech before it."""
    text, aside = sentences[j].lstrip(), sentences[j - 1]
    return text[:1] in QUOTE_MARKS and not _holds_quote(aside) and j >= 2 and _holds_quote(sentences[j - 2])


def _connective(ch: Chapter, j: int) -> re.Match | None:
    text, doc = ch.sentences[j], ch.docs[j]
    start = OPENING.match(text).end()  # where the sentence's words start (matched once for the tests)
    return (
        _initial(text, doc, start)
        or _later(text, start)
        or _then_time(text, doc, start)
        or _edge(text)
        or _after_subject(doc, start)
        or _after_tag(text, doc, start)
    )


def _after_tag(text: str, doc: Sentence | None, start: int) -> re.Match | None:
    """A connective opening a quotation after the narrator's speech tag ('She said, "But ...', 'He cried:
    "So ...'): it opens the speaker's sentence and links it to the text before, as an initial one does.
    The tag is narration without quotes (a quote before it makes the connective the second half of one
    quoted sentence: '"...," he said, "but ..."'); the sentence's words start at ``start``."""
    tag = SPEECH_TAG.search(text, start)
    if tag is None or NOT_NARRATION.search(text, start, tag.start()):
        return None  # no quotation after a tag, or a quote before it
    return _initial(text, doc, tag.end())


def _second(ch: Chapter, j: int, match: re.Match) -> re.Match | None:
    """A connective after the subject that follows a sentence-initial one ("But Anna then left.", "And
    she also said ..."): a tie of its own to the same earlier text (Halliday & Hasan count each)."""
    text = ch.sentences[j]
    if match.start("c") != OPENING.match(text).end():
        return None  # the sentence's own connective is no initial one
    return _after_subject(ch.docs[j], GAP.match(text, match.end("c")).end())


def _entry(match: re.Match) -> connectives.Connective:
    """The table's entry of a matched connective; "later" for a span of time and "later"; a temporal
    connective of its own for a time named by a demonstrative (``THEN_TIME``), which the table lacks."""
    text = match.group("c")
    if LATER.fullmatch(text):
        return connectives.connective("later")
    return connectives.find(text) or connectives.Connective(text.lower(), "temporal", "i", "-")


def _later(text: str, start: int) -> re.Match | None:
    """A sentence-initial span of time and "later" ("An hour later, ..."; ``LATER``), its words
    starting at ``start`` (after ``OPENING``)."""
    match = LATER.match(text, start)
    return match if match and text[match.end() :].strip()[:1] not in ("", ".", "?", "!") else None


def _then_time(text: str, doc: Sentence | None, start: int) -> re.Match | None:
    """A sentence-initial time named by a demonstrative (``THEN_TIME``) followed by a comma or by the
    sentence's subject, not by its verb or a preposition ("That day was cold.", "At that time of year");
    the sentence's words start at ``start`` (after ``OPENING``)."""
    match = THEN_TIME.match(text, start)
    if match is None:
        return None
    rest = text[match.end() :].lstrip()
    if not rest or rest[0] in ".?!…;:" or (rest[0] != "," and _next_pos(doc, match.end()) in NO_SUBJECT_POS):
        return None
    return match


def _after_subject(doc: Sentence | None, start: int) -> re.Match | None:
    """A connective between a pronoun, demonstrative or name subject (one or two capitalised words), opening
    the sentence or after its first comma, and the verb (adverbs may come between: "She therefore left.", "Seeing this, it then fell.",
    "He then quickly left."), or right after the subject's auxiliary ("She was also wet.", "This could
    also explain it."): it links the sentence as an initial one would. The sentence's words start at
    ``start`` (after ``OPENING``)."""
    if doc is None:
        return None
    text = doc.text
    match = patterns()["s"].match(text, start)
    if match is None or match.group("c") != match.group("c").lower():
        return None
    if match.group("aux"):
        return match  # the auxiliary is the verb ("It was also a rule", "She had then left")
    verb = next((t for t in doc if t.idx >= match.end("c") and t.pos_ != "ADV"), None)  # "then quickly left"
    return match if verb is not None and verb.pos_ in ("VERB", "AUX") else None


def _opener(ch: Chapter, j: int, later: str, linked: list[re.Match | None]) -> Span | None:
    """The opener of ``later``'s series two or more sentences back, if it is the nearest member."""
    series = [opener for opener, members in SERIES.items() if later in members]
    if not series:
        return None
    for i in ch.back(j):
        for opener in series:
            found = re.search(opener, ch.sentences[i], re.I)
            if found:
                start, end = _words(found)
                return Span(i, start, end, found.string[start:end]) if j - i >= 2 else None
        earlier = linked[i]
        if earlier and any(_entry(earlier).text in SERIES[opener] for opener in series):
            return None  # an intervening member of the series is the closer link
    return None


def _words(match: re.Match) -> tuple[int, int]:
    """Offsets of the match without the leading quotes and the trailing comma."""
    text = match.group()
    start = match.start() + len(text) - len(text.lstrip(" \"'“‘«「『—–-…"))
    return start, match.start() + len(text.rstrip(" ,"))


def _initial(text: str, doc: Sentence | None, start: int) -> re.Match | None:
    """A connective that opens the sentence, whose words start at ``start`` (after ``OPENING``)."""
    match = patterns()["i"].match(text, start)
    if match is None:
        return None
    rest = text[match.end() :].lstrip()
    condition = connectives.connective(match.group("c")).condition
    if condition == "-" and TRAILING.fullmatch(rest):
        return match  # "However…": the speaker trails off, the link stands
    if pause := PAUSE.match(rest):
        rest = rest[pause.end() :]  # "But… the key was gone": the speaker pauses, then goes on
    offset = len(text) - len(rest)  # where the words after the connective (and its pause) start
    if not rest or rest[0] in ".?!…" or _unmet(condition, rest, doc, offset):
        return None
    if re.match(r"(?:to|of)\b", rest, re.I) and match.group("c").lower() not in COORDINATORS:
        return (
            None  # a preposition: "In addition to the rice, ...", "Instead of waiting, ..." (not "So to ...")
        )
    if _modifies(condition, doc, offset) and not _aside(rest):
        return None  # "So tired.", "Yet another ...": not a conjunction
    if match.group("c").lower() == "so" and FROZEN.match(rest):
        return None
    return match


def _unmet(condition: str, rest: str, doc: Sentence | None, offset: int) -> bool:
    """Does ``rest``, the text after a connective ending at ``offset``, fail its condition "comma" or
    "subject" (``connectives.tsv``; a subject is a comma, a pronoun or a name: "At least Anna knew")?"""
    if condition == "comma":
        return rest[0] != ","
    return condition == "subject" and not SUBJECT.match(rest) and _next_pos(doc, offset) != "PROPN"


def _modifies(condition: str, doc: Sentence | None, offset: int) -> bool:
    """Is the connective ending at ``offset`` an intensifier or a determiner by its condition ("clause":
    an adjective, adverb or determiner follows, "Yet another"; "degree": an adjective or adverb, "So
    tired")?"""
    kinds = MODIFIER_POS if condition == "clause" else DEGREE_POS if condition == "degree" else None
    return kinds is not None and _next_pos(doc, offset) in kinds


def _aside(rest: str) -> bool:
    """A sentence adverb set off by a comma after the connective ("So naturally, I ..."): the
    connective is not an intensifier of it."""
    return bool(re.match(r"[a-z]+ly\s*,", rest))


def _edge(text: str) -> re.Match | None:
    if "," not in text:
        return None  # both patterns need a comma: the scans are spared
    return patterns()["f"].search(text) or patterns()["p"].search(text)


def _next_pos(doc: Sentence | None, offset: int) -> str:
    """POS of the first token at or after a character offset ("" when untagged or at the end)."""
    if doc is None:
        return ""
    return next((t.pos_ for t in doc if t.idx >= offset), "")
