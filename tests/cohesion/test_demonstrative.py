"""Demonstrative reference (cohesion.demonstrative), mined as the miner runs it."""

from cohesion.miner import mine


def test_a_demonstrative_before_a_noun_named_before(mined):
    found = mined("reference", "A dog barked at the gate.", "The wind rose.", "Nobody fed that dog.")
    assert found == [("demonstrative", (0, 2, 5, "dog"), (2, 11, 15, "that"), "that dog")]
    assert mined("reference", "The bridge was old.", "That man is here.") == []


def test_a_demonstrative_standing_for_a_clause_is_left_out():
    # its antecedent is no noun phrase, which the definitions ask for
    for sentences in (
        ["He said the bridge was safe.", "That was a lie."],
        ["Her uncle had sold the farm.", "Nobody knew if this was true."],
        ["She never argued with anyone; this was simply her way."],
    ):
        assert [c for c in mine(sentences) if c.phenomenon == "reference"] == []


def test_demonstrative_before_a_name(mined):
    first = ("They crossed the Silver Bridge at dawn.", "Nobody spoke.")
    for third, trigger in (
        ("This Silver Bridge was older than the town.", "this Silver Bridge"),
        ("This Bridge was older than the town.", "this Bridge"),  # a longer name that it ends
    ):
        found = [c for c in mined("reference", *first, third) if c[0] == "demonstrative"]
        assert found == [("demonstrative", (0, 17, 30, "Silver Bridge"), (2, 0, 4, "This"), trigger)]
    assert [
        c for c in mined("reference", *first, "He said that Bridge was old.") if c[0] == "demonstrative"
    ] == []


def test_there_opening_a_sentence_points_to_the_place_just_reached(mined):
    found = mined("reference", "The farmer walked on to the old mill.", "There he rested by the wall.")
    assert [c for c in found if c[0] == "demonstrative"] == [
        ("demonstrative", (0, 32, 36, "mill"), (1, 0, 5, "There"), "there")
    ]
    found = mined("reference", "They drove to Dover.", "From there they rode north.")
    assert found == [("demonstrative", (0, 14, 19, "Dover"), (1, 5, 10, "there"), "there")]


def test_there_of_existence_speech_or_a_person_points_to_no_place(mined):
    for sentences in (
        ["She went to the mill.", "There was no bread left."],  # existential "There"
        ["He ran to his mother.", "There he cried."],  # a person, not a place
        ["She stood at the gate.", "'There, there, it will pass.'"],  # spoken comfort
        ["The mill stood by the river.", "There he rested."],  # "by" leads to no place reached
    ):
        assert [c for c in mined("reference", *sentences) if c[0] == "demonstrative"] == []


def test_a_demonstrative_after_a_noun_and_like_stands_for_that_noun_named_before(mined):
    story = [
        "The boy found a smooth stone.",
        "Stones like these are rare here.",
        "He never held stones like these.",
    ]
    assert [c for c in mined("reference", *story) if c[0] == "demonstrative"] == [
        ("demonstrative", (0, 23, 28, "stone"), (1, 12, 17, "these"), "stone like these"),
        ("demonstrative", (0, 23, 28, "stone"), (2, 26, 31, "these"), "stone like these"),
    ]  # the second not to the first "Stones like these": the stone named before it
    story = ["She waved the stick.", "Do not swing your stick like that."]
    assert [c for c in mined("reference", *story) if c[0] == "demonstrative"] == []  # the manner
