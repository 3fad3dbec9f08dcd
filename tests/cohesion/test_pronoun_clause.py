import pytest

from cohesion.miner import mine


def test_an_object_pronoun_means_someone_other_than_its_clauses_subject(mined):
    assert mined("reference", "Mira sat by the window.", "Later Clara handed her the key.") == [
        ("personal", (0, 0, 4, "Mira"), (1, 19, 22, "her"), "her")
    ]
    assert mined("reference", "The lamp stood on the desk.", "The cat pushed it off.") == [
        ("personal", (0, 4, 8, "lamp"), (1, 15, 17, "it"), "it")
    ]
    # not after a preposition of place, nor an "it" that is a subject
    assert mined("reference", "Anna had a box.", "The room looked like it grew.") == []
    # a hyphenated name is its clause's subject too
    assert mined("reference", "Mira sat by the window.", "Later Miss Li-hua handed her the key.") == [
        ("personal", (0, 0, 4, "Mira"), (1, 25, 28, "her"), "her")
    ]


@pytest.mark.parametrize(
    "sentences, antecedent",
    [
        (
            ("Mara Lin was nervous.", "At first she hid the letter from Anna.", "She left."),
            "Mara Lin",
        ),
        (("Tom was tired.", "He thanked the old man.", "He went home."), "Tom"),
        (("The boys were tired.", "They thanked the guards.", "They went home."), "boys"),
    ],
)
def test_a_subject_pronoun_continues_the_subject_pronoun_before_it(sentences, antecedent):
    last = [c for c in mine(list(sentences)) if c.phenomenon == "reference" and c.b.sent == 2]
    assert [(c.a.sent, c.a.text) for c in last] == [(0, antecedent)]


def test_a_subject_pronoun_goes_on_past_persons_of_unknown_gender_named_after_it(mined):
    found = mined(
        "reference", "Tomas closed the door.", "He told Wu Jin to wait while he left.", "He was tired."
    )
    assert [(a[:2], b[:2], b[3]) for _, a, b, _ in found] == [
        ((0, 0), (1, 0), "He"),
        ((0, 0), (1, 29), "he"),
        ((0, 0), (2, 0), "He"),
    ]


def test_the_persons_named_in_the_quote_a_pronoun_tags_are_not_its_antecedent(mined):
    assert mined("reference", "Tomas laughed.", "'Why wait for Peter?' he cried.") == [
        ("personal", (0, 0, 5, "Tomas"), (1, 22, 24, "he"), "he")
    ]


def test_the_persons_named_in_an_opening_phrase_are_not_the_subject_pronoun_after_it(mined):
    assert mined("reference", "Tomas sat down.", "Compared to Peter, he was slow.") == [
        ("personal", (0, 0, 5, "Tomas"), (1, 19, 21, "he"), "he")
    ]
    assert mined("reference", "Tomas sat down.", "When Peter came, he was slow.") == []  # a clause's subject


def test_a_subject_pronoun_after_an_opening_phrase_hands_on_its_antecedent(mined):
    found = mined("reference", "Tomas sat down.", "After meeting Peter, he left.", "He was tired.")
    assert [(a[3], b[:2]) for _, a, b, _ in found] == [("Tomas", (1, 21)), ("Tomas", (2, 0))]


def test_the_owner_of_a_predicate_noun_is_not_its_clauses_subject(mined):
    assert mined("reference", "Tomas came in.", "Peter was only his driver.") == [
        ("personal", (0, 0, 5, "Tomas"), (1, 15, 18, "his"), "his")
    ]


def test_an_object_pronoun_passes_over_its_clauses_subject_before_an_adverb(mined):
    found = mined("reference", "Tom came in.", "Peter then thanked him.")
    assert found == [("personal", (0, 0, 3, "Tom"), (1, 19, 22, "him"), "him")]
