from alignment.bleualign import BleualignParams, bleualign

TRANSLATION = [
    "Lin Wan clutched the letter and bowed her head.",
    "Gu Chengchuan did not answer, he turned around and left.",
    "The door closed behind him.",
    "Lin Wan stood in front of the window for a long time.",
    "She picked up the phone and called her sister.",
]
TARGET = [
    "Lin Wan clutched the letter and bowed her head.",
    "Gu Chengchuan did not answer.",
    "He turned around and left.",
    "The door closed behind him.",
    "Lin Wan stood in front of the window for a long time.",
    "She picked up the phone and called her younger sister.",
]


def test_anchors_and_target_merge():
    beads = bleualign(TRANSLATION, TARGET)
    assert [bead.key for bead in beads] == [
        ((0,), (0,)),
        ((1,), (1, 2)),
        ((2,), (3,)),
        ((3,), (4,)),
        ((4,), (5,)),
    ]
    assert all(bead.score > 0 for bead in beads)


def test_no_merges_with_nto1_of_one_leaves_sentences_unaligned():
    beads = bleualign(TRANSLATION, TARGET, BleualignParams(nto1=1))
    assert [bead.key for bead in beads] == [
        ((0,), (0,)),
        ((1,), (2,)),
        ((2,), (3,)),
        ((3,), (4,)),
        ((4,), (5,)),
    ]


def test_gap_filled_by_gale_church():
    translation = ["aa bb cc dd", "xx yy zz", "zz ww vv uu", "ee ff gg hh"]
    target = ["aa bb cc dd", "pp qq rr", "ss tt oo mm", "ee ff gg hh"]  # no n-gram shared, equal lengths
    assert [bead.key for bead in bleualign(translation, target)] == [
        ((0,), (0,)), ((1,), (1,)), ((2,), (2,)), ((3,), (3,))
    ]  # fmt: skip


def test_gale_church_in_a_gap_may_leave_its_first_sentence_unaligned():
    # gap: "xx yy zz" (8 chars) vs a 26-char sentence and "pp qq rr" (8 chars); lengths alone would make
    # a 1-2 bead, but the gap's first target sentence may be left out at no cost: 1-1 with "pp qq rr"
    translation = ["aa bb cc dd", "xx yy zz", "ee ff gg hh"]
    target = ["aa bb cc dd", "a long extra sentence here", "pp qq rr", "ee ff gg hh"]
    assert [bead.key for bead in bleualign(translation, target)] == [((0,), (0,)), ((1,), (2,)), ((2,), (3,))]


ONE_LONG = ["alpha beta gamma delta", "one two three four five six seven", "omega psi chi phi"]


def test_anchor_grows_on_both_sides_into_a_one_to_three_bead():
    # anchor 1 -> "three four five"; the gap before it gives "one two" to its start, the gap after it
    # "six seven" to its end: the post-gap bead is one unit, so each merge adds one sentence to it
    target = ["alpha beta gamma delta", "one two", "three four five", "six seven", "omega psi chi phi"]
    assert [bead.key for bead in bleualign(ONE_LONG, target)] == [
        ((0,), (0,)),
        ((1,), (1, 2, 3)),
        ((2,), (4,)),
    ]


def test_a_bead_takes_at_most_one_sentence_from_a_gap():
    # anchor 1 -> "seven eight"; of the gap before it only "five six" can join (bead + one gap sentence
    # is a candidate unit, bead + two is not); "one two" and "three four" stay unaligned
    translation = ["alpha beta gamma delta", "one two three four five six seven eight", "omega psi chi phi"]
    target = [
        "alpha beta gamma delta",
        "one two",
        "three four",
        "five six",
        "seven eight",
        "omega psi chi phi",
    ]
    assert [bead.key for bead in bleualign(translation, target)] == [
        ((0,), (0,)),
        ((1,), (3, 4)),
        ((2,), (5,)),
    ]
