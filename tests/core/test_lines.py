import pytest

from core.lines import split_lines, split_text_lines


@pytest.mark.parametrize(
    "text, lines",
    [
        ("", []),
        ("a", ["a"]),
        ("a\n", ["a"]),
        ("a\n\nb\n", ["a", "", "b"]),
        ("a\r\nb\r\n", ["a", "b"]),
        ("a\u2028b\fc\x85d\ve\rf\n", ["a\u2028b\fc\x85d\ve\rf"]),
    ],
)
def test_lines_end_at_newline_only(text, lines):
    assert split_lines(text) == lines


def test_text_lines_end_at_a_carriage_return_alone_too():
    assert split_text_lines("a\rb\r\nc\u2028d\n\re\r") == ["a", "b", "c\u2028d", "", "e"]
