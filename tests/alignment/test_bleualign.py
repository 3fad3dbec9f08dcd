from alignment.bleualign import BleualignParams, bleualign

TRANSLATION = [
    "Qiao Lian clenched her fist and lowered her head.",
    "Shen Liangchuan did not answer, he turned around and left.",
    "The door closed behind him.",
    "Qiao Lian stood in front of the window for a long time.",
    "She picked up the phone and called her sister.",
]
TARGET = [
    "Qiao Lian clenched her fists and lowered her head.",
    "Shen Liangchuan did not answer.",
    "He turned around and left.",
    "The door closed behind him.",
    "Qiao Lian stood in front of the window for a long time.",
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
    translation = ["aa bb cc dd", "xx yy", "zz ww", "ee ff gg hh"]
    target = ["aa bb cc dd", "something else", "unrelated words", "ee ff gg hh"]
    assert [bead.key for bead in bleualign(translation, target)] == [
        ((0,), (0,)), ((1,), (1,)), ((2,), (2,)), ((3,), (3,))
    ]  # fmt: skip
