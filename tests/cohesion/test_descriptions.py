def test_a_predicate_noun_after_no_longer(mined):
    found = mined("repetition", "It might be a leak in the roof.", "It was no longer a leak.")
    assert found == [("noun", (0, 14, 18, "leak"), (1, 19, 23, "leak"), "leak")]


def test_adverbs_and_participles_before_a_person_noun_keep_its_determiner(mined):
    found = mined("reference", "A neatly dressed clerk counted the coins.", "Then he locked the drawer.")
    assert found == [("personal", (0, 17, 22, "clerk"), (1, 5, 7, "he"), "he")]
    assert mined("reference", "Neatly dressed clerk counts coins.", "He is fast.") == []  # bare: anyone


def test_the_apposition_of_a_predicate_noun_describes_too(mined):
    assert mined("reference", "The girl was a teacher, a real nuisance.", "Tom picked it up.") == []
    # a noun after the comma that begins a clause is a referent
    found = mined("reference", "The girl was a teacher, the lamp stood there.", "Tom picked it up.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("lamp", "it")]
