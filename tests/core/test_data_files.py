from pathlib import Path

import pytest

from core.data_files import DataFileError, no_conflicts, one_of, problem, rows
from core.paths import REPO_ROOT


def test_harmless_edits_are_tolerated(tmp_path: Path):
    path = tmp_path / "table.tsv"
    text = "# header\r\nkite\tf  \r\n\r\n   \r\n  # an indented note\r\nbarn \t m\r\n"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert rows(path, 2) == [(2, ["kite", "f"]), (6, ["barn", "m"])]


def test_a_file_saved_with_carriage_returns_alone_is_read_line_by_line(tmp_path: Path):
    # it was one line: a word list read as one entry of all its words, a table as a row of too many columns
    path = tmp_path / "words.txt"
    path.write_bytes(b"# words\rkite\rbarn\r")
    assert rows(path) == [(2, ["kite"]), (3, ["barn"])]


def test_a_byte_order_mark_before_an_entry_is_no_part_of_it(tmp_path: Path):
    path = tmp_path / "words.txt"
    path.write_bytes(b"\xef\xbb\xbfkite\nbarn\n")
    assert rows(path) == [(1, ["kite"]), (2, ["barn"])]


@pytest.mark.parametrize(
    "data, columns, message",
    [
        (b"kite\tf\nbarn m\n", 2, "2: expected 2 tab-separated columns, got 1 column"),
        (b"kite\tf\tnoun\n", 2, "1: expected 2 tab-separated columns, got 3 columns"),
        (b"kite\nbarn\tnoun\n", 1, "2: expected one entry, no tab, got 2 columns"),
        (b"# note\nkite\nbarn\xe9\n", 1, "3: byte 0xe9 is not UTF-8 (save the file as UTF-8)"),
    ],
)
def test_a_malformed_row_names_the_file_and_line(tmp_path: Path, data, columns, message):
    path = tmp_path / "list.txt"
    path.write_bytes(data)
    with pytest.raises(DataFileError) as caught:
        rows(path, columns)
    assert str(caught.value) == f"{path}:{message}"


def test_a_missing_file_is_named_and_shown_from_the_repository_root():
    with pytest.raises(DataFileError) as caught:
        rows(REPO_ROOT / "cohesion" / "data" / "no_such_list.txt")
    assert str(caught.value) == "cohesion/data/no_such_list.txt: the file is missing (restore it from git)"
    assert isinstance(caught.value, OSError)  # so every command reports it in one line


def test_a_value_the_column_does_not_allow(tmp_path: Path):
    path = tmp_path / "t.tsv"
    assert one_of(path, 3, "gender", "m", ("m", "f")) == "m"
    with pytest.raises(DataFileError) as caught:
        one_of(path, 3, "gender", "x", ("m", "f"))
    assert str(caught.value) == f"{path}:3: gender 'x' is not one of m, f"


def test_a_key_given_twice_only_errs_with_two_values(tmp_path: Path):
    path = tmp_path / "t.tsv"
    no_conflicts(path, [(1, "'kite'", "f"), (2, "'barn'", "m"), (5, "'kite'", "f")])
    with pytest.raises(DataFileError) as caught:
        no_conflicts(path, [(1, "'kite'", "f"), (2, "'barn'", "m"), (5, "'kite'", "m")])
    assert str(caught.value) == f"{path}:5: 'kite' again, otherwise than on line 1; keep one of the two"


def test_a_problem_of_the_whole_file_names_no_line(tmp_path: Path):
    assert str(problem(tmp_path / "t.tsv", None, "empty")) == f"{tmp_path}/t.tsv: empty"
