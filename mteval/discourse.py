"""Discourse-bearing tokens of a document and their precision / recall between a hypothesis and a reference.

This measures what BWB's BlonDe measures, but it is *not* BlonDe (whose reference implementation is not
available here) and its scores are not comparable with BlonDe's. Per document, each category's items are
a multiset; matched = Σ min(count in hypothesis, count in reference) over items; precision = matched /
hypothesis items, recall = matched / reference items. Categories:

* ``pronoun-{masculine,feminine,neuter,epicene}``: English pronouns by BWB class (``text.pronouns``);
* ``entity-person`` and ``entity-other``: spaCy NER mentions (lower-cased text), PERSON vs every other label;
* ``tense``: verbs as (tense, lemma) from spaCy's morphology (Tense=Past / Pres), and "will"/"shall" +
  base verb (within three tokens) as future;
* ``marker``: discourse markers, the connective list of the cohesion miner (``text/data/connectives.tsv``)
  matched as whole words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from spacy.language import Language

from text.pronouns import CLASSES, en_pronouns
from text.connectives import connectives
from text.english_model import SPACY_MODEL, spaced_runs

CATEGORIES = (*(f"pronoun-{c}" for c in CLASSES), "entity-person", "entity-other", "tense", "marker")
FUTURE_MODALS = frozenset(("will", "shall", "'ll"))


@cache
def nlp() -> Language:
    """spaCy's English pipeline with NER and morphology (the dependency parser is not needed)."""
    import spacy

    return spacy.load(SPACY_MODEL, disable=["parser"])


@cache
def _markers() -> re.Pattern:
    alternatives = "|".join(re.escape(c.text) for c in connectives())  # longest first
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])", re.I)


def markers(text: str) -> list[str]:
    """Discourse markers in ``text``, lower-cased, in order (multiword entries win over their parts)."""
    return [m.group(0).lower() for m in _markers().finditer(text)]


def items(lines: Iterable[str]) -> dict[str, Counter[str]]:
    """The discourse items of a document given as lines (one bead each), per category."""
    found: dict[str, Counter[str]] = {c: Counter() for c in CATEGORIES}
    lines = list(lines)
    for doc in nlp().pipe(map(spaced_runs, lines), batch_size=64):
        for ent in doc.ents:
            found["entity-person" if ent.label_ == "PERSON" else "entity-other"][ent.text.lower()] += 1
        for token in doc:
            if token.tag_ == "MD" and token.lower_ in FUTURE_MODALS:
                verb = next((t for t in doc[token.i + 1 : token.i + 4] if t.tag_ == "VB"), token)
                found["tense"][f"Fut:{verb.lemma_.lower()}"] += 1
            elif token.pos_ in ("VERB", "AUX") and (tense := token.morph.get("Tense")):
                found["tense"][f"{tense[0]}:{token.lemma_.lower()}"] += 1
    for line in lines:
        for word, cls in en_pronouns(line):
            found[f"pronoun-{cls}"][word] += 1
        found["marker"].update(markers(line))
    return found


@dataclass
class Overlap:
    """Matched, hypothesis and reference item counts; add them up across documents for corpus scores."""

    matched: int = 0
    hyp: int = 0
    ref: int = 0

    def add(self, other: Overlap) -> None:
        self.matched, self.hyp, self.ref = (
            self.matched + other.matched,
            self.hyp + other.hyp,
            self.ref + other.ref,
        )

    @property
    def precision(self) -> float | None:
        return self.matched / self.hyp if self.hyp else None

    @property
    def recall(self) -> float | None:
        return self.matched / self.ref if self.ref else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0


def overlap(hyp: Counter[str], ref: Counter[str]) -> Overlap:
    return Overlap(sum((hyp & ref).values()), sum(hyp.values()), sum(ref.values()))


@dataclass
class DocScores:
    """Per-category overlaps of one document, and all categories pooled (``all``)."""

    categories: dict[str, Overlap] = field(default_factory=dict)

    @property
    def pooled(self) -> Overlap:
        total = Overlap()
        for o in self.categories.values():
            total.add(o)
        return total


def score_document(hyp_lines: list[str], ref_lines: list[str]) -> DocScores:
    hyp, ref = items(hyp_lines), items(ref_lines)
    return DocScores({c: overlap(hyp[c], ref[c]) for c in CATEGORIES})
