from alignment.galechurch import gale_church


def test_lengths_decide_merges_and_ratio_scales():
    beads = gale_church([10, 10, 30, 12], [40, 40, 40, 40, 48], ratio=4.0)
    assert [bead.key for bead in beads] == [((0,), (0,)), ((1,), (1,)), ((2,), (2, 3)), ((3,), (4,))]
    assert all(0 < bead.score <= 1 for bead in beads)


def test_empty_side():
    assert [bead.key for bead in gale_church([5], [])] == [((0,), ())]
    assert gale_church([], []) == []


def test_free_first_may_leave_the_first_sentence_of_either_side_out():
    assert [bead.key for bead in gale_church([8], [26, 8])] == [((0,), (0, 1))]
    assert [bead.key for bead in gale_church([8], [26, 8], free_first=True)] == [((), (0,)), ((0,), (1,))]
    assert [bead.key for bead in gale_church([26, 8], [8], free_first=True)] == [((0,), ()), ((1,), (0,))]
    assert [bead.key for bead in gale_church([8], [8], free_first=True)] == [((0,), (0,))]


def test_free_first_leaves_out_only_one_sentence_for_free():
    beads = gale_church([8], [26, 26, 8], free_first=True)
    assert [bead.key for bead in beads] == [((), (0,)), ((0,), (1, 2))]
    assert beads[0].score == 1.0
