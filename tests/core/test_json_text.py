import hashlib
import json

import pytest

from core.json_text import JsonLineProblem, JsonProblem, LoneSurrogate, json_digest, json_lines, loads


def test_valid_json_reads_as_json_does_surrogate_pairs_included():
    text = json.dumps({"a": ["x\U0001f600", 1, None], "b": {"c": "é"}})
    assert loads(text) == json.loads(text) == {"a": ["x\U0001f600", 1, None], "b": {"c": "é"}}


@pytest.mark.parametrize("text", ['{"t": "\\ud800 left"}', '["ok", {"k": ["\\udc00"]}]', '{"\\ud83d": 1}'])
def test_a_lone_surrogate_anywhere_is_refused_by_name(text):
    with pytest.raises(
        LoneSurrogate, match=r"^a string holds a lone surrogate \(\\u[0-9a-f]{4}\), which is no character$"
    ):
        loads(text)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"n": ' + "9" * 5000 + "}", "a number of more than 4,300 digits"),
    ],
)
def test_json_python_cannot_read_is_a_problem_in_the_files_terms(text, problem):
    """A RecursionError and int()'s "Exceeds the limit (4300 digits) for integer string conversion ... use
    sys.set_int_max_str_digits()" reached the user as such."""
    with pytest.raises(JsonProblem) as err:
        loads(text)
    assert str(err.value) == problem


def test_json_lines_numbers_each_value_by_its_line_blank_lines_skipped():
    assert list(json_lines(['{"a": 1}', "", "  ", "[2]", '"x"'])) == [(1, {"a": 1}), (4, [2]), (5, "x")]


@pytest.mark.parametrize(
    "line, reason",
    [
        ("{oops", "not JSON (Expecting property name enclosed in double quotes, column 2)"),
        (
            '[1, "\\udc00"]',
            "cannot be read: a string holds a lone surrogate (\\udc00), which is no character",
        ),
        ("[" * 100_000, "cannot be read: nested too deeply"),
    ],
)
def test_json_lines_names_the_first_line_it_cannot_read_and_why(line, reason):
    """The decoder's own position ("line 1 column 2 (char 1)") is the line's, not the file's."""
    with pytest.raises(JsonLineProblem) as err:
        list(json_lines(["{}", "", line, "{oops"]))
    assert (err.value.line, err.value.reason, str(err.value)) == (3, reason, f"line 3: {reason}")


def test_json_digest_is_the_sha256_of_the_canonical_text_whatever_the_key_order():
    canonical = '{"a":"é","b":[1,2]}'.encode()
    assert json_digest({"b": [1, 2], "a": "é"}) == hashlib.sha256(canonical).hexdigest()
    assert (
        json_digest(json.loads('{ "a" : "\\u00e9", "b" : [1, 2] }')) == hashlib.sha256(canonical).hexdigest()
    )
