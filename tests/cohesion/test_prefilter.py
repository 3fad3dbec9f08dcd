from cohesion.prefilter import content_word, needs_tagging


def test_only_sentences_that_can_hold_a_candidate_are_tagged():
    sentences = ["Yes.", "Really?", "He left.", "The dog barked.", "But why?", "What?"]
    assert needs_tagging(sentences) == [False, False, True, True, True, False]


def test_a_content_word_has_three_letters_or_more_and_is_no_stop_word_or_interjection():
    assert [content_word(t) for t in ("Oh, is it so?", "Hmm... no.", "Ah, the lamp!", "Don’t.", "")] == [
        False,
        False,
        True,
        True,
        False,
    ]
