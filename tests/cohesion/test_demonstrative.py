"""Demonstrative reference (cohesion.demonstrative), mined as the miner runs it."""

from cohesion.miner import mine


def test_demonstrative_that(mined):
    found = mined("reference", "He said the bridge was safe.", "That was a lie.")
    assert found == [("demonstrative", (0, 0, 27, "He said the bridge was safe"), (1, 0, 4, "That"), "that")]
    assert mined("reference", "The bridge was old.", "That man is here.") == []
    assert mined("reference", "The bridge was old.", "That's it.") == []


def test_demonstratives_in_narration_and_before_a_named_noun(mined):
    found = mined("reference", "Her uncle had sold the farm.", "Nobody knew if this was true.")
    assert found == [
        ("demonstrative", (0, 0, 27, "Her uncle had sold the farm"), (1, 15, 19, "this"), "this")
    ]
    assert (
        mined("reference", "Her uncle had sold the farm.", "'Nobody knew if this was true.'") == []
    )  # speech
    found = mined("reference", "A dog barked at the gate.", "The wind rose.", "Nobody fed that dog.")
    assert found == [("demonstrative", (0, 2, 5, "dog"), (2, 11, 15, "that"), "that dog")]


def test_demonstrative_after_a_semicolon_means_the_clause_before_it():
    found = [
        c
        for c in mine(["She never argued with anyone; this was simply her way."])
        if c.phenomenon == "reference"
    ]
    assert [(c.a.text, c.b.text, c.adjacency) for c in found] == [
        ("She never argued with anyone", "this", "adjacent")
    ]


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


def test_this_and_that_and_all_that_are_no_reference(mined):
    first = "The bus was late again."
    assert mined("reference", first, "He grumbled about this and about that.") == []
    assert mined("reference", first, "She was tired from all that running.") == []
    found = mined("reference", first, "All this was boring.")
    assert found == [("demonstrative", (0, 0, 22, "The bus was late again"), (1, 4, 8, "this"), "this")]
