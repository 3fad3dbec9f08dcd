"""Ellipsis (sluicing): a wh-remnant at the right edge of a clause, its content in an earlier clause.

Two shapes: *embedded* sluices, the wh-phrase right after a question-embedding predicate ("I don't
know why.", "Tell me where."), and *root* sluices, an utterance that is only the wh-phrase ("Why?").
The antecedent is the earlier clause of the same sentence when there is one ("Somebody called, but I
don't know who.", distance 0), otherwise the previous sentence (not a question, for root sluices).
Subtype suffix: ``merger`` when the antecedent has an indefinite correlate (someone, something ...),
else ``sprouting``. A wh-word before a colon is not a remnant: the content follows ("everyone knew
why: ..."). Works on raw text: no tagging needed.

Non-adjacent sluices are taken only as mergers (Halliday & Hasan's clausal ellipsis presupposing an
indefinite): when the previous sentence has no correlate of the remnant's kind (who - someone,
what - something, where - somewhere, when - sometime, why - for some reason, how - somehow), the
nearest sentence up to ``REACH`` back that has one is the antecedent ("Someone had been in the
study. The drawer was open. She wondered who.", distance 2), provided no sentence from it to the
sluice is a question (a question would be the closer thing the remnant answers or echoes).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from cohesion import lexicon
from cohesion.candidate import Candidate, Span
from cohesion.chapter import Chapter, core, words

WH = r"how\s+(?:much|many|long|come|often|far|old)|what\s+for|who|whom|what|which|where|when|why|how|whose"
REMNANT = re.compile(
    rf"\b(?P<wh>{WH})(?:\s+(?:else|exactly|then))?(?=\s*(?:[.?!,;…—–\"”)]|['’](?![a-z])|$))", re.I
)
ROOT = re.compile(
    rf"^(?:(?:and|but|so|then|oh|well)[\s,]+)?(?:{WH})(?:\s+(?:else|exactly|then))?[?!.…]*\?[?!.…]*$",
    re.I,
)
QUOTES = " \"'“”‘’«»「」『』—–-"
FILLERS = frozenset("me you him her us them exactly just even really about on of no".split())
CORRELATE = re.compile(r"\b(?:some(?:one|body|thing|where|time|how|day)|some\s+\w+|one day)\b", re.I)
# The indefinite correlate each remnant merges with (the non-adjacent search needs a matching one).
MERGES_WITH = {
    "who": r"some(?:one|body)",
    "whom": r"some(?:one|body)",
    "what": r"something",
    "where": r"somewhere|some\s+place",
    "when": r"some(?:time|day)|one day|at some point",
    "why": r"for some reason",
    "how": r"somehow|some\s+way",
}
REACH = 3  # how far back a non-adjacent antecedent may be


def find(ch: Chapter) -> Iterator[Candidate]:
    for j, text in enumerate(ch.sentences):
        for match in REMNANT.finditer(text):
            found = _sluice(ch, j, text, match)
            if found:
                yield found
                break


def _sluice(ch: Chapter, j: int, text: str, match: re.Match) -> Candidate | None:
    wh = match.group("wh")
    before = text[: match.start()]
    said = (before + wh).lower().replace("’", "'")
    if any(re.search(rf"(?:^|\W){re.escape(stop)}$", said) for stop in lexicon.words("sluice_stoplist.txt")):
        return None
    b = Span(j, match.start("wh"), match.end("wh"), wh)
    if ROOT.match(text.strip(QUOTES)):
        if wh.lower() == "what" or j == 0 or _question(ch.sentences[j - 1]):
            return None  # bare "What?" is surprise, not a sluice; a question is no antecedent
        return _candidate("root", ch.whole(_antecedent(ch, j, wh)), b)
    predicate = _predicate_start(before)
    if predicate is None:
        return None
    clause = before[:predicate].rstrip()
    if clause.endswith((",", ";")) and len(words(clause)) >= 2:
        a_start, a_end = core(clause)
        return _candidate("embedded", Span(j, a_start, a_end, clause[a_start:a_end]), b)
    return _candidate("embedded", ch.whole(_antecedent(ch, j, wh)), b) if j > 0 else None


def _antecedent(ch: Chapter, j: int, wh: str) -> int:
    """The sentence holding the antecedent: the previous one unless only an earlier one has a correlate."""
    correlate = MERGES_WITH.get(wh.lower())
    if correlate is None:
        return j - 1
    for i in range(j - 1, max(j - REACH, 0) - 1, -1):
        if _question(ch.sentences[i]):
            break
        if re.search(rf"\b(?:{correlate})\b", ch.sentences[i], re.I):
            return i
    return j - 1


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


def _candidate(shape: str, a: Span, b: Span) -> Candidate:
    kind = "merger" if CORRELATE.search(a.text) else "sprouting"
    return Candidate("ellipsis", f"{shape}_{kind}", a, b, b.text.lower())
