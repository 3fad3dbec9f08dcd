def test_adjacent_adjectives(mined):
    found = mined("synonyms", "The big house stood alone.", "A large tree grew nearby.")
    assert found == [("adj", (0, 4, 7, "big"), (1, 2, 7, "large"), "large.a.01")]


def test_nouns_and_verbs(mined):
    assert mined("synonyms", "She picked up a stone.", "The rock was cold.") == [
        ("noun", (0, 16, 21, "stone"), (1, 4, 8, "rock"), "rock.n.01")
    ]
    assert mined("synonyms", "He finished the letter.", "Then she completed the form.") == [
        ("verb", (0, 3, 11, "finished"), (1, 9, 18, "completed"), "complete.v.01")
    ]


def test_non_adjacent(mined):
    found = mined("synonyms", "He drove an old automobile.", "Nobody spoke.", "The car stopped.")
    assert found == [("noun", (0, 16, 26, "automobile"), (2, 4, 7, "car"), "car.n.01")]


def test_same_lemma_is_repetition_not_synonym(mined):
    assert mined("synonyms", "The large box fell.", "A large crowd came.") == []


def test_closer_repetition_blocks_synonym(mined):
    found = mined("synonyms", "The big box fell.", "The large box was open.", "A large crowd came.")
    assert [(a[0], b[0]) for _, a, b, _ in found] == [(0, 1)]


def test_light_verbs_and_rare_senses_are_skipped(mined):
    assert mined("synonyms", "She said nothing.", "He told the truth.") == []
    assert mined("synonyms", "He praised the deed.", "It was a brave act.") == []  # 2nd sense of both
