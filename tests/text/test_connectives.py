from collections.abc import Iterator
from pathlib import Path

import pytest

from core.data_files import DataFileError
from text import connectives
from text.connectives import Connective, connective, find


def test_a_connective_is_found_in_any_case_and_an_unknown_phrase_is_none():
    assert find("However") == connective("however")
    assert find("However").type == "adversative"
    assert find("That night") is None


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An invented connectives table in place of the real one (read afresh)."""
    monkeypatch.setattr(connectives, "DATA", tmp_path)
    caches = (connectives.connectives, connectives._connective_table)
    for loaded in caches:
        loaded.cache_clear()
    yield tmp_path / "connectives.tsv"
    for loaded in caches:
        loaded.cache_clear()


def test_an_entry_the_rules_name_that_was_cut_is_one_line(table: Path):
    table.write_text("however\tadversative\ti\t-\n")
    with pytest.raises(DataFileError) as caught:
        connective("later")
    assert str(caught.value) == (
        f"{table}: the entry 'later' that the rules name is missing (restore it from git)"
    )


def test_a_hand_written_entry_in_capitals_or_with_spaces_is_found(table: Path):
    table.write_bytes(b"\xef\xbb\xbf# note\r\nIn  The End \ttemporal\t i\t-\r\nlater\ttemporal\tif\t-\r\n")
    assert connective("in the end") == Connective("in the end", "temporal", "i", "-")
    assert [c.text for c in connectives.connectives()] == ["in the end", "later"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", ": no connective in it (restore it from git)"),
        ("later\ttemporal\tif\n", ":1: expected 4 tab-separated columns, got 3 columns"),
        ("later\ttemporal\tix\t-\n", ":1: positions 'ix' are not letters of 'ifps'"),
        ("later\ttemporal\t\t-\n", ":1: positions '' are not letters of 'ifps'"),
        ("later\ttime\ti\t-\n", ":1: type 'time' is not one of additive, adversative, causal, temporal"),
        (
            "later\ttemporal\ti\tcommas\n",
            ":1: condition 'commas' is not one of -, comma, clause, degree, subject",
        ),
        (
            "later\ttemporal\ti\t-\nlater\tcausal\ti\t-\n",
            ":2: 'later' again, otherwise than on line 1; keep one of the two",
        ),
    ],
)
def test_a_malformed_table_is_one_line_naming_file_and_line(table: Path, text, message):
    table.write_text(text)
    with pytest.raises(DataFileError) as caught:
        connectives.connectives()
    assert str(caught.value) == f"{table}{message}"
