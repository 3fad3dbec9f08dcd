import pytest


def test_honorific_and_non_adjacent(mined):
    found = mined(
        "reference", "Miss Lin entered the hall.", "The music was loud.", "Everyone was dancing.", "She sat."
    )
    assert found == [("personal", (0, 5, 8, "Lin"), (3, 0, 3, "She"), "she")]


def test_a_person_of_unknown_gender_before_the_pronoun_in_its_sentence_stops_the_look_back(mined):
    assert mined("reference", "Tomas raised his sword.", "Then Wu Jin smiled with his eyes.") == []
    # but for the subject of an object pronoun's clause, whom the object does not mean
    assert mined("reference", "Tomas raised his sword.", "Then Wu Jin hit him.") == [
        ("personal", (0, 0, 5, "Tomas"), (1, 16, 19, "him"), "him")
    ]


@pytest.mark.parametrize(
    "second",
    [
        "It was hard to say.",
        "It is raining.",
        "It seems that nobody came.",
        "It was two o'clock.",
        "Forget it.",
    ],
)
def test_pleonastic_it_is_excluded(mined, second):
    assert mined("reference", "The vase fell.", second) == []


def test_exclusions(mined):
    assert mined("reference", "He saw the cup and the plate.", "It broke.") == []  # ambiguous
    assert mined("reference", "Miss Lin entered.", "He sat down.") == []  # gender mismatch
    assert mined("reference", "Miss Lin entered.", "The teacher said she was late.") == []  # NP before
    assert mined("reference", "The vase fell.", "Nobody moved.", "It broke.") == []  # "it" is adjacent only


def test_the_narrator_before_speech_that_runs_on_is_not_its_he(mined):
    # "him" is in the speech Dave's sentence introduces, over two sentences: not Dave
    assert mined("reference", "Dave looked angry.", "“He woke up at night.", "I asked him questions.”") == []
    assert mined("reference", "Dave looked angry.", "He woke up at night.", "I asked him questions.") == [
        ("personal", (0, 0, 4, "Dave"), (1, 0, 2, "He"), "he"),
        ("personal", (0, 0, 4, "Dave"), (2, 8, 11, "him"), "him"),
    ]


def test_speech_running_on_without_marks_is_speech_and_its_frame_is_no_antecedent(mined):
    # "she" is inside the quote opened the sentence before: not its speaker, nor the one she urges
    assert (
        mined(
            "reference",
            "Mrs Berg stood up and urged Anna to hurry.",
            "'Hurry!",
            "When she comes back, we go in.",
        )
        == []
    )
    # the man who speaks is skipped, and so is everyone before his sentence: "He" is someone else
    assert mined("reference", "Tom frowned.", "The old man said, “He is the one.", "He stole the map.”") == []


def test_a_chain_of_pronouns_in_speech_goes_on_past_its_speaker(mined):
    assert mined(
        "reference", "The boy was eating.", "'Why, he is hungry!' thought Tom.", "'I will scare him off.'"
    ) == [
        ("personal", (0, 4, 7, "boy"), (1, 6, 8, "he"), "he"),
        ("personal", (0, 4, 7, "boy"), (2, 14, 17, "him"), "him"),
    ]
    # a quote tagged with its own speaker: the narrated subject before it is no speaker
    assert mined(
        "reference", "Anna knelt on the floor.", "'Stop her!' cried Rosa.", "'She must not kneel.'"
    ) == [
        ("personal", (0, 0, 4, "Anna"), (1, 6, 9, "her"), "her"),
        ("personal", (0, 0, 4, "Anna"), (2, 1, 4, "She"), "she"),
    ]


def test_they_looks_back_past_no_plural_things_and_said_it(mined):
    # "Their" may mean the cars, whom the rules do not link it to: the riders are not taken either
    found = mined(
        "reference", "The riders went by.", "Now the road held only cars.", "Their doors hung open."
    )
    assert found == []
    assert mined("reference", "The riders went by.", "Now the road was empty.", "Their horses slowed.") == [
        ("personal", (0, 4, 10, "riders"), (2, 0, 5, "Their"), "their")
    ]
    assert mined("reference", "The cars stopped.", "The road was quiet.", "Their doors opened.") == []
    assert mined("reference", "The axe stays out here.", "He said it as if it were a favor.") == []


def test_it_with_a_modal_before_a_participle_or_a_predicate_of_adjectives(mined):
    assert mined("reference", "The engine coughed.", "It will be running again soon.") == [
        ("personal", (0, 4, 10, "engine"), (1, 0, 2, "It"), "it")
    ]
    assert mined("reference", "The box was sealed.", "It was agreed that nobody would open it.") == []
    assert mined(
        "reference", "The stone lay in his palm.", "It was smooth and heavy, but nobody wanted it."
    ) == [
        ("personal", (0, 4, 9, "stone"), (1, 0, 2, "It"), "it"),
        ("personal", (0, 4, 9, "stone"), (1, 43, 45, "it"), "it"),
    ]
    assert mined("reference", "The stone lay in his palm.", "It was strange.") == []  # a situation


def test_it_before_adverbs_and_a_predicate_of_adjectives_names_the_thing(mined):
    assert mined("reference", "The stone lay in his palm.", "It was very heavy.") == [
        ("personal", (0, 4, 9, "stone"), (1, 0, 2, "It"), "it")
    ]
    assert mined("reference", "The lamp hung by the door.", "It would be dim.") == [
        ("personal", (0, 4, 8, "lamp"), (1, 0, 2, "It"), "it")
    ]
    assert mined("reference", "The stone lay in his palm.", "It was not fair.") == []  # a situation


@pytest.mark.parametrize(
    ("third", "pronoun"),
    [
        ("Sitting on his bed, Tomas sighed.", "his"),  # a participle
        ("As he spoke, Tomas sighed.", "he"),  # a subordinate clause
    ],
)
def test_a_pronoun_in_an_opening_phrase_means_the_subject_after_it(mined, third, pronoun):
    found = mined("reference", "Tomas waited by the door.", "Boris came in with a lamp.", third)
    assert [(a[0], a[3], b[3]) for _, a, b, _ in found] == [(0, "Tomas", pronoun)]  # not Boris


def test_a_pronoun_in_an_opening_phrase_before_a_subject_of_its_gender_with_no_earlier_mention_links_nowhere(
    mined,
):
    assert mined("reference", "Boris came in with a lamp.", "Sitting on his bed, Tomas sighed.") == []
    # a subject of the other gender: the phrase is about someone else, looked back for as before
    found = mined("reference", "Boris came in with a lamp.", "Sitting on his bed, Maria sighed.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Boris", "his")]


def test_they_looks_back_past_a_plural_predicate_noun(mined):
    found = mined("reference", "The girls waited.", "He was one of the guards.", "He told them to go.")
    assert [(a[3], b[3]) for _, a, b, _ in found if b[3] == "them"] == [("girls", "them")]


def test_a_subject_of_the_pronouns_gender_goes_before_a_person_of_unknown_gender_named_after_it(mined):
    assert mined("reference", "Tomas thanked Wu Jin at the gate.", "Then he went home.") == [
        ("personal", (0, 0, 5, "Tomas"), (1, 5, 7, "he"), "he")
    ]
    assert mined("reference", "Wu Jin thanked Tomas at the gate.", "Then he went home.") == []


def test_a_name_standing_alone_as_a_sentence_does_not_stop_the_look_back(mined):
    found = mined("reference", "Tomas drew his sword.", "Peng!", "He staggered back.")
    assert found == [("personal", (0, 0, 5, "Tomas"), (2, 0, 2, "He"), "he")]


def test_a_subject_pronoun_does_not_mean_one_its_sentence_names_after_it(mined):
    found = mined("reference", "Clara waved at Helen across the square.", "She hurried over to Clara.")
    assert found == [("personal", (0, 15, 20, "Helen"), (1, 0, 3, "She"), "she")]
    # the only one the sentence before may mean is named after it: the chain before goes on
    sentences = (
        "Tomas opened the door.",
        "He looked at the rain.",
        "Peter wondered whether he was ill.",
        "He gave Peter no answer.",
    )
    found = mined("reference", *sentences)
    assert [(a[0], a[3], b[0], b[3]) for _, a, b, _ in found] == [
        (0, "Tomas", 1, "He"),
        (0, "Tomas", 3, "He"),
    ]


def test_it_classified_by_a_predicate_noun_means_the_previous_subject_or_a_thing_brought_in_with_a(mined):
    assert mined("reference", "The kettle began to whistle.", "It was a gift from her uncle.") == [
        ("personal", (0, 4, 10, "kettle"), (1, 0, 2, "It"), "it")
    ]
    assert mined("reference", "Mara reached into the sack and pulled out a parcel.", "It was a gift.") == [
        ("personal", (0, 44, 50, "parcel"), (1, 0, 2, "It"), "it")
    ]
    assert mined("reference", "Mara argued with the clerk.", "It was a silly quarrel.") == []  # no thing
    assert mined("reference", "The kettle began to whistle.", "It was a shame that nobody heard.") == []


def test_the_one_person_of_unknown_gender_in_the_sentence_before_is_whom_the_pronoun_means(mined):
    found = mined("reference", "The talk turned to Wu Jin.", "Anna learned about his life.")
    assert found == [("personal", (0, 19, 25, "Wu Jin"), (1, 19, 22, "his"), "his")]
    found = mined("reference", "'I came to see Wu Jin.", "Could you fetch him for me?'")
    assert found == [("personal", (0, 15, 21, "Wu Jin"), (1, 16, 19, "him"), "him")]


@pytest.mark.parametrize(
    "sentences",
    [
        ("The talk turned to Wu Jin and Li Wei.", "Anna learned about his life."),  # two persons
        ("The talk turned to Wu Jin.", "It rained.", "Anna learned about his life."),  # not right before
        ("The talk turned to Wu Jin.", "'Anna learned about his life.'"),  # one of them in speech
        ("Wu Jin, the talk of the town.", "Anna learned about his life."),  # no clause
        ("The talk turned to Wu Jin, not to him.", "Anna learned about his life."),  # a pronoun of its class
        ("The talk turned to our little Wu Jin.", "Anna learned about his life."),  # after a possessive
    ],
)
def test_no_lone_person_of_unknown_gender(mined, sentences):
    assert mined("reference", *sentences) == []


def test_it_may_mean_a_name_ending_in_a_noun_that_names_no_person(mined):
    found = mined("reference", "“That was a charm named Ember.”", "“Whoever cast it was only a pupil.”")
    assert found == [("personal", (0, 24, 29, "Ember"), (1, 14, 16, "it"), "it")]


def test_an_object_pronoun_after_a_noun_and_its_preposition_does_not_mean_that_noun(mined):
    found = mined("reference", "Tomas nodded slowly.", "A clever boy like him would pass.")
    assert found == [("personal", (0, 0, 5, "Tomas"), (1, 18, 21, "him"), "him")]
    found = mined("reference", "Tomas bought a tree.", "The gardener cut a branch off it.")
    assert found == [("personal", (0, 15, 19, "tree"), (1, 30, 32, "it"), "it")]
    # an owner may mean it: "a boy with his books" is the boy's
    assert mined("reference", "Tomas nodded slowly.", "A clever boy with his books would pass.") == []


def test_a_he_in_speech_may_mean_one_named_in_the_quote_of_its_speakers_sentence(mined):
    found = mined(
        "reference", 'Anna turned and said, "Show the fellow some respect.', 'After all, he is your cousin!"'
    )
    assert found == [("personal", (0, 32, 38, "fellow"), (1, 11, 13, "he"), "he")]
    # not one the narration around the quote names
    assert mined("reference", 'Anna told the boy, "Wait here.', 'Then he will come."') == []


def test_it_does_not_mean_a_quality(mined):
    found = mined("reference", "Anna felt a strange power.", "It made her shiver.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Anna", "her")]
    found = mined("reference", "Anna felt a strange stone.", "It made her shiver.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("stone", "It"), ("Anna", "her")]


def test_a_name_the_speaker_owns_does_not_stop_the_look_back(mined):
    found = mined("reference", "Anna smiled.", "I saw my little Kiko.", "She laughed.")
    assert [(a[3], b[:2]) for _, a, b, _ in found] == [("Anna", (2, 0))]
    found = mined("reference", "Anna smiled.", "I saw Kiko.", "She laughed.")  # the lone person
    assert [(a[3], b[:2]) for _, a, b, _ in found] == [("Kiko", (2, 0))]


def test_a_name_after_at_or_in_is_a_place_and_does_not_stop_the_look_back(mined):
    found = mined("reference", "Anna smiled.", "I sat in the church at Kiko.", "She laughed.")
    assert [(a[3], b[:2]) for _, a, b, _ in found] == [("Anna", (2, 0))]
    found = mined("reference", "Anna smiled.", "I looked at Kiko.", "She laughed.")  # a person
    assert [(a[3], b[:2]) for _, a, b, _ in found] == [("Kiko", (2, 0))]


def test_a_pronoun_means_the_subject_of_the_last_coordinate_clause_before_it(mined):
    # the sentence before ends in a clause of its own: its subject is the center the next one goes on with
    assert mined("reference", "Tom grabbed the rope, but the boy pulled hard.", "He laughed.") == [
        ("personal", (0, 30, 33, "boy"), (1, 0, 2, "He"), "he")
    ]
    assert mined("reference", "Tom grabbed the rope and the boy.", "He laughed.") == [
        ("personal", (0, 0, 3, "Tom"), (1, 0, 2, "He"), "he")
    ]
