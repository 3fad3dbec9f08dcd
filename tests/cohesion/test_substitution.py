import pytest

COOKIES = "She wanted those cookies."


def test_bare_object_one(mined):
    found = mined("substitution", COOKIES, "She took one.")
    assert found == [("nominal", (0, 17, 24, "cookies"), (1, 9, 12, "one"), "took one")]


def test_determiner_adjective_and_ones(mined):
    assert mined("substitution", "He bought a blue car.", "I prefer the red one.") == [
        ("nominal", (0, 17, 20, "car"), (1, 17, 20, "one"), "red one")
    ]
    assert mined("substitution", "These shoes are old.", "I need new ones.") == [
        ("nominal", (0, 6, 11, "shoes"), (1, 11, 15, "ones"), "new ones")
    ]


def test_an_object_before_the_object_of_a_preposition(mined):
    assert mined("substitution", "She dropped her mug on the floor.", "He bought a new one.") == [
        ("nominal", (0, 16, 19, "mug"), (1, 16, 19, "one"), "new one")
    ]


def test_non_adjacent(mined):
    found = mined(
        "substitution", "He owned a small boat.", "It was quiet.", "Nobody came.", "He wanted a bigger one."
    )
    assert found == [("nominal", (0, 17, 21, "boat"), (3, 19, 22, "one"), "bigger one")]


def test_a_sentence_naming_only_places_is_passed_over(mined):
    found = mined("substitution", "Her kettle cracked.", "She drove to the market.", "She chose a cheap one.")
    assert found == [("nominal", (0, 4, 10, "kettle"), (2, 18, 21, "one"), "cheap one")]
    # a place in reach's last sentence, or a noun that is no place, is still the antecedent
    found = mined("substitution", "She drove to the market.", "She chose a cheap one.")
    assert found == [("nominal", (0, 17, 23, "market"), (1, 18, 21, "one"), "cheap one")]
    found = mined("substitution", "Her kettle cracked.", "She asked for a loan.", "She got a small one.")
    assert found == [("nominal", (1, 16, 20, "loan"), (2, 16, 19, "one"), "small one")]


@pytest.mark.parametrize(
    "second",
    [
        "One day she left.",
        "One of them laughed.",
        "No one came.",
        "One must be careful.",
        "They love one another.",
        "He is the one who left.",
        "He is the one.",
        "Someone knocked.",
        "She was the only one.",
        "Hush, little one.",
        "I wanted a blue car and a red one.",
    ],
)
def test_exclusions(mined, second):
    assert mined("substitution", COOKIES, second) == []


def test_physical_sense_beats_abstract_first_sense(mined):
    # "ring" is first a sound (noun.attribute) and "age" only abstract: the ring is still the antecedent,
    # not the umbrella two sentences back.
    found = mined(
        "substitution",
        "Then he took out the little yellow umbrella charm, worn almost white with age.",
        "Tied to it was a ring.",
        "It was a plain one, without a single diamond.",
    )
    assert found == [("nominal", (1, 17, 21, "ring"), (2, 15, 18, "one"), "plain one")]


def test_a_later_one_takes_the_noun_of_the_earlier_substitute(mined):
    found = mined(
        "substitution",
        "The stall sold wooden bowls.",
        "Mia bought a deep one.",
        "It rained.",
        "Her brother chose a flat one.",
    )
    assert found == [
        ("nominal", (0, 22, 27, "bowls"), (1, 18, 21, "one"), "deep one"),
        ("nominal", (0, 22, 27, "bowls"), (3, 25, 28, "one"), "flat one"),
    ]


def test_abstract_nouns_are_skipped(mined):
    found = mined("substitution", "He bought a blue car.", "The anger faded.", "He wanted a red one.")
    assert found == [("nominal", (0, 17, 20, "car"), (2, 16, 19, "one"), "red one")]


@pytest.mark.parametrize(
    "second",
    [
        "It was a one-word answer.",
        "The two rivers become one.",
        "I mean one.",
        "One would think so.",
        "She was a tough one.",
    ],
)
def test_numeral_generic_and_person_one(mined, second):
    assert mined("substitution", "The farmers met.", second) == []


@pytest.mark.parametrize(
    "second",
    [
        "He was a tough one.",
        "Anna seemed the lucky one.",
        "You are really a clever one.",
        "He kissed his loved one.",
    ],
)
def test_a_one_said_of_a_person_is_no_substitute_of_an_earlier_thing(mined, second):
    assert mined("substitution", "The fight was long.", second) == []


def test_a_one_said_of_a_thing_is_a_substitute(mined):
    assert mined("substitution", "He picked up the apple.", "It was a big one.") == [
        ("nominal", (0, 17, 22, "apple"), (1, 13, 16, "one"), "big one")
    ]
    assert mined("substitution", "He lost his pen.", "I've got another one.") == [
        ("nominal", (0, 12, 15, "pen"), (1, 17, 20, "one"), "another one")
    ]


def test_one_of_the_people_of_its_own_sentence_is_no_substitute(mined):
    assert mined("substitution", "The cakes were on the table.", "Pick two people and pay one.") == []


@pytest.mark.parametrize(
    "second, b",
    [
        ("He threw away the worn-out ones.", (1, 27, 31, "ones")),
        ("He picked one up.", (1, 10, 13, "one")),
    ],
)
def test_compound_adjective_and_particle(mined, second, b):
    found = mined("substitution", "The boots lay by the door.", second)
    assert [(a[3], bb) for _, a, bb, _ in found] == [("boots", b)]


def test_become_one_himself_and_plural_preferred_over_a_nearer_person(mined):
    found = mined("substitution", "He admired the old sailors.", "He wanted to become one himself.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("sailors", "one")]
    found = mined("substitution", "The stall sold candles.", "Nora greeted the owner.", "She took one.")
    assert [(a[0], a[3]) for _, a, _, _ in found] == [(0, "candles")]


def test_adjective_one_after_a_person_and_far_antecedents_are_left_out(mined):
    assert (
        mined("substitution", "The boots lay by the door.", "Anna came in.", "She was the quiet one.") == []
    )
    far = (
        "He owned a small boat.",
        "It was quiet.",
        "Nobody came.",
        "Nobody spoke.",
        "He wanted a bigger one.",
    )
    assert mined("substitution", *far) == []


@pytest.mark.parametrize(
    "second, b, trigger",
    [
        ("His sister said he should buy a new one.", (1, 36, 39), "new one"),  # a person: not what it means
        ("At dawn, his uncle carved him a better one.", (1, 39, 42), "better one"),  # a time, the subject
    ],
)
def test_a_person_who_is_the_subject_or_a_time_before_one_leaves_the_earlier_antecedent(
    mined, second, b, trigger
):
    found = mined("substitution", "Leo cracked his mug on the step.", second)
    assert found == [("nominal", (0, 16, 19, "mug"), (*b, "one"), trigger)]


@pytest.mark.parametrize("second", ["She met a boy like this one.", "The lamp on her desk was a cheap one."])
def test_a_person_not_the_subject_or_a_thing_before_one_keeps_it_in_its_sentence(mined, second):
    assert mined("substitution", "Leo cracked his mug on the step.", second) == []


def test_an_object_owned_by_or_of_the_object_of_a_preposition(mined):
    # "for his aunt's garden": the owner's preposition makes the owned noun oblique
    found = mined(
        "substitution", "Tom wanted a hat for his aunt's garden.", "His uncle lent him a cheap one."
    )
    assert found == [("nominal", (0, 13, 16, "hat"), (1, 27, 30, "one"), "cheap one")]
    # "at the edge of a pond": the "of" phrase of an oblique noun is oblique too
    found = mined("substitution", "Her boat drifted to the edge of a pond.", "She rowed a lighter one.")
    assert found == [("nominal", (0, 4, 8, "boat"), (1, 20, 23, "one"), "lighter one")]


def test_an_event_or_a_substance_is_no_antecedent(mined):
    # "the crash" (an event) and "the sand" (a substance) are passed over for the nearest thing
    found = mined("substitution", "His lamp fell over.", "The crash was loud.", "He ordered a brighter one.")
    assert found == [("nominal", (0, 4, 8, "lamp"), (2, 22, 25, "one"), "brighter one")]
    found = mined("substitution", "Her bucket leaked.", "The sand spilled out.", "She found a plastic one.")
    assert found == [("nominal", (0, 4, 10, "bucket"), (2, 20, 23, "one"), "plastic one")]


def test_a_possessed_body_part_is_no_antecedent(mined):
    # "they hurt her toes": the toes are hers, the "ones" replace the boots
    found = mined(
        "substitution", "Jill bought new boots.", "They hurt her toes.", "She returned them for softer ones."
    )
    assert found == [("nominal", (0, 16, 21, "boots"), (2, 29, 33, "ones"), "softer ones")]


@pytest.mark.parametrize(
    "between",
    ["She poured milk into a pan.", "He had much money.", "His father took him shopping."],
)
def test_a_mass_noun_or_an_act_is_no_antecedent(mined, between):
    # "one" stands for a count noun: a singular without a determiner ("milk"), after "much", or a verbal
    # noun of an act ("shopping") is passed over for the count noun before it
    found = mined("substitution", "The old kettle cracked.", between, "They got a new one.")
    assert found == [("nominal", (0, 8, 14, "kettle"), (2, 15, 18, "one"), "new one")]


def test_every_one_is_the_numeral(mined):
    assert mined("substitution", COOKIES, "She ate every one.") == []
