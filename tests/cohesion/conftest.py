"""Shared helpers: spaCy and WordNet are loaded once per session (cached loaders, warmed here)."""

from __future__ import annotations

import pytest

from cohesion.candidate import Candidate
from cohesion.miner import mine
from cohesion.nlp import load_tagger, wordnet


@pytest.fixture(scope="session")
def mined():
    """``mined(phenomenon, *sentences, zh=None)`` -> that phenomenon's candidates as comparable tuples."""
    load_tagger()
    wordnet()

    def run(phenomenon: str, *sentences: str, zh: list[str] | None = None) -> list[tuple]:
        return [_flat(c) for c in mine(list(sentences), zh) if c.phenomenon == phenomenon]

    return run


def _flat(c: Candidate) -> tuple:
    """(subtype, (sent, start, end, text) of a, same for b, trigger)."""
    return (
        c.subtype,
        (c.a.sent, c.a.start, c.a.end, c.a.text),
        (c.b.sent, c.b.start, c.b.end, c.b.text),
        c.trigger,
    )
