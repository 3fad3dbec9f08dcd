from alignment.beads import Bead
from alignment.refine import Evidence


class FakeScorer:
    def __init__(self, words, stems):
        self.words, self.stems = words, stems

    def unexplained(self, i0, i1, j0, j1):
        return frozenset(self.words[i0]), frozenset(self.stems[j0])


def test_dice_pairs_from_confident_beads_only():
    evidence = Evidence()
    words = [{"阿丑", "门"}, {"阿丑"}, {"阿丑", "雨"}, {"阿丑"}, {"猫"}, {"猫"}, {"猫"}, {"猫"}]
    stems = [
        {"bramble", "door"},
        {"bramble"},
        {"bramble", "rain"},
        {"bramble"},
        {"dog"},
        {"dog"},
        {"dog"},
        {"dog"},
    ]
    scorer = FakeScorer(words, stems)
    good = [Bead((k,), (k,), 0.9) for k in range(4)]
    weak = [Bead((k,), (k,), 0.1) for k in range(4, 8)]  # below the confident half: ignored
    evidence.add_chapter(scorer, good + weak + [Bead((0,), ()), Bead((0, 1), (0, 1), 0.9)])
    assert len(evidence.beads) == 8  # skips and beads larger than MAX_BEAD are no evidence
    assert evidence.learn() == {"阿丑": frozenset({"bramble"})}


def test_evidence_keeps_the_unexplained_words_and_stems_sorted():
    evidence = Evidence()
    scorer = FakeScorer([{"门", "阿丑"}], [{"door", "bramble"}])
    evidence.add_chapter(scorer, [Bead((0,), (0,), 0.9)])
    assert evidence.beads == [(0.9, ("门", "阿丑"), ("bramble", "door"))]
