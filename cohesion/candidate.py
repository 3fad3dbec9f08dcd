"""The mined record: two spans in (possibly) different sentences, plus labels."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    sent: int  # 0-based sentence index in the chapter
    start: int  # character offsets into that sentence
    end: int
    text: str


@dataclass(frozen=True)
class Candidate:
    phenomenon: str  # repetition | synonyms | reference | substitution | ellipsis | conjunction
    subtype: str
    a: Span  # element 1 (antecedent); empty for conjunction
    b: Span  # element 2 (the cohesive device)
    trigger: str

    @property
    def distance(self) -> int:
        return self.b.sent - self.a.sent

    @property
    def adjacent(self) -> bool:
        """Same or neighbouring sentence; non-adjacent links are always the closest link."""
        return self.distance <= 1

    def to_json(self) -> dict:
        return {
            "phenomenon": self.phenomenon,
            "subtype": self.subtype,
            "adjacent": self.adjacent,
            "distance": self.distance,
            "sentences": [self.a.sent, self.b.sent],
            "a": self.a.text,
            "b": self.b.text,
            "spans": [[self.a.start, self.a.end], [self.b.start, self.b.end]],
            "trigger": self.trigger,
        }
