import io
import json

import pytest

from cohesion import mine


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


def test_binary_input_is_refused_in_one_line(monkeypatch, capsys, mined):
    code, rows, err = _run(monkeypatch, capsys, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR")
    assert (code, rows) == (2, [])
    assert err == "error: stdin: binary input (NUL byte at offset 8), nothing mined\n"


def test_a_line_over_spacys_maximum_is_skipped_by_name(monkeypatch, capsys, mined):
    monkeypatch.setattr(mine, "load_tagger", lambda: type("Tagger", (), {"max_length": 40})())
    long = "word " * 20
    text = f"She wanted those cookies.\n{long}\nShe took one.\n"
    code, rows, err = _run(monkeypatch, capsys, text.encode())
    assert code == 0
    assert err == "stdin: line 2 skipped: 100 characters, over spaCy's maximum 40\n"
    assert [(r["phenomenon"], r["sentences"]) for r in rows] == [("substitution", [0, 2])]


@pytest.mark.parametrize("errors", ["strict", "replace"])
def test_missing_file_is_a_one_line_error(capsys, errors, tmp_path):
    assert mine.main([str(tmp_path / "nope.txt"), "--errors", errors]) == 2
    assert capsys.readouterr().err.startswith("error: [Errno 2] No such file or directory")
