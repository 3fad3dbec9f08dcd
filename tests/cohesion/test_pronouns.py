import pytest

from cohesion.mentions import Mention
from cohesion.pronouns import _common_noun_name, group_name


def test_name_gender_from_following_pronoun(mined):
    found = mined("reference", "Zhang Wei closed his book.", "He stood up.")
    assert found == [("personal", (0, 0, 9, "Zhang Wei"), (1, 0, 2, "He"), "he")]


def test_a_title_naming_a_person_takes_the_gender_of_its_possessive(mined):
    assert mined("reference", "Have you told Her Ladyship?", "No, she is busy.") == [
        ("personal", (0, 14, 26, "Her Ladyship"), (1, 4, 7, "she"), "she")
    ]
    assert mined("reference", "Have you told Her Ladyship?", "No, he is busy.") == []


def test_a_person_noun_keeps_the_gender_the_chapter_shows(mined):
    first = ("The director said he was tired.", "Lin Wan closed her script.")
    found = mined("reference", *first, "The director praised her voice.")
    assert [(a[0], a[3], b[0], b[3]) for _, a, b, _ in found] == [(1, "Lin Wan", 2, "her")]


def test_a_later_possessive_of_a_title_is_no_pronoun(mined):
    found = mined("reference", "The clerk bowed.", "He said he would tell His Majesty.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("clerk", "He"), ("clerk", "he")]


def test_a_name_of_a_thing_of_unknown_gender_does_not_stop_the_look_back(mined):
    between = ("The wind howled.", "Rain fell.", "He smiled.")
    found = mined("reference", "Tomas raised his sword.", "Crimson Explosion lit the sky.", *between)
    assert found == [("personal", (0, 0, 5, "Tomas"), (4, 0, 2, "He"), "he")]
    # a pinyin syllable is as likely a person's name: the look-back stops
    assert mined("reference", "Tomas raised his sword.", "Song lit the lamp.", *between) == []


@pytest.mark.parametrize(
    ("name", "common"),
    [
        ("Crimson Explosion", True),  # a noun that names no person
        ("Splendid", True),  # no noun: an exclamation taken for a name
        ("Song", False),  # a pinyin syllable
        ("Rose", False),  # a first name
        ("Iron Butler", False),  # a person noun
        ("Wu Jin", False),  # no English word
    ],
)
def test_common_noun_names(name, common):
    assert _common_noun_name(Mention(0, len(name), name, name, "name", False, 0)) is common


def test_the_possessive_of_a_plural_title_is_no_pronoun(mined):
    assert (
        mined("reference", "The maids carried the trays.", "Tell their ladyships that dinner is ready.") == []
    )


def test_a_plural_name_is_no_person_a_he_or_she_may_mean(mined):
    found = mined(
        "reference",
        "Zhang Wei closed his book.",
        "When the two Iron Lanterns clashed, Zhang Wei stepped back.",
        "He stood up.",
    )
    assert found[-1] == ("personal", (1, 36, 45, "Zhang Wei"), (2, 0, 2, "He"), "he")


def test_a_kinship_compound_takes_the_gender_of_its_first_word(mined):
    assert mined("reference", "Her son-in-law came.", "He was late.") == [
        ("personal", (0, 4, 14, "son-in-law"), (1, 0, 2, "He"), "he")
    ]
    assert mined("reference", "Her son-in-law came.", "She was late.") == []


def test_gendered_noun_it_and_they(mined):
    assert mined("reference", "The old woman smiled.", "She waved.") == [
        ("personal", (0, 8, 13, "woman"), (1, 0, 3, "She"), "she")
    ]
    assert mined("reference", "The vase fell.", "It broke into pieces.") == [
        ("personal", (0, 4, 8, "vase"), (1, 0, 2, "It"), "it")
    ]
    assert mined("reference", "The soldiers marched on.", "They were tired.") == [
        ("personal", (0, 4, 12, "soldiers"), (1, 0, 4, "They"), "they")
    ]


def test_places_and_apps_get_no_gender(mined):
    # "On Weibo" (a prepositional phrase) gives Weibo no gender, so "She" skips it for the name before
    found = mined(
        "reference",
        "Xu Zhixia sighed, and she opened the app.",
        "On Weibo, the label was red.",
        "She tapped on it.",
    )
    assert ("personal", (0, 0, 9, "Xu Zhixia"), (2, 0, 3, "She"), "she") in found
    assert mined("reference", "Binjiang Road was empty.", "He walked on.") == []
    assert (
        mined("reference", "They lived in Nanchuan.", "Nanchuan was quiet.", "It rained.", "She left.") == []
    )


def test_sentence_initial_form_of_address(mined):
    assert mined("reference", "The queen's maid bowed.", "Her Ladyship is resting.") == []


def test_person_reading_needs_the_top_senses_and_demonstrative_takes_the_head(mined):
    # "host" is a person first, a crowd second: no antecedent of "She"; "guard" is a person twice
    assert mined("reference", "The host was gone.", "She lay down.") == []
    assert [a[3] for _, a, _, _ in mined("reference", "The guard was gone.", "She lay down.")] == ["guard"]
    found = mined("reference", "The wedding veil was red.", "Nobody spoke.", "She kept that wedding veil.")
    assert [(a[3], b[3]) for k, a, b, _ in found if k == "demonstrative"] == [("veil", "that")]


def test_they_them_their_name_persons_and_things_only_as_an_object(mined):
    # for plural things they mostly meant people named nearby: only a verb's "them" may mean things
    assert mined("reference", "The sailors changed course overnight.", "Their ship was slow.") == [
        ("personal", (0, 4, 11, "sailors"), (1, 0, 5, "Their"), "their")
    ]
    assert mined("reference", "The rules changed overnight.", "Their effect was slow.") == []
    assert mined("reference", "The plates were wet.", "Then she dried them.") == [
        ("personal", (0, 4, 10, "plates"), (1, 15, 19, "them"), "them")
    ]
    assert mined("reference", "The lamps were lit.", "Then she told them a story.") == []  # people
    assert mined("reference", "The lamps were lit.", "She sat beside them.") == []  # not a verb's object


def test_a_day_is_no_person(mined):
    found = mined(
        "reference", "Tara applied for a job.", "The interview was on a rainy Tuesday.", "She got it."
    )
    assert [(a[3], b[3]) for _, a, b, _ in found if b[3] == "She"] == [("Tara", "She")]


def test_a_person_noun_of_unknown_gender_takes_the_gender_its_subject_pronoun_shows(mined):
    assert mined("reference", "The band leader did not come because he was ill.", "He stayed at home.") == [
        ("personal", (0, 9, 15, "leader"), (1, 0, 2, "He"), "he")
    ]
    assert mined("reference", "The band leader did not come.", "He stayed at home.") == []
    assert mined("reference", "The band leader said that she was ill.", "He stayed at home.") == []


def test_a_plural_name_whose_last_word_names_persons_is_a_they(mined):
    assert mined("reference", "The Stone Saints stood at the gate.", "They waited in silence.") == [
        ("personal", (0, 4, 16, "Stone Saints"), (1, 0, 4, "They"), "they")
    ]
    assert mined("reference", "The Jade Mountains rose ahead.", "They waited in silence.") == []


def test_a_he_of_any_form_continues_a_subject_pronoun_past_a_person_of_unknown_gender(mined):
    found = mined(
        "reference", "Tom came home late.", "He had argued with a stranger.", "After a while his anger faded."
    )
    assert [(a[0], a[3], b[0], b[3]) for _, a, b, _ in found] == [(0, "Tom", 1, "He"), (0, "Tom", 2, "his")]


def test_a_gender_only_the_chapter_guesses_leaves_a_possessive_with_the_subject_pronoun(mined):
    sentences = (
        "The choir leader coughed because he was cold.",
        "Tom came home late.",
        "He had argued with the choir leader.",
        "After a while his anger faded.",
    )
    found = mined("reference", *sentences)
    assert [(a[0], a[3], b[0], b[3]) for _, a, b, _ in found] == [(1, "Tom", 2, "He"), (1, "Tom", 3, "his")]


def test_the_head_of_a_compound_subject_takes_the_gender_its_pronoun_shows(mined):
    found = mined(
        "reference", "The choir leader coughed because he was cold.", "We paid the choir leader.", "He waved."
    )
    assert found == [("personal", (1, 18, 24, "leader"), (2, 0, 2, "He"), "he")]


@pytest.mark.parametrize(
    ("name", "group"),
    [("Iron Guards", True), ("Iron Butler", False), ("Wu Jin", False), ("Crimson Palm", False)],
)
def test_group_names(name, group):
    assert group_name(Mention(0, len(name), name, name, "name", False, 0)) is group


def test_a_kin_name_of_address_has_the_gender_of_its_kin_word(mined):
    assert mined("reference", "'Where did your Papa go?'", "'He went to the mill.'") == [
        ("personal", (0, 16, 20, "Papa"), (1, 1, 3, "He"), "he")
    ]
    assert mined("reference", "'Where did your Papa go?'", "'She went to the mill.'") == []
