import pytest


def test_between_two_names_the_owner_of_the_subject_is_the_topic(mined):
    assert mined("reference", "Anna's old plan to help Clara failed.", "She was sad.") == [
        ("personal", (0, 0, 4, "Anna"), (1, 0, 3, "She"), "she")
    ]
    assert mined("reference", "The plan of Anna to help Clara failed.", "She was sad.") == []


def test_what_someone_turns_into_or_becomes_is_no_antecedent(mined):
    assert mined("reference", "The spell did not turn him into a frog.", "He was still himself.") == []
    assert mined("reference", "Growing up, Anna developed into a fine lady.", "She smiled.") == [
        ("personal", (0, 12, 16, "Anna"), (1, 0, 3, "She"), "she")
    ]
    assert mined("reference", "Growing up, the boy met a fine lady.", "She smiled.") == [
        ("personal", (0, 31, 35, "lady"), (1, 0, 3, "She"), "she")
    ]  # met, not became: the lady is an antecedent
    assert mined("reference", "The old man became a hero.", "He smiled.") == [
        ("personal", (0, 8, 11, "man"), (1, 0, 2, "He"), "he")
    ]


def test_the_noun_after_there_is_introduces_a_referent(mined):
    assert mined("reference", "There was an old woman in the hut.", "She sang all night.") == [
        ("personal", (0, 17, 22, "woman"), (1, 0, 3, "She"), "she")
    ]
    assert mined("reference", "There must have been a key under the mat.", "Nobody found it.") == [
        ("personal", (0, 23, 26, "key"), (1, 13, 15, "it"), "it")
    ]
    assert mined("reference", "The old man was a sailor.", "She waved.") == []  # a predicate noun


def test_the_group_someone_is_one_of_is_no_antecedent(mined):
    assert mined("reference", "He was one of the sailors on deck.", "They waved.") == []
    assert mined("reference", "He waved to one of the sailors on deck.", "They waved back.") == [
        ("personal", (0, 23, 30, "sailors"), (1, 0, 4, "They"), "they")
    ]


def test_the_person_names_someone(mined):
    assert mined("reference", "The person by the door coughed.", "His cup was empty.") == [
        ("personal", (0, 4, 10, "person"), (1, 0, 3, "His"), "his")
    ]
    assert mined("reference", "A person by the door coughed.", "His cup was empty.") == []  # no referent


def test_the_person_or_thing_with_modifiers_names_a_referent(mined):
    found = mined("reference", "Find the badly injured person on the bench.", "He owes me money.")
    assert found == [("personal", (0, 23, 29, "person"), (1, 0, 2, "He"), "he")]
    found = mined("reference", "Anna ordered the spicy thing again.", "It burned her tongue.")
    assert found == [
        ("personal", (0, 23, 28, "thing"), (1, 0, 2, "It"), "it"),
        ("personal", (0, 0, 4, "Anna"), (1, 10, 13, "her"), "her"),
    ]
    # a superlative, "same" or "only" makes a description, not a referent
    found = mined("reference", "Anna ordered the same thing again.", "It burned her tongue.")
    assert found == [("personal", (0, 0, 4, "Anna"), (1, 10, 13, "her"), "her")]
    assert mined("reference", "The tallest person would be a guard at the gate.", "He yawned.") == []


def test_the_noun_after_a_kind_and_of_is_what_it_means(mined):
    assert mined("reference", "Tom bought a new type of kettle.", "It whistled loudly.") == [
        ("personal", (0, 25, 31, "kettle"), (1, 0, 2, "It"), "it")
    ]
    found = mined(
        "reference", "Mara had never owned that sort of clock before; she did not know how to wind it."
    )
    assert found == [
        ("personal", (0, 0, 4, "Mara"), (0, 48, 51, "she"), "she"),
        ("personal", (0, 34, 39, "clock"), (0, 77, 79, "it"), "it"),
    ]


def test_subject_is_preferred_and_agreement_decides(mined):
    assert mined("reference", "The vase fell from the table.", "It broke.") == [
        ("personal", (0, 4, 8, "vase"), (1, 0, 2, "It"), "it")
    ]
    # a noun in the pronoun's own sentence that cannot agree does not block the earlier antecedent
    found = mined("reference", "The old woman smiled.", "The boy saw her.")
    assert found == [("personal", (0, 8, 13, "woman"), (1, 12, 15, "her"), "her")]
    # a person of unknown gender is an antecedent when no gendered one competes
    found = mined("reference", "The driver stopped.", "He got out.")
    assert found == [("personal", (0, 4, 10, "driver"), (1, 0, 2, "He"), "he")]


def test_vocative_in_quoted_speech_is_no_antecedent(mined):
    found = mined("reference", '"Miss Lin, I need these," said the boy.', "Before she could answer, he ran.")
    assert found == [("personal", (0, 35, 38, "boy"), (1, 25, 27, "he"), "he")]  # no link to Miss Lin


def test_a_vocative_after_an_interjection_is_no_antecedent(mined):
    found = mined("reference", "'Oh Mama, look at this!' cried the girl.", "'She painted it herself.'")
    assert found == []  # not the one spoken to


def test_far_antecedent_must_be_the_subject(mined):
    found = mined(
        "reference",
        "In the script, on the night of her brother's funeral, A-Yuan walks into the river.",
        "The scene was shot in the water.",
        "The rain machines were running.",
        "He had the crew fasten a line.",
    )
    assert found == []  # not "brother": a possessor inside a prepositional phrase


@pytest.mark.parametrize("opening", ["Pulling on the heavy boots,", "Startled by a sudden noise,"])
def test_a_far_antecedent_may_be_the_subject_after_an_opening_participle(mined, opening):
    between = ("The path was muddy.", "The wind was cold.")
    found = mined("reference", f"{opening} Greta left the cabin.", *between, "She walked faster.")
    assert found == [("personal", (0, len(opening) + 1, len(opening) + 6, "Greta"), (3, 0, 3, "She"), "she")]


def test_speaker_label_is_no_antecedent(mined):
    assert mined("reference", "Netizen B: Some D-lister bullying a star?", "Who gave her the nerve?") == []


def test_generic_owner_and_title_are_no_antecedents(mined):
    assert mined("reference", "Any woman would laugh.", "The band played.", "She sang.") == []
    found = mined("reference", "Tomas Hale's wife stood up.", "She smiled.")
    assert found == [("personal", (0, 13, 17, "wife"), (1, 0, 3, "She"), "she")]
    assert mined("reference", "The guard bowed.", "They went to see His Majesty.") == []


def test_a_relative_written_as_a_name_is_no_generic_noun(mined):
    found = mined("reference", "Mom was tired.", "She slept.")
    assert found == [("personal", (0, 0, 3, "Mom"), (1, 0, 3, "She"), "she")]
    assert mined("reference", "Man is mortal.", "He cannot escape death.") == []


def test_speaker_of_a_quote_is_not_a_pronoun_inside_it(mined):
    found = mined("reference", "'I saw him,' said Grandma.", "'She ran off.'")
    assert found == []


def test_identified_name_progressive_it_and_compound_modifier(mined):
    found = mined("reference", "The person at the door was Victor.", "He sat down.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Victor", "He")]
    found = mined("reference", "A glass door swung open.", "It was creaking.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("door", "It")]


def test_subject_after_an_opening_subordinate_clause(mined):
    found = mined(
        "reference", "Before he could finish his tea, the kettle boiled over.", "It hissed on the stove."
    )
    assert found == [("personal", (0, 36, 42, "kettle"), (1, 0, 2, "It"), "it")]


def test_a_simile_noun_is_no_antecedent(mined):
    assert mined("reference", "Anna shouted like a madman.", "He laughed.") == []
    assert mined("reference", "The sailor shouted like a madman.", "He laughed.") == [
        ("personal", (0, 4, 10, "sailor"), (1, 0, 2, "He"), "he")
    ]
    # a clause after "like" and a possessive after it name referents
    assert mined("reference", "Just like the driver said, the road was closed.", "He laughed.") == [
        ("personal", (0, 14, 20, "driver"), (1, 0, 2, "He"), "he")
    ]
    assert mined("reference", "She looked like her father.", "He laughed.") == [
        ("personal", (0, 20, 26, "father"), (1, 0, 2, "He"), "he")
    ]


def test_a_unit_or_an_amount_is_no_antecedent(mined):
    assert mined("reference", "The farmer counted ninety dollars.", "Tom counted them twice.") == []
    assert mined("reference", "The farmer counted ninety coins.", "Tom counted them twice.") == [
        ("personal", (0, 26, 31, "coins"), (1, 12, 16, "them"), "them")
    ]


def test_it_means_a_thing_rather_than_a_time_of_its_sentence(mined):
    found = mined("reference", "Mara bought a used boat last summer.", "It leaked on the first trip.")
    assert found == [("personal", (0, 19, 23, "boat"), (1, 0, 2, "It"), "it")]


def test_a_person_of_unknown_gender_owned_by_a_pronoun_of_the_class_is_ambiguous(mined):
    # "her driver ... She": the driver, or the one "her" means
    assert mined("reference", "Tom paid her driver at the gate.", "She waved from the car.") == []
    assert mined("reference", "Tom paid the driver at the gate.", "She waved from the car.") == [
        ("personal", (0, 13, 19, "driver"), (1, 0, 3, "She"), "she")
    ]


def test_a_noun_before_a_person_noun_does_not_make_it_generic(mined):
    assert mined("reference", "The security guard waved.", "He smiled.") == [
        ("personal", (0, 13, 18, "guard"), (1, 0, 2, "He"), "he")
    ]


def test_they_opening_a_sentence_means_the_plural_thing_that_was_the_only_plural_subject_before(mined):
    assert mined("reference", "The bees flew home.", "They were small.") == [
        ("personal", (0, 4, 8, "bees"), (1, 0, 4, "They"), "they")
    ]
    assert mined("reference", "The bees chased the dogs.", "They were small.") == []
    assert mined("reference", "Their bags fell.", "They laughed.") == []  # the owners


def test_they_opening_a_sentence_means_the_plural_subject_over_lifeless_things_named_after_it(mined):
    assert mined("reference", "The bees left the fields.", "They were small.") == [
        ("personal", (0, 4, 8, "bees"), (1, 0, 4, "They"), "they")
    ]
    assert mined("reference", "The bees left the crowds.", "They were small.") == []  # a group
    assert mined("reference", "The bees stung everyone on the fields.", "They were small.") == []
    assert mined("reference", "After the storms, the bees flew home.", "They were small.") == []


def test_a_person_named_with_a_in_the_present_tense_outside_speech_is_anyone(mined):
    found = mined("reference", "Anna laughed.", "A woman knows what she wants.", "She left.")
    assert [(a[3], b[:2]) for _, a, b, _ in found if b[0] == 2] == [("Anna", (2, 0))]
    found = mined("reference", "Anna laughed.", "A woman came in.", "She left.")  # told in the past
    assert [(a[3], b[:2]) for _, a, b, _ in found] == [("woman", (2, 0))]


def test_all_before_a_plural_names_a_group_in_a_past_tense_sentence(mined):
    assert mined("reference", "All members of the crew ran to the boat.", "They were tired.") == [
        ("personal", (0, 4, 11, "members"), (1, 0, 4, "They"), "they")
    ]
    assert mined("reference", "All men are mortal.", "They die.") == []  # anyone


def test_far_back_the_owner_of_a_subject_is_its_sentence_topic(mined):
    found = mined(
        "reference",
        "Peter's bus was late.",
        "The station was cold.",
        "Every bench was wet.",
        "He waited by the door.",
    )
    assert found == [("personal", (0, 0, 5, "Peter"), (3, 0, 2, "He"), "he")]
