import math
from types import SimpleNamespace

import numpy as np
import pytest

from alignment.beads import Bead
from alignment.search import (
    LONG_BEAD,
    LONG_LENGTH_FACTOR,
    LONG_LENGTH_RATIO,
    Corridor,
    Paragraphs,
    SearchParams,
    _allowed,
    _crossing_costs,
    best_path,
    bead_types,
    column_ranges,
    dp_align,
    find_anchors,
    least_length_ratio,
    path_anchors,
    realign_near,
    two_pass,
)
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from tests.alignment.texts import EN, ZH


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

    def marks_mismatch_at(self, a, b, rows, columns):
        return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))

    def quote_balance_at(self, a, b, rows, columns):
        return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))

    def end_quote_at(self, a, b, rows, columns):
        return np.zeros(np.broadcast_shapes(rows.shape, columns.shape))

    def length_ratios_at(self, a, b, rows, columns):
        return np.full(np.broadcast_shapes(rows.shape, columns.shape), 2.0)


def test_the_least_length_ratio_is_the_first_double_whose_log2_reaches_the_factor():
    below = math.nextafter(LONG_LENGTH_RATIO, 0.0)
    assert np.log2(np.array([below, LONG_LENGTH_RATIO])).tolist() == [0.4999999999999999, 0.5000000000000001]
    assert least_length_ratio(1.0) == 2.0 and least_length_ratio(0.0) == 1.0


def test_best_path_is_monotone_max_sum():
    links = [(0, 0, 1.0), (1, 5, 3.0), (1, 1, 1.0), (2, 2, 1.0), (3, 3, 1.0), (2, 6, 0.5)]
    assert best_path(links) == [(0, 0), (1, 5), (2, 6)]
    assert best_path([(0, 0, 1.0), (0, 1, 1.0)]) == [(0, 0)]  # one link per row
    assert best_path([]) == []


def test_column_ranges_follow_anchors():
    assert column_ranges(3, 10, [(1, 5)], 1) == [(0, 6), (0, 6), (5, 10), (5, 10)]


def test_bead_types():
    types = bead_types(SearchParams(max_size=4, one_to_many=0))
    assert types[0] == (1, 1) and types[-1] == (1, 0)
    assert (2, 2) in types and (1, 3) in types and (2, 3) not in types
    wide = bead_types(SearchParams(max_size=4, one_to_many=6))
    assert wide == types[:-1] + [(1, 4), (1, 5), (1, 6), (1, 0)]
    assert SearchParams(max_size=4, one_to_many=6).span_widths() == (3, 6)
    assert SearchParams().span_widths() == (5, 9)


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


def test_path_anchors_pin_each_two_sided_bead_at_its_first_and_last_pair():
    beads = [Bead((0,), (0,)), Bead((1, 2), (1,)), Bead((3,), ()), Bead((), (2,)), Bead((4, 5), (3, 4))]
    assert path_anchors(beads) == [(0, 0), (1, 1), (4, 3), (5, 4)]


def test_realignment_finds_the_best_beads_within_near_columns_of_the_first_pass():
    gold = [((), (0,)), ((), (1,)), ((), (2,)), ((0,), (3,)), ((1,), (4,)), ((2,), (5,)), ((3,), ())]
    first_pass = [Bead((k,), (k,)) for k in range(4)] + [Bead((), (4,)), Bead((), (5,))]
    scorer = DiagonalScorer(gold, 4, 6)
    assert [bead.key for bead in realign_near(4, 6, scorer, first_pass, SearchParams(near=3))] == gold
    beyond = realign_near(4, 6, scorer, first_pass, SearchParams(near=2))  # gold is 3 columns away
    assert [bead.key for bead in beyond] == [((0,), (0, 1, 2)), ((1,), (3,)), ((2,), (4,)), ((3,), (5,))]


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


def test_a_one_sided_bead_between_two_double_breaks_gets_the_bonus_once():
    # a sentence that is a paragraph of its own on one side, left out: 1 + 1 - 0.3 + 0.2 (once) = 1.9;
    # merged into the next bead across the break: 1 + 1 - 0.2 + 0.2 = 2.0 (with the bonus twice, 2.1 > 2.0)
    params = SearchParams(skip_zh=-0.3, skip_en=-0.3, para_bonus=0.2, para_cross=0.2)
    for one_sided, merged, zh_starts, en_starts in (
        ([((0,), (0,)), ((1,), ()), ((2,), (1,))], [((0,), (0,)), ((1, 2), (1,))], {0, 1, 2}, {0, 1}),
        ([((0,), (0,)), ((), (1,)), ((1,), (2,))], [((0,), (0,)), ((1,), (1, 2))], {0, 1}, {0, 1, 2}),
    ):
        n, m = len(zh_starts), len(en_starts)
        scorer = DiagonalScorer(one_sided + merged, n, m)
        paragraphs = Paragraphs(frozenset(zh_starts), frozenset(en_starts))
        assert [bead.key for bead in two_pass(n, m, scorer, params, paragraphs)] == merged


class RandomScorer:
    """Random bead scores, orphan counts and mark mismatches per shape (fixed seed), zero scores for a
    tenth of the beads."""

    def __init__(self, n, m, seed):
        self.n, self.m = n, m
        self.random = np.random.default_rng(seed)
        self.tables = {}

    def _tables(self, a, b):
        if (a, b) not in self.tables:
            shape = (max(0, self.n - a + 1), max(0, self.m - b + 1))
            scores = self.random.random(shape) * (self.random.random(shape) > 0.1)
            mismatches = self.random.integers(0, 3, shape)
            balance = self.random.integers(0, 2, shape)
            lengths = 1 + self.random.random(shape)
            ends = self.random.integers(0, 2, shape)
            self.tables[a, b] = (
                scores,
                self.random.integers(0, a + 1, shape),
                mismatches,
                balance,
                lengths,
                ends,
            )
        return self.tables[a, b]

    def scores_at(self, a, b, rows, columns):
        return self._tables(a, b)[0][rows, columns]

    def orphans_at(self, a, b, rows, columns):
        return self._tables(a, b)[1][rows, columns]

    def marks_mismatch_at(self, a, b, rows, columns):
        return self._tables(a, b)[2][rows, columns]

    def quote_balance_at(self, a, b, rows, columns):
        return self._tables(a, b)[3][rows, columns]

    def length_ratios_at(self, a, b, rows, columns):
        return self._tables(a, b)[4][rows, columns]

    def end_quote_at(self, a, b, rows, columns):
        return self._tables(a, b)[5][rows, columns]


def reference_dp(n, m, scorer, anchors, params, paragraphs):
    """The pass-2 recurrence cell by cell, in the order and with the sums dp_align promises."""
    ranges = column_ranges(n, m, anchors, params.window)
    types = bead_types(params)
    evidence = len(paragraphs.zh) > 1 and len(paragraphs.en) > 1

    def crossed(starts, first, width):
        return sum(first < s < first + width for s in starts) if len(starts) > 1 else 0

    def double(i, j):
        return evidence and i in paragraphs.zh and j in paragraphs.en

    total, back = {}, {}
    for i, (lo, hi) in enumerate(ranges):
        for j in range(lo, hi + 1):
            best, move = -np.inf, 0
            for t, (a, b) in enumerate(types):
                r, c = i - a, j - b
                if r < 0 or c < 0 or (r, c) not in total or a > n or b > m:
                    gain, before = -np.inf, -np.inf
                else:
                    before = total[r, c]
                    one = np.array([r]), np.array([c])
                    if (
                        a + b >= LONG_BEAD
                        and np.log2(scorer.length_ratios_at(a, b, *one))[0] < LONG_LENGTH_FACTOR
                    ):
                        gain = -np.inf  # a long bead where the lengths do not fit
                    elif b:
                        gain = scorer.scores_at(a, b, *one)[0]
                        gain = gain - params.marks * scorer.marks_mismatch_at(a, b, *one)[0]
                        gain = gain - params.balance * scorer.quote_balance_at(a, b, *one)[0]
                        gain = gain - params.end_quote * scorer.end_quote_at(a, b, *one)[0]
                        if a + b > 2:
                            gain = gain - params.orphan * scorer.orphans_at(a, b, *one)[0]
                        gain = gain - crossed(paragraphs.zh, r, a) * params.para_cross
                        gain = gain - crossed(paragraphs.en, c, b) * params.para_cross
                    else:
                        gain = params.skip_zh
                option = before + gain
                if double(i, j) and not (a + b == 1 and double(r, c)):
                    option += params.para_bonus
                if option > best:
                    best, move = option, t
            if (i, j) == (0, 0):
                best, move = 0.0, -1
            if j > lo:
                moved = total[i, j - 1] + params.skip_en
                if double(i, j) and not double(i, j - 1):
                    moved += params.para_bonus
                if moved > best:
                    best, move = moved, len(types)
            total[i, j], back[i, j] = best, move
    beads, i, j = [], n, m
    while i or j:
        a, b = (0, 1) if back[i, j] == len(types) else types[back[i, j]]
        score = scorer.scores_at(a, b, np.array([i - a]), np.array([j - b]))[0] if a and b else 0.0
        beads.append(((tuple(range(i - a, i)), tuple(range(j - b, j))), score))
        i, j = i - a, j - b
    return beads[::-1]


def test_anchors_are_the_best_path_over_each_rows_top_k_candidates():
    class TableScorer:
        def __init__(self, table):
            self.table, (self.n, self.m) = table, table.shape

        def scores_at(self, a, b, rows, columns):
            self.read = np.broadcast_to(columns, np.broadcast_shapes(rows.shape, columns.shape))
            return self.table[rows, columns]

    for seed in range(20):
        random = np.random.default_rng(seed)
        n, m = int(random.integers(1, 25)), int(random.integers(1, 25))
        table = np.round(random.random((n, m)), 1) * (random.random((n, m)) > 0.3)  # ties, zeros
        params = SearchParams(top_k=int(random.integers(1, 5)), band=int(random.integers(1, 10)))
        half = max(params.band, int(params.band_fraction * max(n, m)))
        candidates = []
        for i in range(n):
            centre = round(i * m / n)
            row = [
                (-table[i, j], abs(j - centre), -j)
                for j in range(m)
                if table[i, j] > 0 and abs(j - centre) <= half
            ]
            candidates += [(i, -j, -score) for score, _, j in sorted(row)[: params.top_k]]
        scorer = TableScorer(table)
        assert find_anchors(n, m, scorer, params) == best_path(candidates)
        if 2 * half + 1 < m:  # only the band is read
            centres = np.round(np.arange(n) * m / n)[:, None]
            assert scorer.read.shape == (n, 2 * half + 1) and (np.abs(scorer.read - centres) <= half).all()


def test_no_crossing_costs_without_two_breaks_or_without_a_cost():
    assert _crossing_costs(frozenset({2}), 4, 0.5) is None
    assert _crossing_costs(frozenset({1, 3}), 4, 0.0) is None
    costs = _crossing_costs(frozenset({1, 3}), 4, 0.5)
    assert costs(np.array([0, 0, 1]), np.array([1, 4, 3])).tolist() == [0.0, 1.0, 0.5]


def test_dp_align_follows_the_recurrence_cell_by_cell():
    for seed in range(6):
        random = np.random.default_rng(seed)
        n, m = int(random.integers(1, 30)), int(random.integers(1, 30))
        scorer = RandomScorer(n, m, seed)
        paragraphs = Paragraphs(
            frozenset(random.choice(n, min(n, 4), replace=False).tolist()) if seed % 3 else frozenset(),
            frozenset(random.choice(m, min(m, 5), replace=False).tolist()),
        )
        params = SearchParams(
            window=int(random.integers(1, 5)), balance=0.1 * (seed % 2), end_quote=0.1 * (seed % 3)
        )
        anchors = find_anchors(n, m, scorer, params)
        beads = dp_align(n, m, scorer, anchors, params, paragraphs)
        assert [(bead.key, bead.score) for bead in beads] == reference_dp(
            n, m, scorer, anchors, params, paragraphs
        )


def test_a_bead_whose_sides_differ_in_marks_costs():
    class Marked(DiagonalScorer):
        """Planted 1-2 and 1-1 beads: the 1-2 bead's two sides differ by three marks, the 1-1's by none."""

        def marks_mismatch_at(self, a, b, rows, columns):
            return np.full(np.broadcast_shapes(rows.shape, columns.shape), 3 if (a, b) == (1, 2) else 0)

    scorer = Marked([((0,), (0, 1)), ((0,), (0,))], 1, 2)
    assert [bead.key for bead in two_pass(1, 2, scorer, SearchParams(marks=0.0))] == [((0,), (0, 1))]
    beads = two_pass(1, 2, scorer, SearchParams(marks=0.5))
    assert [bead.key for bead in beads] == [((0,), (0,)), ((), (1,))]


def test_a_bead_that_leaves_a_quotation_open_on_one_side_costs():
    class Unbalanced(DiagonalScorer):
        """Planted 1-2 and 1-1 beads: the 1-2 bead leaves two quotations open on one side only."""

        def quote_balance_at(self, a, b, rows, columns):
            return np.full(np.broadcast_shapes(rows.shape, columns.shape), 2 if (a, b) == (1, 2) else 0)

    scorer = Unbalanced([((0,), (0, 1)), ((0,), (0,))], 1, 2)
    assert [bead.key for bead in two_pass(1, 2, scorer, SearchParams())] == [((0,), (0, 1))]
    beads = two_pass(1, 2, scorer, SearchParams(balance=0.5))
    assert [bead.key for bead in beads] == [((0,), (0,)), ((), (1,))]


def test_a_bead_ending_in_speech_on_one_side_only_costs():
    class Ends(DiagonalScorer):
        """Planted 1-2 and 1-1 beads: the 1-1 bead ends in speech on one side only."""

        def end_quote_at(self, a, b, rows, columns):
            return np.full(np.broadcast_shapes(rows.shape, columns.shape), (a, b) == (1, 1))

    scorer = Ends([((0,), (0,)), ((1,), (1,)), ((0,), (0, 1))], 2, 2)
    assert [bead.key for bead in two_pass(2, 2, scorer, SearchParams(end_quote=0.0))] == [
        ((0,), (0,)),
        ((1,), (1,)),
    ]
    beads = two_pass(2, 2, scorer, SearchParams(end_quote=1.0, skip_zh=-0.1))
    assert [bead.key for bead in beads] == [((0,), (0, 1)), ((1,), ())]


def test_a_scorer_taking_shape_arrays_gets_the_gains_of_one_call_per_shape(lexicon):
    class OneShapeAtATime:
        """The same chapter scorer, without ``takes_shape_arrays``: the search calls it once per shape."""

        def __init__(self, scorer):
            self.scorer, self.n, self.m = scorer, scorer.n, scorer.m
            self.scores_at, self.orphans_at = scorer.scores_at, scorer.orphans_at
            self.marks_mismatch_at, self.quote_balance_at = scorer.marks_mismatch_at, scorer.quote_balance_at
            self.length_ratios_at, self.end_quote_at = scorer.length_ratios_at, scorer.end_quote_at

    tokens = ChapterTokens.of(ZH, EN)
    scorer = ChapterScorer(tokens, glosses(tokens, lexicon))
    paragraphs = Paragraphs(frozenset({0, 2}), frozenset({0, 1, 3}))
    params = SearchParams(para_cross=0.1, balance=0.1, end_quote=0.1)
    batched = two_pass(scorer.n, scorer.m, scorer, params, paragraphs)
    assert batched == two_pass(scorer.n, scorer.m, OneShapeAtATime(scorer), params, paragraphs)


def test_allowed_cells_are_rows_from_a_and_long_beads_only_where_the_lengths_fit():
    class FitsFromTheFirstRow:
        """Length ratio 2 (factor 1) for beads starting at zh sentence 0, else 1 (factor 0)."""

        takes_shape_arrays = True

        def length_ratios_at(self, a, b, rows, columns):
            return np.broadcast_to(rows == 0, np.broadcast_shapes(np.shape(rows), np.shape(columns))) + 1.0

    class OneShapeAtATime(FitsFromTheFirstRow):
        takes_shape_arrays = False

    rows, columns = np.repeat(np.arange(4), 5), np.tile(np.arange(5), 4)  # the whole 3 x 4 table
    scored = [(0, 1, 1), (5, 1, 3), (9, 2, 2)]  # (type index, a, b): 1-3 and 2-2 are long beads
    expected = np.array([rows >= 1, (rows == 1) & (columns >= 3), (rows == 2) & (columns >= 2)])
    for scorer in (FitsFromTheFirstRow(), OneShapeAtATime()):
        assert (_allowed(scorer, scored, rows, columns) == expected).all()


def test_a_corridor_searched_under_other_weights_finds_the_beads_of_fresh_searches(lexicon):
    tokens = ChapterTokens.of(ZH, EN)
    scorer = ChapterScorer(tokens, glosses(tokens, lexicon))
    paragraphs = Paragraphs(frozenset({0, 2}), frozenset({0, 1, 3}))
    anchors = find_anchors(scorer.n, scorer.m, scorer, SearchParams())
    corridor = Corridor(scorer.n, scorer.m, scorer, anchors, SearchParams())
    unweighed = dict(orphan=0.0, para_bonus=0.0, para_cross=0.0, marks=0.0, balance=0.0, end_quote=0.0)
    found = set()
    for params in (
        SearchParams(),
        SearchParams(**unweighed),
        SearchParams(skip_zh=-2.0, skip_en=-2.0, orphan=0.3, para_cross=0.5, marks=0.5, end_quote=0.5),
        SearchParams(skip_zh=0.5, skip_en=0.5, para_bonus=1.0),
    ):
        beads = corridor.align(params, paragraphs)
        assert beads == dp_align(scorer.n, scorer.m, scorer, anchors, params, paragraphs)
        found.add(tuple(bead.key for bead in beads))
    assert len(found) == 3  # the weights change the beads, not only their sums


def test_a_corridor_refuses_another_window_or_other_bead_shapes():
    corridor = Corridor(2, 2, DiagonalScorer([((0,), (0,)), ((1,), (1,))], 2, 2), [], SearchParams())
    for params in (SearchParams(window=3), SearchParams(max_size=5), SearchParams(one_to_many=6)):
        with pytest.raises(
            ValueError, match="^the corridor was built for another window or other bead shapes$"
        ):
            corridor.align(params)


def test_after_the_search_a_short_border_sentence_moves_where_the_clause_evidence_outweighs_the_loss():
    class Clauses(DiagonalScorer):
        """The planted 1-1 and 1-2 beads score 0.5 each; with en 1 moved back, 0.48 each. En 1 is short
        and explains the first zh sentence's last clause, which en 0 leaves out."""

        tokens = SimpleNamespace(en_chars=(50, 10, 50))
        scores = {(1, 1, 0, 0): 0.5, (1, 2, 1, 1): 0.5, (1, 2, 0, 0): 0.48, (1, 1, 1, 2): 0.48}

        def scores_at(self, a, b, rows, columns):
            table = np.full((max(0, self.n - a + 1), max(0, self.m - b + 1)), 0.05)
            for (x, y, i, j), score in self.scores.items():
                if (x, y) == (a, b):
                    table[i, j] = score
            return table[rows, columns]

        def clause_support(self, i, last, j0, j1, s):
            return -0.5 if last else 0.5

    scorer = Clauses([((0,), (0,)), ((1,), (1, 2))], 2, 3)
    keys = [((0,), (0,)), ((1,), (1, 2))]
    assert [bead.key for bead in two_pass(2, 3, scorer, SearchParams(clause=0.0))] == keys
    assert [bead.key for bead in two_pass(2, 3, scorer, SearchParams(clause=0.02))] == keys
    beads = two_pass(2, 3, scorer, SearchParams(clause=0.1))
    assert [(bead.key, round(bead.score, 2)) for bead in beads] == [
        (((0,), (0, 1)), 0.48),
        (((1,), (2,)), 0.48),
    ]
    # one search serves every clause weight: settled under each, it gives what align gives
    corridor = Corridor(2, 3, scorer, [], SearchParams())
    searched = corridor.search(SearchParams(clause=0.0))
    assert [bead.key for bead in searched.beads] == keys
    for clause in (0.0, 0.02, 0.1):
        settled = corridor.settled(searched, SearchParams(clause=clause))
        assert settled == corridor.align(SearchParams(clause=clause))
    assert [bead.key for bead in searched.beads] == keys  # settling leaves the search's beads as they were
