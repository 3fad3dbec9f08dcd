from cohesion import repetition
from cohesion.miner import mine
from cohesion.mentions import Mention
from cohesion.repetition import written_plural


def test_adjacent_noun(mined):
    found = mined("repetition", "The old dog slept by the door.", "A cat walked past the dog.")
    assert found == [("noun", (0, 8, 11, "dog"), (1, 22, 25, "dog"), "dog")]


def test_singular_matches_plural_but_a_plural_names_no_one_thing_again(mined):
    found = mined("repetition", "Her shoes were wet.", "The shoe dried first.")
    assert found == [("noun", (0, 4, 9, "shoes"), (1, 4, 8, "shoe"), "shoe")]
    assert mined("repetition", "She lost a shoe.", "Her shoes were wet.") == []  # a set, not the one shoe


def test_non_adjacent_keeps_only_closest_link(mined):
    sentences = ["Mei bought a lamp.", "The shop was closing.", "She paid quickly.", "The lamp was heavy."]
    found = [f for f in mined("repetition", *sentences) if f[3] == "lamp"]
    assert found == [("noun", (0, 13, 17, "lamp"), (3, 4, 8, "lamp"), "lamp")]
    chain = mined("repetition", "The lamp was new.", "The lamp was red.", "The lamp was hot.")
    assert [(a[0], b[0]) for _, a, b, _ in chain] == [(0, 1), (1, 2)]


def test_names_are_their_own_subtype(mined):
    found = mined("repetition", "Lin Wan opened the window.", "Outside, Lin Wan saw snow.")
    assert found == [("name", (0, 0, 7, "Lin Wan"), (1, 9, 16, "Lin Wan"), "Lin Wan")]


def test_generic_nouns_and_collisions_are_skipped(mined):
    assert mined("repetition", "We had a good time.", "The time passed.") == []
    assert mined("repetition", "He broke a glass.", "He took off his glasses.") == []
    assert mined("repetition", "Of course he came.", "The course was long.") == []  # (an idiom's noun)
    assert mined("repetition", "She took a pottery course.", "The course was long.") == [
        ("noun", (0, 19, 25, "course"), (1, 4, 10, "course"), "course")
    ]


def test_repeated_inside_own_sentence_links_once(mined):
    found = mined("repetition", "A dog barked.", "The dog saw another dog.")
    assert found == [("noun", (0, 2, 5, "dog"), (1, 4, 7, "dog"), "dog")]
    # the first mention is new ("a", "many ... families"), the second the earlier one
    found = mined("repetition", "The family was rich.", "Many families envied the family.")
    assert found == [("noun", (0, 4, 10, "family"), (1, 25, 31, "family"), "family")]


def test_a_noun_passes_a_nearer_mention_of_the_other_number_for_one_of_its_own(mined):
    story = ["Nell bought some kites.", "One kite was torn.", "She flew the kites at dusk."]
    found = [(a[0], b[0], b[3]) for _, a, b, _ in mined("repetition", *story) if b[3] == "kites"]
    assert found == [(0, 2, "kites")]
    story = ["Nell bought a kite.", "She flew the kites at dusk."]
    assert mined("repetition", *story) == []  # none of its own number


def test_one_candidate_per_compound_and_names_without_case(mined):
    found = mined("repetition", "A sedan chair came.", "She sat in the sedan chair.")
    assert found == [("noun", (0, 8, 13, "chair"), (1, 21, 26, "chair"), "chair")]
    found = mined("repetition", "My grandma was sixteen.", "Grandma laughed.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("grandma", "Grandma")]


def test_window_is_ten_sentences_with_the_distance(mined):
    filler = ["It rained."] * 9
    found = mine(["They ate fish.", *filler, "They ate fish again."])
    assert [(c.phenomenon, c.distance, c.adjacency) for c in found if c.phenomenon == "repetition"] == [
        ("repetition", 10, "non_adjacent")
    ]
    assert mined("repetition", "They ate fish.", *filler, "It rained.", "They ate fish again.") == []


def test_definite_nouns_and_names_reach_farther(mined):
    filler = ["It rained."] * 20
    assert len(mined("repetition", "The bridge fell.", *filler, "The bridge was old.")) == 1
    assert mined("repetition", "The bridge fell.", *filler, *filler, "The bridge was old.") == []
    assert len(mined("repetition", "Anna left.", *filler, *filler[:15], "Anna came back.")) == 1


def test_a_demonstrative_reaches_as_far_as_a_name(mined):
    filler = ["It rained."] * 30
    assert len(mined("repetition", "The box was open.", *filler, "He carried this box.")) == 1
    assert mined("repetition", "The box was open.", *filler, "He carried the box.") == []


def test_a_genitive_reaches_as_far_as_a_definite_noun_to_the_same_owner(mined):
    filler = ["It rained."] * 15
    found = mined("repetition", "The miller's coat was wet.", *filler, "The miller's coat was dry.")
    assert [(a[0], b[0], trigger) for _, a, b, trigger in found] == [(0, 16, "miller"), (0, 16, "coat")]
    assert mined("repetition", "A coat hung there.", *filler, "The miller's coat was dry.") == []


def test_new_referent_and_other_possessor_are_no_repetition(mined):
    assert mined("repetition", "A man came in.", "Then a tall, thin man followed.") == []
    assert mined("repetition", "His coat was wet.", "Her coat was dry.") == []
    assert mined("repetition", "Anna's coat was wet.", "His coat was dry.") == []
    assert mined("repetition", "A man came in.", "The man sat.") == [
        ("noun", (0, 2, 5, "man"), (1, 4, 7, "man"), "man")
    ]


def test_any_before_the_later_noun_names_the_kind_again(mined):
    found = mined("repetition", "Bring me fresh bread.", "We have no time to bake any bread.")
    assert found == [("noun", (0, 15, 20, "bread"), (1, 28, 33, "bread"), "bread")]


def test_an_indefinite_predicate_noun_repeats_only_a_predicate_noun(mined):
    found = mined("repetition", "It might be a leak in the roof.", "It was not a leak.")
    assert found == [("noun", (0, 14, 18, "leak"), (1, 13, 17, "leak"), "leak")]
    assert mined("repetition", "The leak was in the roof.", "It was not a leak.") == []
    assert mined("repetition", "There was a leak in the roof.", "It was not a leak.") == []


def test_an_indefinite_noun_repeating_the_earlier_phrase_word_for_word_names_it_again(mined):
    story = ["The boy had a nasty bruise on his arm.", "The nurse said he had a nasty bruise."]
    assert mined("repetition", *story) == [("noun", (0, 20, 26, "bruise"), (1, 30, 36, "bruise"), "bruise")]
    story = ["You cannot pass without paying a fee.", "'You cannot pass without paying a fee!' he shouted."]
    assert mined("repetition", *story) == [("noun", (0, 33, 36, "fee"), (1, 34, 37, "fee"), "fee")]
    # a bare article needs the two words in front of it too, and no preposition: "with a grin" is said of
    # many grins
    assert mined("repetition", "He spoke with a grin.", "She answered with a grin.") == []
    assert (
        mined(
            "repetition", "He said with a grin that all was well.", "She said with a grin that it was late."
        )
        == []
    )
    assert mined("repetition", "The boy had a bruise on his arm.", "The nurse saw a nasty bruise.") == []
    # a noun before the noun names a kind: "a movie star" is no one star
    assert mined("repetition", "She longed to meet a movie star.", "He said he had met a movie star.") == []


def test_an_indefinite_noun_phrase_said_back_alone_repeats_the_words_just_said(mined):
    story = ["Father, a stranger took the key.", "A stranger?"]
    assert mined("repetition", *story) == [
        ("noun", (0, 10, 18, "stranger"), (1, 2, 10, "stranger"), "stranger")
    ]
    assert mined("repetition", "A stranger took the key.", "We ran.", "We hid.", "A stranger?") == []
    assert mined("repetition", "Father, a stranger took the key.", "A tall stranger?") == []


def test_a_possessive_pronoun_of_the_named_owners_gender_is_the_same_owner(mined):
    story = ["Tom's truck broke down.", "He called his sister.", "She towed his truck away."]
    assert [(a[0], b[3]) for _, a, b, _ in mined("repetition", *story)] == [(0, "truck")]
    story = ["Mia's truck broke down.", "She called her brother.", "He towed his truck away."]
    assert mined("repetition", *story) == []  # his is not Mia's


def test_an_indefinite_article_before_an_ing_modifier_is_a_new_referent(mined):
    assert mined("repetition", "The plumber fixed the tap.", "Next door, a running tap kept us awake.") == []
    assert mined("repetition", "The plumber fixed the tap.", "Next door, the running tap kept us awake.") == [
        ("noun", (0, 22, 25, "tap"), (1, 23, 26, "tap"), "tap")
    ]


def test_contrasting_modifiers_and_idioms_are_no_repetition(mined):
    assert mined("repetition", "The south wall was cold.", "The partition wall was warm.") == []
    assert mined("repetition", "The colour of the sea was grey.", "The colour of the sky was blue.") == []
    assert mined("repetition", "He waited in his turn.", "The turn in the road was sharp.") == []
    assert mined("repetition", "The red door opened.", "The red door closed.") == [
        ("noun", (0, 8, 12, "door"), (1, 8, 12, "door"), "door")
    ]


def test_nouns_of_fixed_phrases_are_no_repetition(mined):
    assert mined("repetition", "She waved a hand at the bus.", "On the other hand, the train was late.") == []
    assert mined("repetition", "The garden came to life in spring.", "His life was quiet.") == []
    assert mined("repetition", "The rope snapped in the blink of an eye.", "Dust got in her eye.") == []
    assert mined("repetition", "He gave a coin in exchange for bread.", "The exchange took an hour.") == []
    assert mined("repetition", "They had taken care of the dog.", "Care was needed.") == []
    assert mined("repetition", "He went to bed early.", "The bed in the shop was cheap.") == []
    assert mined("repetition", "My aunt works at home.", "His home was far away.") == []


def test_a_noun_after_every_or_no_names_no_one_referent(mined):
    assert mined("repetition", "The guard was asleep.", "Every guard needs rest.") == []
    found = mined(
        "repetition", "A guard stood at the gate.", "No guard would leave a post.", "The guard yawned."
    )
    assert found == [("noun", (0, 2, 7, "guard"), (2, 4, 9, "guard"), "guard")]
    found = mined(
        "repetition", "The guard stood at the gate.", "Every guard knew the rule.", "The guard yawned."
    )
    assert [(a[0], b[0]) for _, a, b, _ in found if a[3] == "guard"] == [(0, 2)]


def test_a_bare_plural_before_like_is_a_kind(mined):
    assert mined("repetition", "She picked up some shells.", "Shells like these were rare.") == []
    found = mined("repetition", "She picked up some shells.", "The shells like these were rare.")
    assert [b[3] for _, a, b, _ in found] == ["shells"]  # (with a determiner: those shells)


def test_spoken_my_or_your_may_own_what_a_possessive_owned(mined):
    story = ["He was sure she was not his niece.", "\u201cI am your niece,\u201d she said."]
    assert mined("repetition", *story) == [("noun", (0, 28, 33, "niece"), (1, 11, 16, "niece"), "niece")]
    assert mined("repetition", "He was sure she was not his niece.", "I am your niece.") == []  # not spoken
    assert (
        mined("repetition", "He rubbed his hand.", "\u201cMy hand hurts,\u201d she said.") == []
    )  # a body part
    far = [
        "He was sure she was not his niece.",
        *["It rained."] * 25,
        "\u201cI am your niece,\u201d she said.",
    ]
    assert mined("repetition", *far) == []  # another conversation


def test_measure_hyphen_modifier_and_other_owner_are_no_repetition(mined):
    assert mined("repetition", "Her feet were sore.", "The wall was ten feet high.") == []
    assert mined("repetition", "He took a man-made path.", "The man waved.") == []
    assert mined("repetition", "The photo shoot ran late.", "The photos were dark.") == []
    assert mined("repetition", "Her eyes were tired.", "The eye of the storm passed.") == []


def test_name_matches_the_end_of_a_longer_name_and_a_kind_is_no_repetition(mined):
    found = mined("repetition", "The Northern Star Cannon shook.", "The Cannon was roaring.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Northern Star Cannon", "Cannon")]
    assert mined("repetition", "The Jade Talisman shone.", "He wanted a Jade Talisman.") == []


def test_a_family_name_is_the_chapters_one_two_word_name_it_begins(mined):
    found = mined("repetition", "Zhou Ming drove to the lab.", "Dr. Zhou parked the car.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Zhou Ming", "Zhou")]
    # two names begin with it, a gendered title in front, or a family name that is no person: no link
    assert mined("repetition", "Chen Yuhang met Chen Bo.", "Chen smiled.") == []
    assert mined("repetition", "Chen Yuhang smiled.", "Uncle Chen frowned.") == []
    assert mined("repetition", "Gao Tieshan was ill.", "The Gao family was rich.") == []


def test_units_and_parts_of_hyphenated_compounds_are_no_repetition(mined):
    units = mined("repetition", "The wall stood ten meters from the well.", "The gate was two meters wide.")
    assert [f[3] for f in units] == []
    kin = mined("repetition", "Her mother-in-law sewed.", "The law was strict.", "Her mother smiled.")
    assert [f[3] for f in kin] == []  # "law" and "mother" are parts of "mother-in-law"
    whole = mined("repetition", "Her mother-in-law sewed.", "Her mother-in-law smiled.")
    assert [(f[1][3], f[2][3]) for f in whole] == [("mother-in-law", "mother-in-law")]


def test_a_name_is_the_same_whatever_it_modifies_unless_it_is_a_family_name(mined):
    found = mined("repetition", "They rode the Marlow ferry.", "Later, the Marlow bus broke down.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Marlow", "Marlow")]
    found = mined("repetition", "Torvel looked at the sea.", "Torvel bit his lip.")  # "bit" tagged a noun
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Torvel", "Torvel")]
    # a family name: it begins a longer name of the chapter, or it has a title
    assert (
        mined("repetition", "Gao Tieshan came home.", "The Gao family was rich.", "The Gao boy ran off.")
        == []
    )
    assert mined("repetition", "Dr. Marlow took the ferry.", "Later, the Marlow bus broke down.") == []


def test_such_a_noun_names_the_kind_again(mined):
    found = mined("repetition", "They hired a boat.", "Nobody had seen such a small boat.")
    assert found == [("noun", (0, 13, 17, "boat"), (1, 29, 33, "boat"), "boat")]
    assert mined("repetition", "They hired a boat.", "Nobody had seen a small boat.") == []


def test_a_definite_noun_names_again_what_a_name_ending_in_it_named(mined):
    found = mined("repetition", "They drove past the Grand Harbor Hotel.", "The hotel was closed.")
    assert found == [("noun", (0, 20, 38, "Grand Harbor Hotel"), (1, 4, 9, "hotel"), "hotel")]
    assert mined("repetition", "They drove past the Grand Harbor Hotel.", "The cheap hotel was closed.") == []
    assert mined("repetition", "They drove past the Grand Harbor Hotel.", "The other hotel was closed.") == []
    assert mined("repetition", "They drove past the Grand Harbor Hotel.", "A hotel was closed.") == []


def test_a_capitalised_unit_word_inside_a_sentence_is_a_name(mined):
    found = mined("repetition", "We waited for Pints at the gate.", "Nobody had seen Pints since noon.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Pints", "Pints")]
    assert mined("repetition", "They drank two pints.", "Pints of ale cost a coin.") == []


def test_a_name_matches_a_name_one_word_longer_at_its_end(mined):
    found = mined(
        "repetition", "They joined the Blue Ridge Project.", "Few who worked on Blue Ridge spoke of it."
    )
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("Blue Ridge Project", "Blue Ridge")]
    assert mined("repetition", "Mei Lan raised her hand.", "The Mei Lan Finger Strike hit the wall.") == []


def test_a_lower_case_noun_the_tagger_reads_as_a_proper_noun_repeats(mined):
    found = mined("repetition", "We met at the inn.", "The inn was quiet.")
    assert found == [("noun", (0, 14, 17, "inn"), (1, 4, 7, "inn"), "inn")]


def test_a_name_continued_in_lower_case_is_the_longer_name(mined):
    found = mined("repetition", "The Jade Cloud Barge moved forward.", "Everyone left the Jade cloud barge.")
    assert found == [
        ("name", (0, 4, 20, "Jade Cloud Barge"), (1, 18, 34, "Jade cloud barge"), "Jade cloud barge")
    ]


def test_a_noun_written_as_its_lemma_is_singular_whatever_its_tag():
    tagged_plural = Mention(4, 10, "parcel", "parcel", "noun", True, 1)
    assert not written_plural(tagged_plural)
    assert written_plural(tagged_plural._replace(end=11, text="parcels"))


def test_only_a_noun_named_before_is_asked_whether_it_is_a_unit(monkeypatch):
    asked = []
    unit = repetition._unit
    monkeypatch.setattr(repetition, "_unit", lambda doc, m: asked.append(m.text) or unit(doc, m))
    found = mine(["The lamp lit the desk.", "Then the lamp went out."])
    assert [(c.a.text, c.b.text) for c in found if c.phenomenon == "repetition"] == [("lamp", "lamp")]
    assert asked == ["lamp"]  # not "desk", nor the first "lamp"


def test_rare_noun_reaches_as_far_as_a_name(mined):
    filler = ["It rained."] * 29
    far = mined("repetition", "A stove glowed.", *filler, "Steam rose from the stove.")
    assert far == [("noun", (0, 2, 7, "stove"), (30, 20, 25, "stove"), "stove")]
    assert mined("repetition", "A box glowed.", *filler, "Steam rose from the box.") == []  # many senses
