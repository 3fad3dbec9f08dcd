"""Repetition: the same noun lemma (subtype ``noun``) or name (subtype ``name``) in two sentences."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from cohesion import nounphrase
from cohesion.candidate import Candidate
from cohesion.chapter import LEXICAL_WINDOW, Chapter

INDEFINITE = frozenset(("a", "an", "another", "some", "any", "no"))


def find(ch: Chapter) -> Iterator[Candidate]:
    """Link each noun/name of a sentence to its nearest earlier mention inside the window.

    Items repeated within their own sentence are skipped (masking one copy would leak the answer), and
    so are pairs that cannot share a referent: a noun introduced as new ("a man ... a tall, thin man":
    an indefinite determiner before the later noun) and the cases of :func:`nounphrase.different`
    (other owner, contrasting modifiers, measure, modifier vs head) and :func:`nounphrase.idiom`.
    """
    for j, found in enumerate(ch.mentions):
        counts = Counter((m.kind, m.lemma) for m in found)
        for m in found:
            if counts[m.kind, m.lemma] != 1:
                continue
            doc = ch.docs[j]
            if m.kind == "noun" and (
                nounphrase.determiner(doc, m.token) in INDEFINITE or nounphrase.idiom(ch.sentences[j], m.end)
            ):
                continue
            for i in ch.back(j, LEXICAL_WINDOW):
                earlier = [p for p in ch.mentions[i] if (p.kind, p.lemma) == (m.kind, m.lemma)]
                if earlier:
                    a = earlier[-1]
                    if m.kind != "noun" or not (
                        nounphrase.different(ch.docs[i], a.token, doc, m.token)
                        or nounphrase.idiom(ch.sentences[i], a.end)
                    ):
                        yield Candidate("repetition", m.kind, a.at(i), m.at(j), m.lemma)
                    break
