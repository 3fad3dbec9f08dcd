import re

import pytest

from text.en_numerals import EN_NUMBER, parse_en_number


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("One", 1),
        ("seventeen", 17),
        ("twenty-three", 23),
        ("Ninety Nine", 99),
        ("One Hundred and Five", 105),
        ("one thousand two hundred", 1200),
        ("one thousand and one", 1001),
        ("XIV", 14),
        ("iv", 4),
        ("MCMXCIV", 1994),
    ],
)
def test_numbers_in_words_and_roman_numerals(text, value):
    assert parse_en_number(text) == value


@pytest.mark.parametrize(
    "text", ["", "one one", "twenty twelve", "hundred", "IIII", "seven and five", "lamp"]
)
def test_what_is_no_number_is_none(text):
    assert parse_en_number(text) is None


def test_the_fragment_matches_a_whole_number_only():
    pattern = re.compile(rf"^chapter\s+({EN_NUMBER})", re.IGNORECASE)
    assert pattern.match("Chapter Twenty-Three: The Duel").group(1) == "Twenty-Three"
    assert pattern.match("Chapter Seventeen").group(1) == "Seventeen"
    assert pattern.match("Chapter One and the Wolf").group(1) == "One"
    assert pattern.match("Chapter Onward") is None
    assert pattern.match("Chapter Ivy") is None
