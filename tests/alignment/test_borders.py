from alignment.beads import Bead
from alignment.borders import SHORT, settle_borders


class Evidence:
    """Clause support by (zh sentence, last clause): the same whatever the rest and the moved sentence."""

    def __init__(self, support):
        self.support = support

    def clause_support(self, i, last, j0, j1, s):
        return self.support[i, last]


def scored_by(gains):
    """The search's gain and score of a bead, by its zh and en spans (None where not listed)."""

    def scored(i0, i1, j0, j1):
        gain = gains.get((i0, i1, j0, j1))
        return None if gain is None else (gain, gain)

    return scored


BEADS = [Bead((0,), (0,), 0.5), Bead((1,), (1, 2), 0.5)]
GAINS = {(0, 1, 0, 1): 0.5, (1, 2, 1, 3): 0.5, (0, 1, 0, 2): 0.48, (1, 2, 2, 3): 0.48}
# en 1 (short) begins the second bead; it explains the first bead's last clause, which en 0 leaves out
SUPPORT = {(0, True): -0.5, (1, False): 0.5}


def test_a_short_sentence_moves_where_the_clause_evidence_outweighs_the_loss():
    moved = settle_borders(BEADS, scored_by(GAINS), Evidence(SUPPORT), (50, 10, 50), 0.1)
    assert moved == [Bead((0,), (0, 1), 0.48), Bead((1,), (2,), 0.48)]
    assert settle_borders(BEADS, scored_by(GAINS), Evidence(SUPPORT), (50, 10, 50), 0.02) == BEADS


def test_a_long_sentence_a_sides_only_sentence_and_a_clause_without_glossed_words_stay():
    long = (50, SHORT + 1, 50)
    assert settle_borders(BEADS, scored_by(GAINS), Evidence(SUPPORT), long, 1.0) == BEADS
    lone = [Bead((0,), (0,), 0.5), Bead((1,), (1,), 0.5)]  # and en 0 ends a side of one sentence
    assert settle_borders(lone, scored_by(GAINS), Evidence(SUPPORT), (10, 10), 1.0) == lone
    blank = {(0, True): None, (1, False): 0.5}
    assert settle_borders(BEADS, scored_by(GAINS), Evidence(blank), (50, 10, 50), 1.0) == BEADS


def test_a_bead_the_search_could_not_make_is_no_alternative():
    gains = {key: gain for key, gain in GAINS.items() if key != (1, 2, 2, 3)}
    assert settle_borders(BEADS, scored_by(gains), Evidence(SUPPORT), (50, 10, 50), 1.0) == BEADS


def test_a_short_sentence_ending_the_first_bead_moves_forward():
    beads = [Bead((0,), (0, 1), 0.5), Bead((1,), (2,), 0.5)]
    gains = {(0, 1, 0, 2): 0.5, (1, 2, 2, 3): 0.5, (0, 1, 0, 1): 0.48, (1, 2, 1, 3): 0.48}
    support = {(0, True): 0.5, (1, False): -0.5}
    assert settle_borders(beads, scored_by(gains), Evidence(support), (50, 10, 50), 0.1) == [
        Bead((0,), (0,), 0.48),
        Bead((1,), (1, 2), 0.48),
    ]
