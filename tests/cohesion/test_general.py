def test_a_general_noun_after_the_or_a_demonstrative_names_the_same_noun_again(mined):
    found = mined("repetition", "She found a thing in the sand.", "The thing was cold.")
    assert found == [("noun", (0, 12, 17, "thing"), (1, 4, 9, "thing"), "thing")]
    found = mined("repetition", "The pale person sat up.", "The dog barked.", "The pale person stood.")
    assert found == [("noun", (0, 9, 15, "person"), (2, 9, 15, "person"), "person")]


def test_a_bare_general_noun_or_a_plural_one_is_no_element(mined):
    assert mined("repetition", "She found a thing in the sand.", "A thing was cold.") == []
    assert mined("repetition", "People came.", "The people left.") == []


def test_the_of_a_description_points_at_no_mention(mined):
    story = ["He knew the first thing about boats.", "He knew the first thing about knots."]
    assert mined("repetition", *story) == []
    assert mined("repetition", "She found a thing in the sand.", "It was the best thing.") == []


def test_other_words_in_front_tell_the_two_apart(mined):
    assert mined("repetition", "She found a thing in the sand.", "They forgot the whole thing.") == []


def test_a_kind_or_a_description_is_no_element_1(mined):
    assert mined("repetition", "I never met such a person.", "The person was kind.") == []
    assert mined("repetition", "What kind of place did she rent?", "The place was dark.") == []
    assert mined("repetition", "Tom was a person who liked rain.", "The person smiled.") == []


def test_speech_and_narration_do_not_share_a_general_noun(mined):
    assert mined("repetition", "“I will stop this person,” she said.", "The person ran.") == []
