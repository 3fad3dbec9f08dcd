import json
import os

import pytest

from cohesion.suite import SuiteError, read_suite, suite_items
from tests.helpers import sparse

SENTENCES = ["Miss Lin bought a lamp.", "It rained.", "She paid."]


def _record(annotator: str, accept: bool, a: list[int] | None) -> dict:
    return {
        "candidate_id": "b/1/c0",
        "annotator": annotator,
        "phenomenon": "reference",
        "subtype": "personal",
        "accept": accept,
        "first": 10,
        "sentences": SENTENCES,
        "a": a,
        "b": [12, 0, 3],
    }


def test_unanimous_accept_with_first_annotators_spans():
    items = suite_items([_record("bob", True, [10, 5, 8]), _record("ann", True, [10, 0, 8])])
    assert items == [
        {
            "id": "b/1/c0",
            "phenomenon": "reference",
            "subtype": "personal",
            "adjacency": "non_adjacent",
            "adjacent": False,
            "distance": 2,
            "context": SENTENCES[:2],
            "target": "She paid.",
            "a": {"sentence": 0, "start": 0, "end": 8, "text": "Miss Lin"},
            "b": {"start": 0, "end": 3, "text": "She"},
            "judged": True,
        }
    ]


def test_any_reject_drops_the_item_and_corrected_distance_is_recomputed():
    assert suite_items([_record("ann", True, [10, 0, 8]), _record("bob", False, [10, 0, 8])]) == []
    moved = suite_items([_record("ann", True, [11, 0, 2])])[0]  # antecedent moved to "It rained."
    assert (moved["distance"], moved["adjacent"], moved["context"]) == (1, True, ["It rained."])
    assert moved["a"] == {"sentence": 0, "start": 0, "end": 2, "text": "It"}


def test_same_sentence_items_are_intra_unless_the_miner_split_clauses():
    same = _record("ann", True, [12, 4, 8])
    assert suite_items([same])[0]["adjacency"] == "intra"
    clauses = same | {"adjacency": "adjacent"}
    assert (suite_items([clauses])[0]["adjacency"], suite_items([clauses])[0]["adjacent"]) == (
        "adjacent",
        True,
    )


def test_numeric_annotator_ids_order_by_number():
    items = suite_items([_record("10", True, [10, 5, 8]), _record("9", True, [10, 0, 8])])
    assert items[0]["a"]["text"] == "Miss Lin"  # annotator 9's spans, not 10's


@pytest.mark.parametrize("name", ["²", "9" * 5000])  # int() refuses both
def test_an_annotator_named_by_digits_int_refuses_is_ordered_not_a_crash(name):
    items = suite_items([_record(name, True, [10, 5, 8]), _record("10", True, [10, 0, 8])])
    assert items[0]["a"]["text"] == "Miss Lin"  # annotator 10's spans: "²" is a name, 9...9 a larger number


ITEM = {
    "id": "b/1/c0", "phenomenon": "reference", "subtype": "personal", "adjacency": "adjacent",
    "adjacent": True, "context": ["It rained."], "target": "She paid.", "b": {"start": 0, "end": 3, "text": "She"},
}  # fmt: skip


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"subtype": 5}, "field 'subtype' is not a str"),
        (
            {"phenomenon": "irony"},  # was scored, as a row of its own in the probe's tables
            "field 'phenomenon' is 'irony', not one of repetition, synonyms, reference, substitution, "
            "ellipsis, conjunction",
        ),
        (
            {"adjacency": "sideways"},
            "field 'adjacency' is 'sideways', not one of intra, adjacent, non_adjacent",
        ),
        ({"judged": "no"}, "field 'judged' is not true or false"),
        ({"distance": "2"}, "field 'distance' is '2', not a number of sentences"),
        ({"distance": True}, "field 'distance' is True, not a number of sentences"),
        ({"distance": 2**31}, "field 'distance' is 2147483648, not a number of sentences"),  # over int32
        ({"target": "x" * 10_001}, "a sentence of 10,001 characters, over the 10,000 a sentence may have"),
        ({"context": ["x" * 20_000]}, "a sentence of 20,000 characters, over the 10,000 a sentence may have"),
        ({}, "id 'b/1/c0' again (first on line 1)"),
    ],
)
def test_a_suite_item_of_the_wrong_type_or_a_repeated_id_is_named_by_line(tmp_path, change, problem):
    path = tmp_path / "suite.jsonl"
    path.write_text(json.dumps(ITEM) + "\n" + json.dumps(ITEM | change) + "\n")
    with pytest.raises(SuiteError) as err:
        read_suite(path)
    assert str(err.value) == f"{path}:2: {problem}"


def test_a_number_int_refuses_is_a_named_line(tmp_path):
    path = tmp_path / "suite.jsonl"
    path.write_text(json.dumps(ITEM) + "\n" + '{"distance": ' + "9" * 5000 + "}\n")
    with pytest.raises(SuiteError) as err:
        read_suite(path)
    assert str(err.value) == f"{path}:2: cannot be read: a number of more than 4,300 digits"


def test_a_lone_surrogate_escape_is_a_named_line(tmp_path):
    path = tmp_path / "suite.jsonl"
    path.write_text(
        json.dumps(ITEM) + "\n" + json.dumps(ITEM | {"id": "x", "target": "\ud800 She paid."}) + "\n"
    )
    with pytest.raises(SuiteError) as err:
        read_suite(path)
    assert (
        str(err.value)
        == f"{path}:2: cannot be read: a string holds a lone surrogate (\\ud800), which is no character"
    )


def test_a_line_separator_inside_a_string_does_not_end_the_line(tmp_path):
    item = ITEM | {"context": ["It rained.\u2028Then\x0cit\x1cstopped."]}
    path = tmp_path / "suite.jsonl"
    path.write_text(
        json.dumps(item, ensure_ascii=False) + "\r\n", encoding="utf-8"
    )  # as the suite is written
    assert read_suite(path) == [item]


def test_a_named_pipe_as_the_suite_is_refused_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "suite.jsonl")
    with pytest.raises(SuiteError) as err:
        read_suite(tmp_path / "suite.jsonl")
    assert (
        str(err.value) == f"{tmp_path / 'suite.jsonl'}: not a suite file (a folder, a named pipe or a device)"
    )


def test_a_suite_past_the_cap_is_named_not_read(tmp_path):
    """Read whole, a sparse 50 GB file was a MemoryError traceback."""
    with pytest.raises(SuiteError) as err:
        read_suite(sparse(tmp_path / "suite.jsonl"))
    assert (
        str(err.value)
        == f"{tmp_path / 'suite.jsonl'}: more than 268,435,456 bytes, too large a file to read at once"
    )


def test_a_suite_saved_with_a_byte_order_mark_is_read(tmp_path):
    """It was "not a JSON object (Unexpected UTF-8 BOM)" on its first line."""
    path = tmp_path / "suite.jsonl"
    path.write_text(json.dumps(ITEM) + "\n", encoding="utf-8-sig")
    assert read_suite(path) == [ITEM]


def test_a_suite_not_in_utf8_names_the_byte(tmp_path):
    path = tmp_path / "suite.jsonl"
    path.write_bytes(json.dumps(ITEM).encode() + b"\n\xff\n")
    with pytest.raises(SuiteError) as err:
        read_suite(path)
    assert str(err.value) == f"{path}: invalid UTF-8 at byte offset {len(json.dumps(ITEM)) + 1}"


def test_lines_ended_by_a_carriage_return_alone_are_read_as_lines(tmp_path):
    """A suite saved with classic Mac line ends read as one line: "Extra data", naming no line ending."""
    other = ITEM | {"id": "second"}
    path = tmp_path / "suite.jsonl"
    path.write_bytes(f"{json.dumps(ITEM)}\r{json.dumps(other)}\r".encode())
    assert read_suite(path) == [ITEM, other]
