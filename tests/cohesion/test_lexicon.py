from collections.abc import Iterator
from pathlib import Path

import pytest

from cohesion import lexicon
from core.data_files import DataFileError


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An invented ``cohesion/data`` folder in place of the real one (its lists loaded afresh)."""
    monkeypatch.setattr(lexicon, "DATA", tmp_path)
    for loader in (lexicon.words, lexicon.genders, lexicon.first_names):
        loader.cache_clear()
    yield tmp_path
    for loader in (lexicon.words, lexicon.genders, lexicon.first_names):
        loader.cache_clear()


def test_a_word_list_with_a_bom_crlf_and_an_indented_comment(data: Path):
    (data / "nouns.txt").write_bytes(b"\xef\xbb\xbfkettle\r\n  # not a noun\r\nlantern  \r\nkettle\r\n")
    assert lexicon.words("nouns.txt") == {"kettle", "lantern"}


def test_words_in_capitals_are_read_in_lower_case_as_the_rules_match_them(data: Path):
    (data / "nouns.txt").write_text("Kettle\nLANTERN\nkettle\n")  # "Kettle" never matched a word
    (data / "gendered_nouns.tsv").write_text("Abbess\tf\ttitle\n")
    assert lexicon.words("nouns.txt") == {"kettle", "lantern"}
    assert lexicon.genders() == {("abbess", "title"): "f"}


def test_tables_read_with_spaces_around_columns(data: Path):
    (data / "gendered_nouns.tsv").write_text("# word, gender, kind\nabbess \tf\ttitle\nsquire\tm\tnoun\n")
    (data / "first_names.tsv").write_text("Odilia\tf\nBertram\tm\nOdilia\tf\n")
    assert lexicon.genders() == {("abbess", "title"): "f", ("squire", "noun"): "m"}
    assert lexicon.first_names() == {"Odilia": "f", "Bertram": "m"}


@pytest.mark.parametrize(
    "name, text, message",
    [
        (
            "gendered_nouns.tsv",
            "abbess\tf\ttitle\nsquire\tmale\tnoun\n",
            "2: gender 'male' is not one of m, f",
        ),
        (
            "gendered_nouns.tsv",
            "abbess\tf\ttitle\nsquire\tm noun\n",
            "2: expected 3 tab-separated columns, got 2 columns",
        ),
        ("gendered_nouns.tsv", "squire\tm\tnouns\n", "1: kind 'nouns' is not one of noun, title"),
        (
            "gendered_nouns.tsv",
            "squire\tm\tnoun\nsquire\tf\tnoun\n",
            "2: 'squire' (noun) again, otherwise than on line 1; keep one of the two",
        ),
        ("first_names.tsv", "Odilia\tf\nBertram\n", "2: expected 2 tab-separated columns, got 1 column"),
        (
            "first_names.tsv",
            "Odilia\tf\nOdilia\tm\n",
            "2: 'Odilia' again, otherwise than on line 1; keep one of the two",
        ),
    ],
)
def test_a_table_mistake_is_one_line_naming_file_and_line(data: Path, name, text, message):
    (data / name).write_text(text)
    loader = lexicon.genders if name == "gendered_nouns.tsv" else lexicon.first_names
    with pytest.raises(DataFileError) as caught:
        loader()
    assert str(caught.value) == f"{data / name}:{message}"


def test_a_deleted_list_is_named(data: Path):
    with pytest.raises(DataFileError) as caught:
        lexicon.words("interjections.txt")
    assert str(caught.value) == f"{data / 'interjections.txt'}: the file is missing (restore it from git)"
