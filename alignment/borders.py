"""Short English sentences at a bead border, decided locally after the search.

A sentence of a few words often has no word the dictionary explains, and the search then places it by
what it does to the scores of the two beads beside it (their length factors, their recall), which says
little about where it belongs: such sentences cross a border far more often than long ones. The clause
of the neighbouring Chinese sentence that faces the border says more: a short sentence translates a
clause that the rest of its bead leaves unexplained. For each border between two two-sided beads where
a short English sentence ends the first bead's English side or begins the second's (and is not that
side's only sentence), the sentence goes to the other bead where the search's loss in gain is smaller
than ``weight`` x the clause evidence (``ChapterScorer.clause_support``): how much better the rest of
its bead explains its own facing clause than it does, less the same for the other bead's facing clause
(where both sentences qualify, the larger margin wins). Borders are decided left to right, each once. The
hybrid's scorer has no clause evidence: its border term weighs border sentences by embeddings instead (lent
the dictionary scorer's, the rule moved few of its sentences, as many wrongly as rightly, and its
cross-validated strict F1 fell).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from alignment.beads import Bead

SHORT = 30  # characters: an English sentence this short crosses a border 16-23% of the time (mac-dev)

# (i0, i1, j0, j1) -> the search's gain of that bead, para bonus at its end included, and its score; None
# where the search could not make it (outside the corridor, or a shape it does not try)
Scored = Callable[[int, int, int, int], tuple[float, float] | None]


class ClauseEvidence(Protocol):
    def clause_support(self, i: int, last: bool, j0: int, j1: int, s: int) -> float | None: ...


def _span(bead: Bead) -> tuple[int, int, int, int]:
    return bead.zh[0], bead.zh[-1] + 1, bead.en[0], bead.en[-1] + 1


def settle_borders(
    beads: Sequence[Bead], scored: Scored, evidence: ClauseEvidence, en_chars: Sequence[int], weight: float
) -> list[Bead]:
    """``beads`` with each short border sentence moved where the clause evidence outweighs the loss."""
    beads = list(beads)
    for k in range(len(beads) - 1):
        first, second = beads[k], beads[k + 1]
        if not (first.zh and first.en and second.zh and second.en):
            continue
        # the first bead's last en sentence forward, the second's first back
        options = []
        if len(first.en) > 1 and en_chars[first.en[-1]] <= SHORT:
            options.append((True, first.en[-1]))
        if len(second.en) > 1 and en_chars[second.en[0]] <= SHORT:
            options.append((False, second.en[0]))
        if not options:
            continue
        now = scored(*_span(first)), scored(*_span(second))
        if None in now:
            continue
        best, chosen = 0.0, None
        for forward, moved in options:
            en1 = first.en[:-1] if forward else first.en + (moved,)
            en2 = (moved,) + second.en if forward else second.en[1:]
            then = (
                scored(first.zh[0], first.zh[-1] + 1, en1[0], en1[-1] + 1),
                scored(second.zh[0], second.zh[-1] + 1, en2[0], en2[-1] + 1),
            )
            if None in then:
                continue
            change = then[0][0] + then[1][0] - now[0][0] - now[1][0]  # (not positive: the search's best)
            if change + 2 * weight <= best:  # the evidence, from -2 to 2, cannot make up for it
                continue
            # the facing clauses (the last of the first bead's zh side, the first of the second's), each by
            # the rest of its bead's en side (never empty)
            rest1, rest2 = (en1, second.en) if forward else (first.en, en2)
            facing = [
                (first.zh[-1], True, rest1[0], rest1[-1] + 1, moved),
                (second.zh[0], False, rest2[0], rest2[-1] + 1, moved),
            ]
            home = evidence.clause_support(*facing[not forward])
            if home is None or change + weight * (home + 1) <= best:
                continue
            away = evidence.clause_support(*facing[forward])
            if away is None:
                continue
            value = change + weight * (home - away)
            if value > best:
                best, chosen = value, (en1, en2, then)
        if chosen:
            en1, en2, then = chosen
            beads[k] = Bead(first.zh, en1, then[0][1])
            beads[k + 1] = Bead(second.zh, en2, then[1][1])
    return beads
