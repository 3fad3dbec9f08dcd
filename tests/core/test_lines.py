import pytest

from core.lines import split_lines


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
