from cohesion.miner import mine


def test_chinese_confirms_or_shows_a_dropped_pronoun(mined):
    sentences = ("Zhang Wei closed his book.", "He stood up.")
    evidence = [
        [c.evidence for c in mine(list(sentences), zh) if c.phenomenon == "reference"]
        for zh in (
            ["张伟合上了书。", "他站了起来。"],
            ["张伟合上了书。", "站了起来。"],
            ["张伟合上了书。", "张伟站了起来。"],
        )
    ]
    assert evidence == [["zh=他"], ["zh=dropped"], ["zh_name=张伟"]]


def test_pronoun_chain_links_every_pronoun_to_the_naming_phrase(mined):
    found = mined("reference", "Miss Lin entered the hall.", "She looked around.", "She sat.")
    assert [(a[0], a[3], b[0]) for _, a, b, _ in found] == [(0, "Lin", 1), (0, "Lin", 2)]


def test_pronoun_chain_reaches_past_the_window_while_it_holds_or_no_one_else_is_named():
    sentences = ["Miss Lin entered the hall."] + ["She looked around."] * 6 + ["She sat."]
    found = [c for c in mine(sentences) if c.phenomenon == "reference"]
    assert [(c.a.sent, c.b.sent) for c in found] == [(0, k) for k in range(1, 8)]
    # past sentences that name no one she may mean, the center goes on (Centering's Continue)
    quiet = ["Miss Lin entered the hall.", "She looked around."] + ["The band played."] * 5 + ["She sat."]
    found = [c for c in mine(quiet) if c.phenomenon == "reference"]
    assert [(c.a.sent, c.b.sent) for c in found] == [(0, 1), (0, 7)]
    # not past two persons she may mean
    broken = quiet[:2] + ["The guard greeted the nurse."] + quiet[2:]
    assert [c for c in mine(broken) if c.phenomenon == "reference" and c.b.sent == 8] == []


def test_past_the_window_a_he_or_she_means_the_one_topic_of_its_gender_named_before():
    story = ["Even though the rain was cold, the old woman kept walking."]
    story += ["The bells rang.", "Mr Wu smiled.", "The road was long.", "The wind rose.", "The sky darkened."]
    found = [c for c in mine([*story, "Her coat was wet."]) if c.phenomenon == "reference"]
    assert [(c.a.sent, c.a.text, c.b.sent) for c in found] == [(0, "woman", 6)]
    # not one named beside another of her gender, nor one that is not the topic of its sentence
    for first in ("The old woman and her aunt kept walking.", "The rain fell on the old woman."):
        found = [c for c in mine([first, *story[1:], "Her coat was wet."]) if c.phenomenon == "reference"]
        assert [c.b.sent for c in found if c.b.sent == 6] == []


def test_a_chain_goes_on_past_a_gap_from_its_last_pronoun():
    # the look-back window counts from the chain's last linked pronoun, not from the name
    gap = ["Miss Lin entered the hall.", "She looked around.", "She waved."] + ["The band played."] * 3
    found = [c for c in mine(gap + ["She sat."]) if c.phenomenon == "reference"]
    assert [(c.a.sent, c.a.text, c.b.sent) for c in found] == [(0, "Lin", 1), (0, "Lin", 2), (0, "Lin", 6)]
    # not from narration into speech
    found = [c for c in mine(gap + ['"She is late," a man said.']) if c.phenomenon == "reference"]
    assert [c.b.sent for c in found] == [1, 2]
    # nor to a far antecedent that is not its sentence's subject, unless a name (below)
    gap[0] = "In the morning, the cold woke the old woman."
    found = [c for c in mine(gap + ["She sat."]) if c.phenomenon == "reference"]
    assert [c.b.sent for c in found] == [1, 2]


def test_a_chain_hands_on_a_far_name_that_was_no_subject_unless_a_person_noun_may_be_meant():
    story = ["The guests waited for Miss Lin.", "She came late.", "The band played.", "She smiled."]
    found = [c for c in mine(story) if c.phenomenon == "reference"]
    assert [(c.a.sent, c.a.text, c.b.sent) for c in found] == [(0, "Lin", 1), (0, "Lin", 3)]
    # a person noun of unknown gender between ("the leader") may be whom it means: the chain stops
    story[2] = "The leader waved."
    found = [c for c in mine(story) if c.phenomenon == "reference"]
    assert [(c.a.sent, c.a.text, c.b.sent) for c in found] == [(0, "Lin", 1)]


def test_a_narrated_he_or_she_looks_back_past_sentences_of_quoted_speech(mined):
    speech = (
        "'I should never have come here.",
        "The road is long.",
        "The sky is grey.",
        "Nobody waits for me.",
        "Maybe tomorrow will be kinder.'",
    )
    assert mined("reference", "Anna closed the gate.", *speech, "She walked on.") == [
        ("personal", (0, 0, 4, "Anna"), (6, 0, 3, "She"), "she")
    ]
    # not past a name before it in its own sentence, which may be whom it means
    assert mined("reference", "Anna closed the gate.", *speech, "Then Wu Lan saw her.") == []


def test_it_chain_goes_on_past_the_previous_sentence(mined):
    found = mined("reference", "The lantern swung in the wind.", "It flickered twice.", "Then it went out.")
    assert found == [
        ("personal", (0, 4, 11, "lantern"), (1, 0, 2, "It"), "it"),
        ("personal", (0, 4, 11, "lantern"), (2, 5, 7, "it"), "it"),
    ]


def test_a_chain_hands_on_a_person_noun_whose_gender_its_sentence_shows(mined):
    found = mined(
        "reference",
        "The band leader did not come because he was ill.",
        "He stayed at home.",
        "We missed him.",
    )
    assert [(a[3], b[3], b[0]) for _, a, b, _ in found] == [("leader", "He", 1), ("leader", "him", 2)]


def test_a_name_after_an_owner_or_object_pronoun_does_not_stop_its_link(mined):
    found = mined(
        "reference", "The girl in blue looked sad.", "The baker smiled at her and gave a roll to the girl."
    )
    assert found == [("personal", (0, 4, 8, "girl"), (1, 20, 23, "her"), "her")]
    found = mined(
        "reference", "Anna came in.", "She sat down.", "The rain had soaked her coat, and Anna shivered."
    )
    assert found[-1] == ("personal", (0, 0, 4, "Anna"), (2, 20, 23, "her"), "her")  # a chain's antecedent too
    # after a subject or reflexive pronoun, the one named there is someone else
    assert mined("reference", "The girl in blue looked sad.", "She gave a roll to the girl.") == []
    assert mined("reference", "The boy fell down.", "Tomas sat himself on the boy's back.") == []
