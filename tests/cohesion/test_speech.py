from cohesion.speech import (
    _CLOSING,
    _OPENING,
    EDGE_QUOTE,
    QUOTE_MARK,
    _quote_mark_before,
    _spoken_states,
    last_word,
    spoken,
)


def test_spoken_inside_quotes_and_in_speech_run_on_from_an_earlier_sentence():
    assert spoken("Move her aside.”", 5) and not spoken("He moved “her” aside.", 1)
    assert spoken("They won't miss it!'", 0) and not spoken("'Go,' he said.", 9)


def test_spoken_without_quote_marks_and_after_a_closing_one():
    assert not spoken("He sat down and waited.", 3)
    assert spoken("Wait here,” she said.", 0) and not spoken("Wait here,” she said.", 12)


def test_last_word_is_the_word_run_that_ends_the_text():
    assert [last_word(t) for t in ('"Little', "Come, Miss", "Anna,", "", "x_1é", "said —")] == [
        "Little",
        "Miss",
        "",
        "",
        "x_1é",
        "",
    ]


def test_quote_mark_before_is_a_search_of_the_text_cut_at_the_offset():
    texts = ["He said, “Go.” Then ‘we’ll see’.", "Don’t 'go' \"now\"", "rock 'n' roll'", "no marks"]
    for text in texts:
        for pos in range(len(text) + 2):
            assert _quote_mark_before(text, pos) == bool(EDGE_QUOTE.search(text[:pos])), (text, pos)
    assert _quote_mark_before("don’t", 4) and not _quote_mark_before("don’t", 5)  # "don’" ends in a mark


def test_quote_patterns_pass_over_apostrophes_inside_words():
    text = "'Don’t,' said the Smiths’ boy, ‘go’ \"now\"'"
    assert [m.start() for m in EDGE_QUOTE.finditer(text)] == [0, 7, 24, 31, 34, 36, 40, 41]
    assert [m.start() for m in QUOTE_MARK.finditer(text)] == [0, 4, 7, 24, 31, 34, 36, 40, 41]  # any ’
    assert [m.start() for m in _CLOSING.finditer(text)] == [7, 24, 34]
    assert [m.start() for m in _OPENING.finditer(text)] == [0, 31]


def test_spoken_states_mark_the_quoted_offsets_and_those_up_to_a_quote_closed_before_any_opens():
    def marks(text: str) -> str:
        return "".join(str(b) for b in _spoken_states(text))

    assert marks("Go on,” he said. “Now”") == "11111110000000000011110"
    assert marks("He sat.") == "00000000" and marks("“Sit.”") == "0111110"
    assert marks("Don’t go.") == "0000000000"  # an apostrophe inside a word closes nothing
