from cohesion.chapter import quote_states, quote_span, quoted


def _inside(text: str) -> str:
    """One character per offset of ``text``: "1" where a quote is open before it."""
    return "".join(str(b) for b in quote_states(text)[:-1])


def test_quote_states_open_and_close_at_quote_marks_only():
    assert _inside('He said, "Go." Then') == "0000000000111100000"
    assert _inside("“Anna,” she said.") == "01111110000000000"
    assert _inside("‘Yes’ no") == "01111000"
    assert _inside('a "b') == "0001"  # a quote left open stays open to the end
    assert quote_states('a "b') == b"\x00\x00\x00\x01\x01"


def test_apostrophes_inside_words_are_no_quote_marks():
    assert _inside("Don't go, Anna's cat.") == "0" * 21
    assert _inside("'Tis true' she said") == "0111111111000000000"


def test_quoted_asks_about_one_offset():
    text = 'He said, "Go now."'
    assert [quoted(text, k) for k in (0, 9, 10, 16, 17, 18)] == [False, False, True, True, True, False]
    assert quoted(text, -1) is True  # a negative offset counts from the end, like a slice


def test_quote_span_is_the_speech_around_an_offset_inside_its_marks():
    text = 'He said, "Go now." Then "Stay'
    assert [quote_span(text, k) for k in (3, 12, 18, 26)] == [None, (10, 17), None, (25, 29)]
