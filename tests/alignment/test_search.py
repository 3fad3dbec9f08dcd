import numpy as np

from alignment.search import Paragraphs, SearchParams, best_path, bead_types, column_ranges, two_pass


class DiagonalScorer:
    """Similarity 1 exactly for the beads of a planted alignment, a bit for near misses."""

    def __init__(self, beads, n, m):
        self.beads = {(z[0], len(z), e[0], len(e)) for z, e in beads if z and e}
        self.n, self.m = n, m

    def scores_at(self, a, b, rows, columns):
        table = np.full((max(0, self.n - a + 1), max(0, self.m - b + 1)), 0.05)
        for i, size_zh, j, size_en in self.beads:
            if (size_zh, size_en) == (a, b):
                table[i, j] = 1.0
        return table[rows, columns]

    def orphans_at(self, a, b, rows, columns):
        return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))


def test_best_path_is_monotone_max_sum():
    links = [(0, 0, 1.0), (1, 5, 3.0), (1, 1, 1.0), (2, 2, 1.0), (3, 3, 1.0), (2, 6, 0.5)]
    assert best_path(links) == [(0, 0), (1, 5), (2, 6)]
    assert best_path([(0, 0, 1.0), (0, 1, 1.0)]) == [(0, 0)]  # one link per row
    assert best_path([]) == []


def test_column_ranges_follow_anchors():
    assert column_ranges(3, 10, [(1, 5)], 1) == [(0, 6), (0, 6), (5, 10), (5, 10)]


def test_bead_types():
    types = bead_types(4)
    assert types[0] == (1, 1) and types[-1] == (1, 0)
    assert (2, 2) in types and (1, 3) in types and (2, 3) not in types


def test_planted_alignment_is_recovered():
    gold = [
        ((0,), (0,)),
        ((1, 2), (1,)),
        ((3,), (2, 3, 4)),
        ((4,), ()),
        ((5,), (5,)),
        ((), (6,)),
        ((6,), (7,)),
    ]
    beads = two_pass(7, 8, DiagonalScorer(gold, 7, 8), SearchParams(window=2))
    assert [bead.key for bead in beads] == gold
    assert [bead.score for bead in beads] == [1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0]


def test_paragraph_breaks_decide_between_equally_scored_alignments():
    first = [((0,), (0, 1)), ((1,), (2,))]
    second = [((0,), (0,)), ((1,), (1, 2))]
    scorer = DiagonalScorer(first + second, 2, 3)
    for gold, en_starts in ((first, {0, 2}), (second, {0, 1})):
        paragraphs = Paragraphs(frozenset({0, 1}), frozenset(en_starts))
        assert [bead.key for bead in two_pass(2, 3, scorer, SearchParams(), paragraphs)] == gold


def test_crossing_a_paragraph_break_costs():
    scorer = DiagonalScorer([((0,), (0, 1))], 1, 2)
    crossing = Paragraphs(frozenset({0}), frozenset({0, 1}))
    merged = two_pass(1, 2, scorer, SearchParams(para_cross=0.1), crossing)
    assert [bead.key for bead in merged] == [((0,), (0, 1))]
    split = two_pass(1, 2, scorer, SearchParams(para_cross=2.0, para_bonus=0.0), crossing)
    assert len(split) == 2 and all(len(bead.zh) + len(bead.en) == 1 or bead.kind == "1-1" for bead in split)
