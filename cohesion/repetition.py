"""Repetition: the same noun lemma (subtype ``noun``) or name (subtype ``name``) in two sentences."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from cohesion.candidate import Candidate
from cohesion.chapter import Chapter


def find(ch: Chapter) -> Iterator[Candidate]:
    """Link each noun/name of a sentence to its nearest earlier mention inside the window.

    Items repeated within their own sentence are skipped (masking one copy would leak the answer).
    """
    for j, found in enumerate(ch.mentions):
        counts = Counter((m.kind, m.lemma) for m in found)
        for m in found:
            if counts[m.kind, m.lemma] != 1:
                continue
            for i in ch.back(j):
                earlier = [p for p in ch.mentions[i] if (p.kind, p.lemma) == (m.kind, m.lemma)]
                if earlier:
                    yield Candidate("repetition", m.kind, earlier[-1].at(i), m.at(j), m.lemma)
                    break
