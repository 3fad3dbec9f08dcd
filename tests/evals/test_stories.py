import json
import os

import pytest

from cohesion.candidate import Candidate, Span
from evals import stories
from tests.helpers import sparse

UMBRELLA = {
    "id": "substitution-adjacent-01",
    "phenomenon": "substitution",
    "adjacency": "adjacent",
    "sentences": ["Theo lost his umbrella.", "He bought a cheap one."],
    "a": [0, "umbrella"],
    "b": [1, "one"],
}


def _write(tmp_path, *rows) -> str:
    path = tmp_path / "stories.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return str(path)


def test_a_story_is_found_b_only_or_missed_by_its_two_elements():
    story = stories._story(UMBRELLA)
    assert (story.a, story.b) == ((0, 14, 22), (1, 18, 21))
    right = Candidate(
        "substitution", "nominal", Span(0, 14, 22, "umbrella"), Span(1, 18, 21, "one"), "cheap one"
    )
    wrong = Candidate("substitution", "nominal", Span(0, 0, 4, "Theo"), Span(1, 18, 21, "one"), "cheap one")
    other = Candidate("reference", "personal", Span(0, 0, 4, "Theo"), Span(1, 0, 2, "He"), "he")
    assert [stories.verdict(story, c) for c in ([other, right], [wrong], [other])] == [
        "found",
        "b only",
        "missed",
    ]


def test_an_element_is_placed_on_whole_words_before_a_part_of_a_word():
    row = {**UMBRELLA, "sentences": ["Ada lost her umbrella.", "She would show nobody how."], "b": [1, "how"]}
    assert stories._story(row).b == (1, 22, 25)
    assert stories._story({**row, "b": [1, "ho"]}).b == (1, 11, 13)


def test_the_table_counts_each_cell(tmp_path, capsys):
    far = {**UMBRELLA, "id": "x", "adjacency": "non_adjacent", "b": [1, "He"]}  # no substitution "He"
    assert stories.main([_write(tmp_path, UMBRELLA, far)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[2:] == [
        "| substitution | adjacent | 1 | 1 | 0 |",
        "| substitution | non_adjacent | 0 | 1 | 0 |",
        "found 1 of 2 stories (50%)",
    ]


def test_a_line_separator_inside_a_story_keeps_its_line_whole(tmp_path, capsys):
    story = {**UMBRELLA, "sentences": ["Theo lost his\u2028umbrella.", "He bought a cheap one."]}
    path = tmp_path / "stories.jsonl"
    path.write_text(json.dumps(story, ensure_ascii=False) + "\n", encoding="utf-8")  # U+2028 unescaped
    assert stories.main([str(path)]) == 0  # was: "Unterminated string" at line 1
    assert capsys.readouterr().out.splitlines()[-1] == "found 1 of 1 stories (100%)"


@pytest.mark.parametrize(
    "row, problem",
    [
        ({**UMBRELLA, "b": [1, "two"]}, "b: 'two' is not in sentence 1"),
        ({**UMBRELLA, "a": [5, "umbrella"]}, "a: expected [sentence index, text] in the story"),
        ({**UMBRELLA, "phenomenon": "irony"}, "unknown phenomenon or adjacency: 'irony', 'adjacent'"),
        ({k: v for k, v in UMBRELLA.items() if k != "sentences"}, "missing sentences"),
        ({**UMBRELLA, "a": [0, "umbrella", 3]}, "a: expected [sentence index, text] in the story"),
        ({**UMBRELLA, "b": [True, "one"]}, "b: expected [sentence index, text] in the story"),
        ([1, 2], "expected a JSON object"),
    ],
)
def test_a_malformed_story_is_one_line_naming_its_line(tmp_path, capsys, row, problem):
    path = _write(tmp_path, UMBRELLA, row)
    assert stories.main([path]) == 1
    assert capsys.readouterr().err == f"error: {path}:2: {problem}\n"


def test_a_file_that_is_no_utf8_is_one_line(tmp_path, capsys):
    path = tmp_path / "stories.jsonl"
    path.write_bytes(b'{"id": "\xff"}\n')
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr().err == f"error: {path}: not UTF-8 (invalid start byte at byte 8)\n"


@pytest.mark.parametrize("kind", ["folder", "named pipe"])
def test_a_path_that_is_no_file_is_one_line_not_a_wait(tmp_path, capsys, kind):
    path = tmp_path / "stories.jsonl"
    path.mkdir() if kind == "folder" else os.mkfifo(path)  # reading a pipe would wait for a writer for ever
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr().err == (
        f"error: {path}: not a stories file (a folder, a named pipe or a device)\n"
    )


def test_a_missing_file_is_one_line_naming_it(tmp_path, capsys):
    path = tmp_path / "stories.jsonl"
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr().err == f"error: {path}: no such file\n"
    path.symlink_to(path)
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr().err == f"error: {path}: Too many levels of symbolic links\n"


def test_json_nested_too_deeply_is_one_line(tmp_path, capsys):
    path = tmp_path / "stories.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr().err == f"error: {path}:1: cannot be read: nested too deeply\n"


def test_a_lone_surrogate_is_a_named_line_not_a_failure_to_print(tmp_path, capsys):
    """It was read, mined, and then failed to print: "stdout: its encoding, utf-8, cannot write '\\ud800'
    (set PYTHONIOENCODING=utf-8)", advice that does not help."""
    path = _write(tmp_path, UMBRELLA, {**UMBRELLA, "id": "x2", "sentences": ["A \ud800 b.", "He sat."]})
    assert stories.main([path]) == 1
    assert capsys.readouterr().err == (
        f"error: {path}:2: cannot be read: a string holds a lone surrogate (\\ud800), which is no character\n"
    )


def test_a_story_given_twice_is_one_line_naming_both(tmp_path, capsys):
    path = _write(tmp_path, UMBRELLA, {**UMBRELLA, "b": [1, "He"]})
    assert stories.main([path]) == 1
    assert (
        capsys.readouterr().err == f"error: {path}:2: id 'substitution-adjacent-01' again (first on line 1)\n"
    )


LONG = "x" * 100_000
CUT = f"{'x' * 60!r}… (100000 characters)"  # core.rejection.quoted: the first 60 characters


@pytest.mark.parametrize(
    "rows, problem",
    [
        ([{**UMBRELLA, "phenomenon": LONG}], f"1: unknown phenomenon or adjacency: {CUT}, 'adjacent'"),
        ([{**UMBRELLA, "b": [1, LONG]}], f"1: b: {CUT} is not in sentence 1"),
        ([{**UMBRELLA, "id": LONG}, {**UMBRELLA, "id": LONG}], f"2: id {CUT} again (first on line 1)"),
    ],
)
def test_a_long_value_in_a_malformed_story_is_cut_short_in_its_line(tmp_path, capsys, rows, problem):
    """A 100,000-character value was echoed whole in the one-line error."""
    path = _write(tmp_path, *rows)
    assert stories.main([path]) == 1
    assert capsys.readouterr().err == f"error: {path}:{problem}\n"


@pytest.mark.parametrize("text", ["", "\n  \n"])
def test_a_file_without_a_story_is_one_line_not_a_score_of_0_percent(tmp_path, capsys, text):
    path = tmp_path / "stories.jsonl"
    path.write_text(text, encoding="utf-8")
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr() == ("", f"error: {path}: no story in it (one JSON object per line)\n")


def test_a_stories_file_past_the_cap_is_one_line_not_read(tmp_path, capsys):
    path = sparse(tmp_path / "stories.jsonl")  # read whole, a sparse 50 GB file was a MemoryError traceback
    assert stories.main([str(path)]) == 1
    assert capsys.readouterr().err == (
        f"error: {path}: more than 268,435,456 bytes, too large a file to read at once\n"
    )


def test_a_path_holding_a_line_break_is_refused_in_one_line(tmp_path, capsys):
    path = str(tmp_path / "stories\nold.jsonl")  # was 'error: .../stories' and 'old.jsonl: no such file'
    with pytest.raises(SystemExit) as exit_:
        stories.main([path])
    assert (exit_.value.code, capsys.readouterr().err) == (
        2,
        f"python -m evals.stories: error: argument file: {path!r}: a path holding a line break or another "
        "control character, which no message could show on one line: rename it (see python -m evals.stories "
        "--help)\n",
    )


def test_stories_ended_by_a_carriage_return_alone_are_read_as_lines(tmp_path, capsys):
    """Classic Mac line ends read as one line: "Extra data, column 9", naming no line ending."""
    path = tmp_path / "stories.jsonl"
    path.write_bytes(f"{json.dumps(UMBRELLA)}\r{json.dumps({**UMBRELLA, 'id': 'x'})}\r".encode())
    assert stories.main([str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "found 2 of 2 stories (100%)"
