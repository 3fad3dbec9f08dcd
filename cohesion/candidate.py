"""The mined record: two spans in (possibly) different sentences, plus labels."""

from __future__ import annotations

from dataclasses import dataclass

PHENOMENA = ("repetition", "synonyms", "reference", "substitution", "ellipsis", "conjunction")
ADJACENCY = ("intra", "adjacent", "non_adjacent")
# Longest sentence the miner reads, in characters. Longer "sentences" are splitting failures (a
# paragraph or a whole chapter on one line): the rules' per-sentence work is not linear in length
# (a 1M-character line took 70 s and 4.3 GB), so they are mined as if empty (callers report them).
MAX_CHARS = 10_000
# Both records are frozen dataclasses with an ``__init__`` of their own, which stores the instance's
# dict at once: the generated one stores each field through ``object.__setattr__``, twice as slow,
# and the miner makes thousands of them per chapter.
_set = object.__setattr__


@dataclass(frozen=True, init=False)
class Span:
    sent: int  # 0-based sentence index in the chapter
    start: int  # character offsets into that sentence
    end: int
    text: str

    def __init__(self, sent: int, start: int, end: int, text: str) -> None:
        _set(self, "__dict__", {"sent": sent, "start": start, "end": end, "text": text})


@dataclass(frozen=True, init=False)
class Candidate:
    phenomenon: str  # repetition | synonyms | reference | substitution | ellipsis | conjunction
    subtype: str
    a: Span  # element 1 (antecedent); empty for conjunction
    b: Span  # element 2 (the cohesive device)
    trigger: str
    evidence: str = ""  # optional support from the aligned Chinese ("zh=她"); never required
    clauses: bool = False  # a same-sentence pair in neighbouring clauses split by a semicolon

    def __init__(
        self,
        phenomenon: str,
        subtype: str,
        a: Span,
        b: Span,
        trigger: str,
        evidence: str = "",
        clauses: bool = False,
    ) -> None:
        _set(
            self,
            "__dict__",
            {
                "phenomenon": phenomenon,
                "subtype": subtype,
                "a": a,
                "b": b,
                "trigger": trigger,
                "evidence": evidence,
                "clauses": clauses,
            },
        )

    @property
    def distance(self) -> int:
        return self.b.sent - self.a.sent

    @property
    def adjacency(self) -> str:
        """The cohesion paper's classes: neighbouring sentences (or semicolon clauses) are
        ``adjacent``, at least one sentence between is ``non_adjacent``, same sentence ``intra``."""
        if self.distance >= 2:
            return "non_adjacent"
        return "adjacent" if self.distance == 1 or self.clauses else "intra"

    @property
    def adjacent(self) -> bool:
        return self.adjacency == "adjacent"

    def to_json(self) -> dict:
        return {
            "phenomenon": self.phenomenon,
            "subtype": self.subtype,
            "adjacency": self.adjacency,
            "adjacent": self.adjacent,
            "distance": self.distance,
            "sentences": [self.a.sent, self.b.sent],
            "a": self.a.text,
            "b": self.b.text,
            "spans": [[self.a.start, self.a.end], [self.b.start, self.b.end]],
            "trigger": self.trigger,
            "evidence": self.evidence,
        }
