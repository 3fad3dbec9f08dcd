import io
import json

from cohesion import mine


def test_cli_reads_sentences_and_writes_json_lines(monkeypatch, capsys, mined):
    text = "She wanted those cookies.\nShe took one.\nHowever, she was still hungry.\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    mine.main()
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
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
