def test_a_predicate_noun_after_no_longer(mined):
    found = mined("repetition", "It might be a leak in the roof.", "It was no longer a leak.")
    assert found == [("noun", (0, 14, 18, "leak"), (1, 19, 23, "leak"), "leak")]
