import pytest

from cohesion.miner import mine


def test_an_object_pronoun_after_an_infinitive_whose_doer_is_another_person_means_the_subject(mined):
    found = mined("reference", "Mira sat by the window.", "She begged the porter to carry her to the gate.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Mira", "She"), ("Mira", "her")]
    found = mined("reference", "Mira sat by the window.", "She asked Tomas to come with her.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Mira", "She"), ("Mira", "her")]


def test_an_object_pronoun_passes_over_the_subject_of_its_own_clause(mined):
    found = mined("reference", "Mira sat by the window.", "She knew the porter had thanked her.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Mira", "She"), ("Mira", "her")]
    # not past a comma or a conjunction (the subject may be another clause's), nor for "them"
    found = mined("reference", "Mira sat by the window.", "She said the porter rose, and pushed her.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Mira", "She")]
    found = mined("reference", "The boys sat by the window.", "They knew the porters had thanked them.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("boys", "They")]


def test_a_subject_pronoun_after_a_semicolon_continues_the_last_subject_pronoun(mined):
    found = mined("reference", "Mira sat by the window.", "At her desk, she greeted Clara; then she slept.")
    assert [b[3] for _, _, b, _ in found] == ["her", "she", "she"]
    # not without the semicolon ("when she came in" may be about Clara)
    found = mined("reference", "Mira sat by the window.", "At her desk, she greeted Clara, when she came in.")
    assert [b[3] for _, _, b, _ in found] == ["her", "she"]


def test_after_an_object_that_passed_over_its_subject_a_later_subject_or_owner_is_not_chained(mined):
    found = mined("reference", "Mira sat by the window.", "Clara had not seen her, for she was reading.")
    assert found == [("personal", (0, 0, 4, "Mira"), (1, 19, 22, "her"), "her")]
    found = mined("reference", "Mira sat by the window.", "Clara handed her the key and smiled at her.")
    assert [b[3] for _, _, b, _ in found] == ["her", "her"]  # another object is


def test_antecedent_in_the_clause_before_a_semicolon():
    found = [c for c in mine(["The rowers pulled hard; the blades of their oars creaked."])]
    assert [(c.a.text, c.b.text, c.adjacency) for c in found if c.phenomenon == "reference"] == [
        ("rowers", "their", "adjacent")
    ]


def test_a_later_pronoun_of_the_class_names_the_same_referent(mined):
    found = mined("reference", "Mira came home late.", "She put down her bag and she sat on her bed.")
    assert found == [
        ("personal", (0, 0, 4, "Mira"), (1, 0, 3, "She"), "she"),
        ("personal", (0, 0, 4, "Mira"), (1, 13, 16, "her"), "her"),
        ("personal", (0, 0, 4, "Mira"), (1, 25, 28, "she"), "she"),
        ("personal", (0, 0, 4, "Mira"), (1, 36, 39, "her"), "her"),
    ]


@pytest.mark.parametrize(
    "second",
    [
        "He thanked him.",  # an object form: another person
        "He met the old man and shook his hand.",  # someone named in between
        "He laughed: “You forgot his name.”",  # one in speech, the other not
    ],
)
def test_a_later_pronoun_that_may_mean_someone_else_is_left_alone(mined, second):
    found = mined("reference", "Tom walked in.", second)
    assert found == [("personal", (0, 0, 3, "Tom"), (1, 0, 2, "He"), "he")]


@pytest.mark.parametrize(
    ("second", "start"),
    [
        ("He hugged her and carried her inside.", 26),  # a first pronoun that is an object
        ("She said the boy had tricked her.", 29),  # a clause with its own subject in between
        ("She looked at the lamp above her.", 29),  # the object of a preposition of place
        ("She stood next to the table beside her.", 35),
    ],
)
def test_an_object_form_may_name_the_referent_of_an_earlier_pronoun(mined, second, start):
    found = mined("reference", "Mira came home late.", second)
    assert found[-1] == ("personal", (0, 0, 4, "Mira"), (1, start, start + 3, "her"), "her")


def test_an_object_form_is_left_alone_in_the_clause_of_a_subject_of_its_class(mined):
    found = mined("reference", "Tom walked in.", "He said that she thanked him and he paid him.")
    assert found == [
        ("personal", (0, 0, 3, "Tom"), (1, 0, 2, "He"), "he"),
        ("personal", (0, 0, 3, "Tom"), (1, 25, 28, "him"), "him"),  # "she" is the subject of its clause
        ("personal", (0, 0, 3, "Tom"), (1, 33, 35, "he"), "he"),
    ]  # "he paid him": another person


@pytest.mark.parametrize(
    "second",
    [
        "He told Boris to wait while he cooked.",  # Boris, an object, is no clause's subject
        "He gave Boris a cup, and he sat down.",
    ],
)
def test_a_later_subject_goes_on_from_a_first_subject_past_a_non_subject(mined, second):
    found = mined("reference", "Tom walked in.", second)
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tom", "He"), ("Tom", "he")]


@pytest.mark.parametrize(
    "second",
    [
        "He told Boris that he was late.",  # a "that" clause is often about the one named
        "He saw that Boris was late, so he left.",  # Boris is a clause's subject
    ],
)
def test_a_later_subject_after_a_phrase_it_may_mean_is_left_alone_where_that_phrase_may_go_on(mined, second):
    found = mined("reference", "Tom walked in.", second)
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tom", "He")]


def test_after_a_semicolon_a_later_pronoun_links_to_the_clause_its_unlinked_first_pronoun_shares():
    found = mine(["Maria smiled, as she always did; she was tired."])
    assert [(c.a.text, c.b.text, c.b.start, c.adjacency) for c in found if c.phenomenon == "reference"] == [
        ("Maria", "she", 33, "adjacent")
    ]  # the first "she" means Maria in its own clause: no link


def test_after_a_semicolon_a_later_pronoun_is_left_alone_when_the_first_one_comes_before_the_phrase():
    found = mine(["She could not see the girl's face; all she saw was the door."])
    assert [c for c in found if c.phenomenon == "reference"] == []


def test_a_later_pronoun_goes_on_from_the_last_linked_one_of_its_class(mined):
    found = mined(
        "reference", "Tomas ran.", "He feared Peter, and was sure that if he lost, his farm would be gone."
    )
    assert [b[3] for _, _, b, _ in found] == ["He", "he", "his"]


def test_a_subject_after_an_opening_phrase_goes_on_from_a_pronoun_in_it(mined):
    found = mined("reference", "Tomas sat down.", "Holding his brother's hand, he wept.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tomas", "his"), ("Tomas", "he")]


def test_an_object_pronoun_in_a_relative_clause_may_mean_the_subject_before_it(mined):
    found = mined("reference", "Anna came in.", "She met a boy who thanked her.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Anna", "She"), ("Anna", "her")]


def test_an_owner_opening_a_clause_continues_an_owner_opening_the_sentence(mined):
    found = mined("reference", "Lena sang.", "Her voice charmed Mara's aunt; her smile charmed the guests.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Lena", "Her"), ("Lena", "her")]


def test_the_object_of_a_preposition_opening_a_clause_may_mean_the_subject_before_it(mined):
    found = mined("reference", "Tom walked in.", "He was tired, and to him the walk seemed long.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tom", "He"), ("Tom", "him")]
    found = mined("reference", "Tom walked in.", "He thanked him.")  # the object of the verb: another person
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tom", "He")]


def test_an_owner_opening_a_clause_after_a_comma_and_a_conjunction_goes_on_from_the_subject(mined):
    found = mined(
        "reference", "Tom walked in.", "He heard the porter say that the bag was gone, and his face fell."
    )
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tom", "He"), ("Tom", "his")]
    found = mined(
        "reference", "Tom walked in.", "He heard the porter say that the bag was gone and his face fell."
    )
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Tom", "He")]  # no comma: left alone


@pytest.mark.parametrize(
    "second", ["They circled the tent and all of them cheered.", "They were few of them!"]
)
def test_the_object_of_a_part_of_a_set_that_is_a_subject_or_predicate_means_the_subject(mined, second):
    found = mined("reference", "The geese flew south.", second)
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("geese", "They"), ("geese", "them")]


def test_the_object_of_a_part_of_a_set_that_is_an_object_is_left_alone(mined):
    found = mined("reference", "The geese flew south.", "They chased all of them.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("geese", "They")]


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        ("Tom met Boris at the gate.", [("Tom", "He"), ("Boris", "him")]),  # the one other man
        ("The guards chased the thieves.", [("guards", "They"), ("thieves", "them")]),
        ("Tom met Boris and Ivan.", [("Tom", "He")]),  # two others: left alone
        ("Tom walked in.", [("Tom", "He")]),  # no other: left alone
    ],
)
def test_an_object_form_in_the_clause_of_a_subject_of_its_class_means_the_one_other_referent(
    mined, first, expected
):
    second = "They caught them." if first.startswith("The guards") else "He thanked him."
    found = mined("reference", first, second)
    assert [(a[3], b[3]) for _, a, b, _ in found] == expected
