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
