"""A mined candidate: its distance, adjacency class and JSON record."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, asdict, replace

import pytest

from cohesion.candidate import ADJACENCY, Candidate, Span


def _candidate(sent_a: int, sent_b: int, clauses: bool = False) -> Candidate:
    return Candidate(
        "reference",
        "personal",
        Span(sent_a, 0, 4, "Anna"),
        Span(sent_b, 10, 13, "she"),
        trigger="she",
        clauses=clauses,
    )


@pytest.mark.parametrize(
    "sent_a, sent_b, clauses, distance, adjacency",
    [
        (3, 3, False, 0, "intra"),
        (3, 3, True, 0, "adjacent"),
        (3, 4, False, 1, "adjacent"),
        (3, 5, False, 2, "non_adjacent"),
        (3, 9, True, 6, "non_adjacent"),
    ],
)
def test_distance_and_adjacency(sent_a, sent_b, clauses, distance, adjacency):
    candidate = _candidate(sent_a, sent_b, clauses)
    assert (candidate.distance, candidate.adjacency) == (distance, adjacency)
    assert candidate.adjacent == (adjacency == "adjacent")
    assert candidate.adjacency in ADJACENCY


def test_the_json_record():
    assert _candidate(2, 4).to_json() == {
        "phenomenon": "reference",
        "subtype": "personal",
        "adjacency": "non_adjacent",
        "adjacent": False,
        "distance": 2,
        "sentences": [2, 4],
        "a": "Anna",
        "b": "she",
        "spans": [[0, 4], [10, 13]],
        "trigger": "she",
        "evidence": "",
    }


def test_adjacency_classes():
    assert ADJACENCY == ("intra", "adjacent", "non_adjacent")


def test_spans_and_candidates_are_frozen_dataclasses():
    span = Span(1, 0, 4, "that")
    candidate = Candidate("reference", "personal", Span(0, 0, 4, "Anna"), span, "she")
    assert asdict(candidate)["b"] == {"sent": 1, "start": 0, "end": 4, "text": "that"}
    assert candidate == Candidate("reference", "personal", Span(0, 0, 4, "Anna"), span, "she", "", False)
    assert hash(candidate) == hash(replace(candidate, evidence=""))
    with pytest.raises(FrozenInstanceError):
        span.sent = 2  # type: ignore[misc]
