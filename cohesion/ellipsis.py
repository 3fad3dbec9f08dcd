"""Ellipsis (sluicing): a wh-remnant at the right edge of a clause, its content in an earlier clause.

A root sluice in dialogue (in quotation marks) answers speech: its antecedent is the nearest earlier
sentence holding speech (narration between is passed over; element 1 is the quoted part), and none
after a question or a request ("Give me the key." / "Why?" means "why do you ask"). A remnant inside a
quote is read within that quote, its speech tag apart: '"Why?" asked Tom.' is a root sluice, 'Tom said:
"What?"' a surprised "What?", and the tag of 'Anna said, "I don't know who."' is no antecedent. A root
sluice in narration ("He needed the money by Friday. But how?") follows the rules below.

Two shapes: *embedded* sluices, the wh-phrase right after a question-embedding predicate ("I don't
know why.", "Tell me where."), and *root* sluices, an utterance that is only the wh-phrase ("Why?").
The antecedent is the earlier clause of the same sentence when there is one ("Somebody called, but I
don't know who.", distance 0), otherwise the previous sentence (not a question, for root sluices). That
clause must have a verb (an opening phrase, "To this day, no one knows who.", is none) and yields to an
earlier sentence that holds the remnant's correlate when it holds none (below).
Subtype suffix: ``merger`` when the antecedent has an indefinite correlate (someone, something ...),
else ``sprouting``. A wh-word before a colon, or before a comma and a further clause (cataphora:
"did not know why, but ..."), is not a remnant: the content follows. A same-sentence antecedent in
the clause before a semicolon is ``adjacent`` (the paper's "...hiring him; I just don't know when."),
otherwise ``intra``.

Non-adjacent sluices: when the previous sentence has no correlate of the remnant's kind (who -
someone, what - something, where - somewhere, when - sometime, "soon" or an event going, planned, promised or
decided to happen, whose time is left open, why - for some reason, how - somehow or an ability, "could", "can",
"able to", "learned to", "managed to", not negated: "She could mend any clock. ... They asked her how."),
the nearest sentence up to ``REACH`` (five) back that has one is the antecedent ("Someone had been in the
study. The drawer was open. She wondered who.", distance 2, a merger). Without a correlate the
antecedent is the nearest sentence that reports an event: sentences that only describe a state or a
reaction (no verb, or only a participle after a form of "be": "The neighbours were amazed."; "was
going" is an event) are passed over ("The clock stopped. The neighbours were amazed. Nobody knew why.",
distance 2), and so are sentences whose first verb is one of searching or testing (``INQUIRY``: an
attempt to find the answer, not what the remnant asks about: "The lamp kept flickering. He checked the
wires. He never learned why."). No sentence from the antecedent to the sluice may be a question (a question
would be the closer thing the remnant answers or echoes).

A remnant that stands for an argument, "who", "whom" or "what" (``ARGUMENTS``), is a sluice only with a
correlate (Merchant 2001; Chung, Ladusaw & McCloskey 1995): an indefinite, "someone"/"something" or a noun
phrase with "a", "an", "some" or "another" (a person for "who": "a famous author"; a thing for "what": "a
surprise"), in its own clause or, past no question, up to ``REACH`` sentences back, and that sentence is its
antecedent (a merger). Without one it echoes a definite ("Anna is coming." / "Who?"), or it is no sluice at
all ("Says who?", "Guess who?", "for God knows what").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cohesion.tagged import Sentence

from cohesion import lexicon, nlp, nounphrase, senses
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter, core, quote_span, words
from cohesion.descriptions import BE_FORMS

WH = r"how\s+(?:much|many|long|come|often|far|old)|what\s+for|who|whom|what|which|where|when|why|how|whose"
REMNANT = re.compile(
    rf"\b(?P<wh>{WH})(?:\s+(?:else|exactly|then))?(?=\s*(?:[.?!,;…—–\"”)]|['’](?![a-z])|$))", re.I
)
ROOT = re.compile(
    rf"^(?:(?:and|but|so|then|oh|well)[\s,]+)?(?:{WH})(?:\s+(?:else|exactly|then))?[?!.…]*\?[?!.…]*$",
    re.I,
)
QUOTES = " \"'“”‘’«»「」『』—–-"
# a quotation mark; a single one only at a word's edge (not the apostrophe of "wouldn’t", "It's"),
# looked around after the mark (as in cohesion.speech: the search then skips to a quote character)
QUOTE = re.compile(r"[\"“”«»「」『』]|['‘’](?:(?<!\w['‘’])|(?!\w))")
FILLERS = frozenset("me you him her us them exactly just even really about on of no".split())
CORRELATE = re.compile(r"\b(?:some(?:one|body|thing|where|time|how|day)|some\s+\w+|one day)\b", re.I)
# The indefinite correlate each remnant merges with (the non-adjacent search needs a matching one).
MERGES_WITH = {
    "who": r"some(?:one|body)",
    "whom": r"some(?:one|body)",
    "what": r"something",
    "where": r"somewhere|some\s+place",
    "when": r"some(?:time|day)|one day|at some point|soon|(?:going|planning|planned|promised|decided)\s+to",
    "why": r"for some reason",
    "how": r"somehow|some\s+way|(?:could|can)(?!\s*(?:not|never)\b)|(?:able|learned|learnt|managed)\s+to",
}
# Verbs of searching or testing: a sentence of them reports an attempt to find the answer, not the event
# the remnant asks about ("The lamp kept flickering. He checked the wires. He never learned why.").
INQUIRY = frozenset("check search test examine inspect investigate probe".split())
# Remnants that stand for an argument (Merchant 2001; Chung, Ladusaw & McCloskey 1995): they need a
# correlate, an indefinite ("someone", "a famous author", "a surprise"); without one they echo a definite
# ("Anna is coming." / "Who?") rather than stand for a clause.
ARGUMENTS = frozenset(("who", "whom", "what"))
INDEFINITE = frozenset(("a", "an", "some", "another"))
REACH = 5  # how far back a non-adjacent antecedent may be


def find(ch: Chapter) -> Iterator[Candidate]:
    for j, text in enumerate(ch.sentences):
        lower = text.lower()
        if "wh" not in lower and "how" not in lower:
            continue  # every remnant starts so (only ASCII letters match these under re.I): no scan
        for match in REMNANT.finditer(text):
            found = _sluice(ch, j, text, match)
            if found:
                yield found
                break


def _ends_with(text: str, phrase: str) -> bool:
    """Whether ``text`` ends with the words ``phrase``; only its tail is searched, as a sentence of a
    thousand remnants ("what? what? ...") searched whole for each took seconds."""
    return re.search(rf"(?:^|\W){re.escape(phrase)}$", text[-len(phrase) - 1 :]) is not None


def _sluice(ch: Chapter, j: int, text: str, match: re.Match) -> Candidate | None:
    wh = match.group("wh")
    # the utterance: the quote holding the remnant, not its speech tag ('Tom asked, "Why?"' is a root sluice)
    start, end = quote_span(text, match.start()) or (0, len(text))
    before = text[start : match.start()]
    said = (before + wh).lower().replace("’", "'")
    if any(_ends_with(said, stop) for stop in lexicon.words("sluice_stoplist.txt")):
        return None
    after = text[match.end() : end].lstrip()
    if after.startswith(":") or (after.startswith(",") and len(words(after)) >= 2):
        return None  # the content follows: "knew why: ...", "did not know why, but ..."
    b = Span(j, match.start("wh"), match.end("wh"), wh)
    argument = wh.lower() in ARGUMENTS
    if ROOT.match(text[start:end].strip(QUOTES)):
        if wh.lower() == "what" or j == 0 or _question(ch.sentences[j - 1]) or _request(ch.docs[j - 1]):
            return None  # "What?" is surprise; after a question or a request "Why?" asks "why do you ask"
        i = _antecedent(ch, j, wh, spoken=bool(QUOTE.search(text)))
        if i is not None and argument and _correlated(ch, j, wh) != i:
            return None  # "Who?" after a definite: an echo
        return _candidate("root", _speech(ch, i), b, merger=argument) if i is not None else None
    predicate = _predicate_start(before)
    if predicate is None:
        return None
    clause = before[:predicate].rstrip()
    own = _merges(wh, clause) or (argument and _indefinite(ch, j, wh, start, start + len(clause)))
    if (
        clause.endswith((",", ";"))
        and len(words(clause)) >= 2
        and _has_verb(ch.docs[j], start, start + len(clause))
        and (own or _correlated(ch, j, wh) is None)
    ):
        if argument and not own:
            return None  # an argument remnant without a correlate
        a_start, a_end = core(clause)
        a = Span(j, start + a_start, start + a_end, clause[a_start:a_end])
        return _candidate("embedded", a, b, clauses=clause.endswith(";"), merger=argument)
    if j == 0 or (argument and _correlated(ch, j, wh) is None):
        return None
    return _candidate("embedded", ch.whole(_antecedent(ch, j, wh)), b, merger=argument)


def _has_verb(doc: Sentence | None, start: int, end: int) -> bool:
    """Is there a verb between characters ``start`` and ``end`` of the sentence: a clause, not an opening
    phrase ("To this day, no one knows who.")? True without the words tagged."""
    return doc is None or any(t.pos_ in ("VERB", "AUX") for t in doc if start <= t.idx < end)


def _merges(wh: str, text: str) -> bool:
    """Does ``text`` hold the indefinite correlate of the remnant ``wh`` ("someone" for "who")?"""
    correlate = MERGES_WITH.get(wh.lower())
    return correlate is not None and re.search(rf"\b(?:{correlate})\b", text, re.I) is not None


def _correlated(ch: Chapter, j: int, wh: str) -> int | None:
    """The nearest earlier sentence, up to ``REACH`` back and past no question, holding the remnant's
    correlate: the antecedent over a nearer clause without one ("Someone moved her keys. ... Her
    roommates denied it, so she never learned who.")."""
    near = range(j - 1, max(j - REACH, 0) - 1, -1)
    asked = next((i for i in near if _question(ch.sentences[i])), near.stop)
    near = range(j - 1, asked, -1)
    found = next((i for i in near if _merges(wh, ch.sentences[i])), None)
    if found is None and wh.lower() in ARGUMENTS:  # an indefinite noun phrase ("a surprise")
        found = next((i for i in near if _indefinite(ch, i, wh)), None)
    return found


def _indefinite(ch: Chapter, i: int, wh: str, start: int = 0, end: int | None = None) -> bool:
    """Does sentence ``i`` (between characters ``start`` and ``end``) hold an indefinite noun phrase of the
    remnant's kind, a person for "who" ("a famous author"), a thing for "what" ("a surprise")?"""
    doc = ch.docs[i]
    person = wh.lower() != "what"
    return doc is not None and any(
        m.kind == "noun"
        and start <= m.start
        and (end is None or m.start < end)
        and senses.is_person(m.lemma) == person
        and nounphrase.determiner(doc, m.token) in INDEFINITE
        for m in ch.mentions[i]
    )


def _antecedent(ch: Chapter, j: int, wh: str, spoken: bool = False) -> int | None:
    """The sentence holding the antecedent: the nearest with a correlate of the remnant, else the
    nearest that reports an event, else the previous one (see the module notes). A ``spoken`` root
    sluice answers the nearest speech when there is some: narration between is passed over."""
    said = [i for i in range(j - 1, max(j - REACH, 0) - 1, -1) if QUOTE.search(ch.sentences[i])]
    if spoken and said:
        return None if _question(ch.sentences[said[0]]) else said[0]
    correlated = _correlated(ch, j, wh)
    if correlated is not None:
        return correlated
    for i in range(j - 1, max(j - REACH, 0) - 1, -1):
        if _question(ch.sentences[i]):
            break
        if _event(ch.docs[i]) and not _inquiry(ch.docs[i]):
            return i
    return j - 1


def _inquiry(doc: Sentence | None) -> bool:
    """Is the sentence's first verb one of searching or testing (``INQUIRY``)?"""
    verb = next((t for t in doc or () if t.pos_ == "VERB"), None)
    return verb is not None and nlp.lemma(verb.text, "v") in INQUIRY


def _request(doc: Sentence | None) -> bool:
    """An imperative ("Give me the key."): its first word is a verb in the base form."""
    first = next((t for t in doc or () if t.pos_ not in ("PUNCT", "SPACE", "INTJ")), None)
    return first is not None and first.tag_ == "VB"


def _speech(ch: Chapter, i: int) -> Span:
    """The quoted stretch of sentence ``i`` (its last one), or the whole sentence inside a quote."""
    text = ch.sentences[i]
    quotes = list(re.finditer(r"(?<!\w)[\"“‘'](?=\w)([^\"“”]+?)(?:[\"”’']|$)(?!\w)", text))
    if not quotes:
        return ch.whole(i)
    start, end = quotes[-1].span(1)
    start2, end2 = core(text[start:end])
    return Span(i, start + start2, start + end2, text[start + start2 : start + end2])


def _event(doc: Sentence | None) -> bool:
    """Does the sentence have a verb that is not a participle after a form of "be", adverbs between ("were
    amazed", "were all shut"; "was going" is an event)?"""
    if doc is None:
        return False
    return any(t.pos_ == "VERB" and not (t.tag_ == "VBN" and _after_be(doc, t.i)) for t in doc)


def _after_be(doc: Sentence, i: int) -> bool:
    """Does a form of "be" come right before word ``i``, but for adverbs ("were all shut", "was not")?"""
    k = i - 1
    while k >= 0 and doc[k].pos_ in ("ADV", "PART"):
        k -= 1
    return k >= 0 and doc[k].lower_.replace("’", "'") in BE_FORMS


def _question(text: str) -> bool:
    return text.rstrip(QUOTES).endswith("?")


def _predicate_start(before: str) -> int | None:
    """Where the question-embedding predicate governing the remnant starts, if there is one."""
    tokens = list(re.finditer(r"[A-Za-z’']+", before))
    while tokens and tokens[-1].group().lower() in FILLERS:
        tokens.pop()
    predicates = lexicon.words("sluice_predicates.txt")
    for size in (2, 1):
        if len(tokens) >= size:
            phrase = " ".join(t.group().lower() for t in tokens[-size:])
            if phrase in predicates:
                return _clause_start(before, tokens[-size].start())
    return None


def _clause_start(before: str, predicate: int) -> int:
    """Start of the clause holding the predicate: after the last comma/semicolon plus conjunction."""
    cut = max(before.rfind(",", 0, predicate), before.rfind(";", 0, predicate))
    return cut + 1 if cut >= 0 else 0


def _candidate(shape: str, a: Span, b: Span, clauses: bool = False, merger: bool = False) -> Candidate:
    """(``merger``: an argument remnant, whose antecedent holds its correlate.)"""
    kind = "merger" if merger or CORRELATE.search(a.text) else "sprouting"
    return Candidate("ellipsis", f"{shape}_{kind}", a, b, b.text.lower(), clauses=clauses)
