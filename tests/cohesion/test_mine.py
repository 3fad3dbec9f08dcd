import io
import json

import pytest

from cohesion import mine
from tests.helpers import (
    piped_into_a_closed_reader,
    sparse,
    unlistable,
    with_stdin_closed,
    without_language_data,
)


def _run(monkeypatch, capsys, data: bytes, *argv: str) -> tuple[int, list[dict], str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    code = mine.main(list(argv))
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_cli_reads_sentences_and_writes_json_lines(monkeypatch, capsys, mined):
    text = "She wanted those cookies.\nShe took one.\nHowever, she was still hungry.\n"
    code, rows, _ = _run(monkeypatch, capsys, text.encode())
    assert code == 0
    substitution = next(r for r in rows if r["phenomenon"] == "substitution")
    assert substitution == {
        "phenomenon": "substitution",
        "subtype": "nominal",
        "adjacency": "adjacent",
        "adjacent": True,
        "distance": 1,
        "sentences": [0, 1],
        "a": "cookies",
        "b": "one",
        "spans": [[17, 24], [9, 12]],
        "trigger": "took one",
        "evidence": "",
    }
    conjunction = next(r for r in rows if r["phenomenon"] == "conjunction")
    assert conjunction["a"] == "" and conjunction["spans"] == [[0, 0], [0, 7]]


def test_invalid_utf8_is_a_one_line_error_or_replaced(monkeypatch, capsys, mined):
    data = "She wanted those cookies.\n".encode() + b"She took \xff one.\n"
    code, rows, err = _run(monkeypatch, capsys, data)
    assert (code, rows) == (2, [])
    assert err == (
        "error: stdin: invalid UTF-8 at byte offset 35 (rerun with --errors replace to mine it anyway)\n"
    )
    code, rows, err = _run(monkeypatch, capsys, data, "--errors", "replace")
    assert code == 0 and err == ""
    assert mine.decode(data, "replace")[1] == "She took \ufffd one."


def test_a_byte_order_mark_is_not_mined_as_part_of_the_first_sentence(monkeypatch, capsys, mined):
    text = "John bought a car.\nHe loves it.\n"
    plain = _run(monkeypatch, capsys, text.encode())
    assert _run(monkeypatch, capsys, b"\xef\xbb\xbf" + text.encode()) == plain
    assert [(r["a"], r["b"], r["spans"]) for r in plain[1]] == [
        ("John", "He", [[0, 4], [0, 2]]),
        ("car", "it", [[14, 17], [9, 11]]),
    ]
    with pytest.raises(mine.InputError, match="invalid UTF-8 at byte offset 4 "):  # offsets in the file
        mine.decode(b"\xef\xbb\xbfa\xff")


def test_binary_input_is_refused_in_one_line(monkeypatch, capsys, mined):
    code, rows, err = _run(monkeypatch, capsys, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
    assert (code, rows) == (2, [])
    assert err == "error: stdin: binary input (NUL byte at byte offset 8), nothing to mine\n"


def test_a_line_over_the_miners_maximum_is_skipped_by_name(monkeypatch, capsys, mined):
    monkeypatch.setattr("cohesion.miner.MAX_CHARS", 40)
    long = "word " * 20
    text = f"She wanted those cookies.\n{long}\nShe took one.\n"
    code, rows, err = _run(monkeypatch, capsys, text.encode())
    assert code == 0
    assert err == "stdin: line 2 skipped: 100 characters, over the miner's maximum 40\n"
    assert [(r["phenomenon"], r["sentences"]) for r in rows] == [("substitution", [0, 2])]


def test_a_line_just_under_spacys_maximum_is_skipped_and_the_rest_mined(monkeypatch, capsys, mined):
    long = ("She took the lamp. " * 60_000)[: 1_000_000 - 1]  # spaCy would take it: the miner does not
    text = f"She wanted those cookies.\n{long}\nShe took one.\n"
    code, rows, err = _run(monkeypatch, capsys, text.encode())
    assert code == 0
    assert err == "stdin: line 2 skipped: 999999 characters, over the miner's maximum 10000\n"
    assert [(r["phenomenon"], r["sentences"], r["a"], r["b"]) for r in rows] == [
        ("substitution", [0, 2], "cookies", "one")
    ]


def test_many_files_and_folders_in_one_run(capsys, mined, tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "2.txt").write_text("She wanted those cookies.\nShe took one.\n")
    (tmp_path / "book" / "1.txt").write_text("Zhang Wei closed his book.\nHe stood up.\n")
    (tmp_path / "book" / "notes.md").write_text("He left.\n")
    single = tmp_path / "single.txt"
    single.write_text("The dog barked.\nBut the dog was tired.\n")
    assert mine.main([str(tmp_path / "book"), str(single)]) == 0
    together = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    one_by_one = []
    for path in (tmp_path / "book" / "1.txt", tmp_path / "book" / "2.txt", single):
        assert mine.main([str(path)]) == 0
        one_by_one += [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert together == one_by_one  # each file a chapter of its own, notes.md not read
    assert [(r["file"], r["phenomenon"], r["a"], r["b"]) for r in together] == [
        (str(tmp_path / "book" / "1.txt"), "reference", "Zhang Wei", "He"),
        (str(tmp_path / "book" / "2.txt"), "substitution", "cookies", "one"),
        (str(single), "conjunction", "", "But"),
        (str(single), "repetition", "dog", "dog"),
    ]


def test_a_bad_file_is_a_one_line_error_and_the_others_are_mined(capsys, mined, tmp_path):
    good, binary, empty = tmp_path / "good.txt", tmp_path / "bad.txt", tmp_path / "empty"
    good.write_text("She wanted those cookies.\nShe took one.\n")
    binary.write_bytes(b"\x89PNG\0")
    empty.mkdir()
    assert mine.main([str(binary), str(tmp_path / "nope.txt"), str(empty), str(good)]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line)["file"] for line in out.splitlines()] == [str(good)]
    assert err.splitlines() == [
        f"error: {binary}: binary input (NUL byte at byte offset 4), nothing to mine",
        f"error: {tmp_path / 'nope.txt'}: No such file or directory",
        f"error: {empty}: a folder without *.txt files, nothing mined",
    ]


def test_a_folder_that_cannot_be_listed_is_named_so(capsys, tmp_path, monkeypatch):
    """It read "a folder without *.txt files, nothing mined" (``Path.glob`` skips it without a word)."""
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "1.txt").write_text("He left.\n")
    unlistable(monkeypatch, tmp_path / "book")
    assert mine.main([str(tmp_path / "book")]) == 2
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'book'}: Permission denied\n")


@pytest.mark.parametrize("errors", ["strict", "replace"])
def test_missing_file_is_a_one_line_error(capsys, errors, tmp_path):
    (tmp_path / "dangling.txt").symlink_to(tmp_path / "gone.txt")
    assert mine.main([str(tmp_path / "nope.txt"), str(tmp_path / "dangling.txt"), "--errors", errors]) == 2
    assert capsys.readouterr().err == (
        f"error: {tmp_path}/nope.txt: No such file or directory\n"
        f"error: {tmp_path}/dangling.txt: No such file or directory\n"
    )


def test_a_named_pipe_is_a_one_line_error_not_waited_on(capsys, mined, tmp_path):
    import os

    good, pipe, folder = tmp_path / "good.txt", tmp_path / "pipe", tmp_path / "book"
    good.write_text("She wanted those cookies.\nShe took one.\n")
    os.mkfifo(pipe)  # no writer: reading it would wait for ever
    folder.mkdir()
    os.mkfifo(folder / "1.txt")
    assert mine.main([str(pipe), str(folder), str(good)]) == 2
    out, err = capsys.readouterr()
    assert [json.loads(line)["file"] for line in out.splitlines()] == [str(good)]
    assert err.splitlines() == [
        f"error: {pipe}: not a regular file (a named pipe or a device), nothing mined",
        f"error: {folder / '1.txt'}: not a regular file (a named pipe or a device), nothing mined",
    ]


def test_output_piped_into_a_reader_that_quit_ends_quietly_and_a_closed_stdin_is_one_line():
    text = b"She wanted those cookies.\nShe took one.\nHowever, she was still hungry.\n" * 30
    result = piped_into_a_closed_reader(["cohesion.mine"], text)
    assert (result.returncode, result.stderr) == (0, b"")
    closed = with_stdin_closed(["cohesion.mine"])
    assert (closed.returncode, closed.stdout, closed.stderr) == (
        2,
        "",
        "error: stdin: closed, no text to mine (give the text on stdin, e.g. < FILE)\n",
    )


def test_an_empty_path_is_refused_not_read_as_the_current_folder(capsys):
    with pytest.raises(SystemExit) as exit_:
        mine.main([""])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "python -m cohesion.mine: error: argument paths: '' is not a path (an unset variable? write . for "
        "the current folder) (see python -m cohesion.mine --help)\n"
    )


def test_language_data_without_wordnet_is_one_line_not_nltks_box(tmp_path):
    """BWB_DATA naming a folder without WordNet: NLTK's LookupError ended in a box of 15 lines."""
    (tmp_path / "a.txt").write_text("The dog barked at Anna.\nThe dog ran away.\n", encoding="utf-8")
    result = without_language_data(["cohesion.mine", str(tmp_path / "a.txt")], tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: no WordNet in {tmp_path}/nltk_data/corpora/wordnet (the language data, which BWB_DATA "
        "moves): run make setup, or python -m core.langdata\n"
    )


def test_a_file_past_the_cap_is_a_one_line_error_not_read(capsys, mined, tmp_path):
    huge = sparse(tmp_path / "huge.txt")
    assert mine.main([str(huge)]) == 2
    assert capsys.readouterr() == (
        "",
        f"error: {huge}: more than 268,435,456 bytes, too large a file to read at once, nothing mined\n",
    )


def test_lines_end_at_line_breaks_only_not_a_form_feed_or_u2028_inside_a_sentence():
    """str.splitlines broke a sentence at a form feed, U+0085 or U+2028 and so shifted every later line."""
    data = "One\x0cstory.\nTwo\u2028tales.\r\nThree\x85more.\rFour.\n".encode()
    assert mine.decode(data) == ["One\x0cstory.", "Two\u2028tales.", "Three\x85more.", "Four."]
