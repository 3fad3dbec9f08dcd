from cohesion.prefilter import needs_tagging


def test_only_sentences_that_can_hold_a_candidate_are_tagged():
    sentences = ["Yes.", "Really?", "He left.", "The dog barked.", "But why?", "What?"]
    assert needs_tagging(sentences) == [False, False, True, True, True, False]
