"""End to end: mine -> export -> two simulated annotators -> import -> kappa -> test suite."""

import json
import os
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from cohesion import annotation
from cohesion.labelstudio import to_task
from cohesion.stage import mine_book
from core.paths import REPO_ROOT

CHAPTER = {
    "chapter_id": "b1/1",
    "book_id": "b1",
    "en_sentences": [
        "Miss Lin bought a red lamp.",
        "The shop was closing.",
        "However, the door was still open.",
        "She paid for the lamp.",
        "Somebody called, but I don't know who.",
    ],
}
# accept/reject per candidate: c0 conjunction, c1 reference, c2 repetition, c3 ellipsis
DECISIONS = {"ann": [True, True, False, True], "bob": [True, False, False, True]}


def _jsonl(path, rows):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def _annotate(tasks: list[dict]) -> list[dict]:
    """A Label Studio JSON export: ann narrows the sluice antecedent to "Somebody"."""
    export = []
    for n, task in enumerate(tasks):
        annotations = []
        for user, (annotator, decisions) in enumerate(DECISIONS.items()):
            result = [
                {
                    "from_name": "decision",
                    "type": "choices",
                    "value": {"choices": ["accept" if decisions[n] else "reject"]},
                }
            ]
            if annotator == "ann" and task["data"]["phenomenon"] == "ellipsis":
                predicted_b = next(r for r in task["predictions"][0]["result"] if r["id"] == "B")
                result += [{"type": "labels", "value": {"start": 0, "end": 8, "labels": ["A"]}}, predicted_b]
            annotations.append(
                {"id": 10 * n + user, "completed_by": {"id": user, "email": annotator}, "result": result}
            )
        export.append(
            {"id": n, "data": task["data"], "annotations": annotations, "predictions": task["predictions"]}
        )
    return export


def test_round_trip(tmp_path, capsys, mined):
    rows = mine_book([CHAPTER], []).rows
    assert [r["phenomenon"] for r in rows] == ["conjunction", "reference", "repetition", "ellipsis"]
    tasks_path = tmp_path / "tasks.json"
    annotation.main(
        [
            "export",
            _jsonl(tmp_path / "c.jsonl", rows),
            _jsonl(tmp_path / "ch.jsonl", [CHAPTER]),
            "-o",
            str(tasks_path),
        ]
    )
    assert '<Labels name="span"' in annotation.config_path(tasks_path).read_text()
    tasks = json.loads(tasks_path.read_text())
    assert tasks[1]["data"]["sentences"] == CHAPTER["en_sentences"][:4]  # the non-adjacent window

    export_path = tmp_path / "export.json"
    export_path.write_text(json.dumps(_annotate(tasks)), encoding="utf-8")
    judged = tmp_path / "judgements.jsonl"
    annotation.main(["import", str(export_path), "-o", str(judged)])
    annotation.main(["agree", str(judged)])
    report = json.loads(capsys.readouterr().out)
    assert report["annotators"] == ["ann", "bob"]
    assert report["overall"]["n"] == 4
    assert report["overall"]["raw"] == pytest.approx(0.75)
    assert report["overall"]["kappa"] == pytest.approx(0.5)  # hand-computed in test_agreement
    assert report["by_phenomenon"]["reference"] == {"n": 1, "raw": 0.0, "kappa": 0.0}

    suite_path = tmp_path / "suite.jsonl"
    annotation.main(["suite", str(judged), "-o", str(suite_path)])
    assert capsys.readouterr() == (  # a summary on stderr, as import's: stdout is for data (agree's JSON)
        "",
        f"wrote 2 items to {suite_path}: the candidates every annotator accepted (2 of the 4 judged left out)\n",
    )
    items = [json.loads(line) for line in suite_path.read_text().splitlines()]
    assert [i["id"] for i in items] == ["b1/1/c0", "b1/1/c3"]
    conjunction, sluice = items
    assert conjunction["context"] == ["The shop was closing."] and conjunction["a"] is None
    assert conjunction["b"] == {"start": 0, "end": 7, "text": "However"}
    assert sluice["context"] == [] and sluice["distance"] == 0
    assert sluice["a"] == {"sentence": 0, "start": 0, "end": 8, "text": "Somebody"}
    assert sluice["b"] == {"start": 34, "end": 37, "text": "who"}


@pytest.mark.parametrize(
    "name, text, error",
    [
        (
            "export.json",
            "{oops",
            "export.json: cannot be read: Expecting property name enclosed in double quotes",
        ),
        ("export.json", '{"data": {}}', "export.json: not a list of JSON objects"),
        ("export.jsonl", '{"data": {}}\n[1]\n', "export.jsonl: not a list of JSON objects"),
        (
            "export.jsonl",
            '{"data": {}}\n\n{oops\n',  # was: "cannot be read: ...: line 1 column 2 (char 1)"
            "export.jsonl:3: not JSON (Expecting property name enclosed in double quotes, column 2)\n",
        ),
        ("export.parquet", "PAR1", "export.parquet: cannot be read: "),
        (
            "export.json",
            '[{"data": {"target": "\\udc00"}}]',
            "export.json: cannot be read: a string holds a lone surrogate (\\udc00), which is no character",
        ),
        ("missing.json", None, "missing.json: No such file or directory"),
    ],
)
def test_an_unreadable_export_is_one_line_and_exit_2(tmp_path, capsys, name, text, error):
    if text is not None:
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        annotation.main(["import", str(tmp_path / name), "-o", str(tmp_path / "out.jsonl")])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and err.startswith(f"error: {tmp_path}/{error}")


@pytest.mark.parametrize("users", ['[{"id": "7"}]', '[{"id": true, "email": "ann@x"}]'])
def test_a_user_list_of_the_wrong_shape_is_one_line(tmp_path, capsys, users):
    (tmp_path / "export.json").write_text("[]", encoding="utf-8")
    (tmp_path / "users.json").write_text(users, encoding="utf-8")  # (true is no id 1)
    with pytest.raises(SystemExit):
        annotation.main(
            [
                "import",
                str(tmp_path / "export.json"),
                "--users",
                str(tmp_path / "users.json"),
                "-o",
                str(tmp_path / "out.jsonl"),
            ]
        )
    assert capsys.readouterr().err == (
        f"error: {tmp_path}/users.json: not a Label Studio user list "
        "(objects with a numeric id and an email)\n"
    )


JUDGEMENT = {
    "candidate_id": "b/1/c0",
    "annotator": "ann",
    "phenomenon": "reference",
    "subtype": "personal",
    "accept": True,
    "first": 0,
    "sentences": ["Mira came.", "She sat."],
    "a": [0, 0, 4],
    "b": [1, 0, 3],
}


@pytest.mark.parametrize(
    "argv, error",
    [
        (
            ["agree", "rows.jsonl"],
            "rows.jsonl: row 1 has no 'candidate_id' (rows need candidate_id, annotator, ",
        ),
        (["suite", "rows.jsonl", "-o", "s.jsonl"], "rows.jsonl: row 1 has no 'candidate_id' (rows need "),
        (["export", "rows.jsonl", "rows.jsonl", "-o", "t.json"], "rows.jsonl: row 1 has no 'en_sentences'"),
        (
            ["export", "rows.parquet", "rows.parquet", "-o", "t.json"],
            "rows.parquet: row 1 has no 'en_sentences'",  # Parquet rows are checked too
        ),
        (["agree", "pipe.jsonl"], "pipe.jsonl: not a regular file (a named pipe or a device)\n"),  # no wait
        (  # Arrow read a folder as a dataset of no rows: no task written, exit 0
            ["export", "rows.parquet", "folder.parquet", "-o", "t.json"],
            "folder.parquet: a folder, not a file\n",
        ),
        (  # these three were "PATH: cannot be read: PATH", naming no problem
            ["export", "rows.parquet", "pipe.parquet", "-o", "t.json"],
            "pipe.parquet: not a regular file (a named pipe or a device)\n",
        ),
        (
            ["export", "rows.parquet", "gone.parquet", "-o", "t.json"],
            "gone.parquet: No such file or directory\n",
        ),
        (
            ["export", "rows.parquet", "loop.parquet", "-o", "t.json"],
            "loop.parquet: Too many levels of symbolic links\n",
        ),
        (["agree", "deep.json"], "deep.json: cannot be read: nested too deeply"),
        (
            ["agree", "empty.jsonl"],
            "empty.jsonl: judgements of fewer than two annotators, nothing to compare",
        ),
        (
            ["agree", "two.jsonl", "--annotators", "ann", "bbo"],
            "two.jsonl: no judgements by 'bbo' (annotators: ann, bob)\n",
        ),
        (
            ["agree", "apart.jsonl"],  # was a report of n 0 and kappa null, exit 0
            "apart.jsonl: 'ann' and 'bob' judged no candidate in common, nothing to compare\n",
        ),
        (
            ["agree", "two.jsonl", "--annotators", "ann", "ann"],  # was a kappa of 1.0, exit 0
            "--annotators names 'ann' twice: name two annotators to compare\n",
        ),
    ],
)
def test_rows_of_the_wrong_shape_are_one_line_and_exit_2(tmp_path, capsys, monkeypatch, argv, error):
    (tmp_path / "rows.jsonl").write_text('{"chapter_id": "b/1", "x": 1}\n', encoding="utf-8")
    pq.write_table(pa.table({"chapter_id": ["b/1"], "x": [1]}), tmp_path / "rows.parquet")
    os.mkfifo(tmp_path / "pipe.jsonl")
    (tmp_path / "folder.parquet").mkdir()
    os.mkfifo(tmp_path / "pipe.parquet")
    (tmp_path / "loop.parquet").symlink_to("loop.parquet")
    (tmp_path / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    _jsonl(tmp_path / "two.jsonl", [JUDGEMENT, JUDGEMENT | {"annotator": "bob"}])
    _jsonl(tmp_path / "apart.jsonl", [JUDGEMENT, JUDGEMENT | {"annotator": "bob", "candidate_id": "b/1/c1"}])
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        annotation.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and err.startswith(f"error: {error}")


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["export", "c.parquet", "ch.parquet", "-o", ""], "argument -o/--out: '' is not a file name"),
        (["export", "", "ch.parquet", "-o", "t.json"], "argument candidates: '' is not a path"),
        (["suite", "j.jsonl", "-o", "."], "argument -o/--out: '.' is a folder, not a file"),
    ],
)
def test_an_empty_path_is_refused_while_parsing_not_read_as_the_current_folder(capsys, argv, problem):
    """``export -o ''`` ended in a traceback (the labelling config's name beside '.')."""
    with pytest.raises(SystemExit) as exit_:
        annotation.main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.splitlines()) == 1 and f"error: {problem}" in err


def test_judgements_saved_with_a_byte_order_mark_are_read(tmp_path, capsys):
    path = tmp_path / "two.jsonl"
    _jsonl(path, [JUDGEMENT, JUDGEMENT | {"annotator": "bob"}])
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as an editor on Windows saves it
    annotation.main(["agree", str(path)])
    assert json.loads(capsys.readouterr().out)["overall"]["raw"] == 1.0


@pytest.mark.parametrize("command", [["agree"], ["suite", "-o", "s.jsonl"]])
@pytest.mark.parametrize(
    "change, error",
    [
        ({"accept": "yes"}, "row 2: field 'accept' is not true or false"),
        ({"annotator": 5}, "row 2: field 'annotator' is not a string"),
        ({"candidate_id": [1]}, "row 2: field 'candidate_id' missing or of the wrong type"),
        ({"sentences": "Mira came."}, "row 2: field 'sentences' missing or of the wrong type"),
        ({"first": "0"}, "row 2: field 'first' is not a sentence number"),
        ({"b": "x"}, "row 2: field 'b' 'x' is not a span [sentence, start, end] in the window"),
        ({"b": [7, 0, 2]}, "row 2: field 'b' [7, 0, 2] is not a span [sentence, start, end] in the window"),
        ({"a": [0]}, "row 2: field 'a' [0] is not a span [sentence, start, end] in the window"),
        ({"a": [1, 0, 3], "b": [0, 0, 4]}, "row 2: field 'a' [1, 0, 3] is in a sentence after 'b' [0, 0, 4]"),
    ],
)
def test_a_judgement_of_the_wrong_type_is_one_line_and_exit_2(
    tmp_path, capsys, monkeypatch, command, change, error
):
    rows = [JUDGEMENT, JUDGEMENT | {"annotator": "bob"} | change]
    _jsonl(tmp_path / "j.jsonl", rows)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        annotation.main([command[0], "j.jsonl", *command[1:]])
    assert (exit_.value.code, capsys.readouterr().err) == (2, f"error: j.jsonl: {error}\n")
    assert not (tmp_path / "s.jsonl").exists()


CANDIDATE = {
    **{"candidate_id": "b/1/c0", "chapter_id": "b/1", "phenomenon": "reference", "subtype": "personal"},
    **{"trigger": "she", "distance": 1, "adjacent": True, "adjacency": "adjacent"},
    **{"sent_a": 0, "a_start": 0, "a_end": 4, "sent_b": 1, "b_start": 0, "b_end": 3},
}
SPANS_ERROR = "are not spans of the chapter's 2 sentences"


@pytest.mark.parametrize(
    "candidate, chapter, error",
    [
        ({"chapter_id": "x/9"}, {}, "c.jsonl: row 1: chapter 'x/9' is in none of the CHAPTERS files"),
        ({"sent_b": 9}, {}, f"c.jsonl: row 1: sentences 0..9 with offsets [0, 4, 0, 3] {SPANS_ERROR}"),
        ({"sent_a": -1}, {}, f"c.jsonl: row 1: sentences -1..1 with offsets [0, 4, 0, 3] {SPANS_ERROR}"),
        (
            {"sent_a": 1, "sent_b": 0},
            {},
            f"c.jsonl: row 1: sentences 1..0 with offsets [0, 4, 0, 3] {SPANS_ERROR}",
        ),
        ({"sent_a": "0"}, {}, f"c.jsonl: row 1: sentences '0'..1 with offsets [0, 4, 0, 3] {SPANS_ERROR}"),
        (
            {"b_end": 99},
            {},
            "c.jsonl: row 1: field 'b' (1, 0, 99) is not a span [sentence, start, end] in the window",
        ),
        ({"candidate_id": None}, {}, "c.jsonl: row 1: field 'candidate_id' missing or of the wrong type"),
        (
            {},
            {"en_sentences": "Mira came."},
            "ch.jsonl: row 1: not a chapter (a chapter_id and a list of en_sentences)",
        ),
        (
            {},
            {"chapter_id": ["b/1"]},
            "ch.jsonl: row 1: not a chapter (a chapter_id and a list of en_sentences)",
        ),
    ],
)
def test_a_candidate_its_chapter_cannot_show_is_one_line_and_exit_2(
    tmp_path, capsys, monkeypatch, candidate, chapter, error
):
    _jsonl(tmp_path / "c.jsonl", [CANDIDATE | candidate])
    _jsonl(
        tmp_path / "ch.jsonl", [{"chapter_id": "b/1", "en_sentences": ["Mira came.", "She sat."]} | chapter]
    )
    monkeypatch.chdir(tmp_path)
    for argv in (
        ["export", "c.jsonl", "ch.jsonl", "-o", "t.json"],
        ["unjudged", "--candidates", "c.jsonl", "--chapters", "ch.jsonl", "-o", "s.jsonl"],
    ):
        with pytest.raises(SystemExit) as exit_:
            annotation.main(argv)
        assert (exit_.value.code, capsys.readouterr().err) == (2, f"error: {error}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.jsonl", "ch.jsonl"]


def test_a_candidate_listed_twice_is_one_line_naming_both_rows_not_a_suite_the_probe_refuses(
    tmp_path, capsys, monkeypatch
):
    _jsonl(tmp_path / "c.jsonl", [CANDIDATE])
    _jsonl(tmp_path / "c2.jsonl", [CANDIDATE | {"candidate_id": "b/1/c9"}, CANDIDATE])
    _jsonl(tmp_path / "ch.jsonl", [{"chapter_id": "b/1", "en_sentences": ["Mira came.", "She sat."]}])
    monkeypatch.chdir(tmp_path)
    for candidates in (["c.jsonl", "c.jsonl"], ["c.jsonl", "c2.jsonl"]):
        argv = ["unjudged", "--candidates", *candidates, "--chapters", "ch.jsonl", "-o", "s.jsonl"]
        with pytest.raises(SystemExit) as exit_:
            annotation.main(argv)
        row = 1 if candidates[1] == "c.jsonl" else 2
        assert (exit_.value.code, capsys.readouterr().err) == (
            2,
            f"error: {candidates[1]}: row {row}: candidate '{CANDIDATE['candidate_id']}' again (first in c.jsonl row 1)\n",
        )
    assert not (tmp_path / "s.jsonl").exists()


def test_a_suite_of_no_judgement_is_one_line_not_an_empty_suite(tmp_path, capsys):
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        annotation.main(["suite", str(tmp_path / "empty.jsonl"), "-o", str(tmp_path / "s.jsonl")])
    assert exit_.value.code == 2 and not (tmp_path / "s.jsonl").exists()
    assert capsys.readouterr().err == (
        f"error: {tmp_path / 'empty.jsonl'}: no judgement in it (python -m cohesion.annotation import writes them)\n"
    )


def test_an_output_that_cannot_be_written_is_one_line_before_any_work(tmp_path, capsys):
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    for out, problem in (
        (tmp_path / "file" / "s.jsonl", f"cannot be written: '{tmp_path}/file' is a file, not a folder"),
        (tmp_path / "folder", "is a folder, not a file"),
    ):
        with pytest.raises(SystemExit) as exit_:
            annotation.main(["suite", str(tmp_path / "empty.jsonl"), "-o", str(out)])
        assert exit_.value.code == 2
        assert capsys.readouterr().err == (
            f"python -m cohesion.annotation suite: error: argument -o/--out: '{out}' {problem}"
            " (see python -m cohesion.annotation suite --help)\n"
        )


def _export_of(tmp_path, name: str, decisions: list[dict]) -> str:
    """A Label Studio JSON export with a task of CANDIDATE per ``decisions`` entry (annotator email ->
    accept or reject), as candidates b/1/c0, b/1/c1, b/1/c0, ... in turn."""
    data = to_task(CANDIDATE, ["Mira came.", "She sat."])["data"]
    tasks = [
        {
            "data": data | {"candidate_id": f"b/1/c{n % 2}"},
            "annotations": [
                {
                    "completed_by": {"id": user, "email": email},
                    "result": [{"type": "choices", "value": {"choices": [decision]}}],
                }
                for user, (email, decision) in enumerate(by.items())
            ],
        }
        for n, by in enumerate(decisions)
    ]
    (tmp_path / name).write_text(json.dumps(tasks), encoding="utf-8")
    return str(tmp_path / name)


def test_a_task_listed_twice_is_counted_once_and_said_so(tmp_path, capsys):
    both = {"ann": "accept", "bob": "reject"}
    export = _export_of(tmp_path, "e.json", [both, {"ann": "accept", "bob": "accept"}, both])
    out = tmp_path / "j.jsonl"
    annotation.main(["import", export, "-o", str(out)])
    assert capsys.readouterr().err == (
        f"wrote 4 judgements to {out}; 0 annotations skipped; "
        "1 task listed twice with the same judgements: counted once\n"
    )
    annotation.main(["agree", str(out)])
    report = json.loads(capsys.readouterr().out)
    assert report["overall"] == {"n": 2, "raw": 0.5, "kappa": 0.0}  # c0 once: not n 3, raw 1/3


def test_an_export_without_annotations_is_one_line_and_leaves_the_judgements_alone(tmp_path, capsys):
    """Tasks nobody annotated (export's own tasks file given instead of Label Studio's export) wrote an
    empty judgements file over the last one, exit 0."""
    export = _export_of(tmp_path, "tasks.json", [{}, {}])  # two tasks, no annotation
    out = tmp_path / "j.jsonl"
    out.write_text("earlier\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        annotation.main(["import", str(export), "-o", str(out)])
    assert exit_.value.code == 2 and capsys.readouterr().err == (
        f"error: {export}: no annotation to import (0 skipped); {out} not written\n"
    )
    assert out.read_text(encoding="utf-8") == "earlier\n"


def test_cancelled_annotations_are_counted_in_the_summary_line(tmp_path, capsys):
    """Annotations cancelled in Label Studio were left out without a word: "0 annotations skipped"."""
    export = _export_of(tmp_path, "e.json", [{"ann": "accept", "bob": "reject", "cy": "accept"}])
    tasks = json.loads((tmp_path / "e.json").read_text(encoding="utf-8"))
    for cancelled in tasks[0]["annotations"][1:]:
        cancelled["was_cancelled"] = True
    (tmp_path / "e.json").write_text(json.dumps(tasks), encoding="utf-8")
    out = tmp_path / "j.jsonl"
    annotation.main(["import", export, "-o", str(out)])
    assert capsys.readouterr().err == (
        f"wrote 1 judgements to {out}; 0 annotations skipped; 2 cancelled annotations skipped\n"
    )
    tasks[0]["annotations"] = tasks[0]["annotations"][1:2]  # one annotation, cancelled: nothing to import
    (tmp_path / "e.json").write_text(json.dumps(tasks), encoding="utf-8")
    with pytest.raises(SystemExit):
        annotation.main(["import", export, "-o", str(tmp_path / "none.jsonl")])
    assert capsys.readouterr().err == (
        f"error: {export}: no annotation to import (0 skipped; 1 cancelled annotation skipped); "
        f"{tmp_path / 'none.jsonl'} not written\n"
    )


def test_two_copies_of_a_task_judged_differently_are_skipped_and_named(tmp_path, capsys):
    first = _export_of(tmp_path, "e.json", [{"ann": "accept", "bob": "reject"}])
    second = _export_of(tmp_path, "f.json", [{"ann": "reject", "bob": "reject"}])
    out = tmp_path / "j.jsonl"
    annotation.main(["import", first, second, "-o", str(out)])
    assert capsys.readouterr().err == (
        "skipped task b/1/c0, annotator ann: judged differently, accept with A [0, 0, 4] and B [1, 0, 3] "
        f"in {first} task 1 but reject with A [0, 0, 4] and B [1, 0, 3] in {second} task 1: none of its 2 "
        "judgements kept\n"
        f"wrote 1 judgements to {out}; 2 annotations skipped; "
        "1 task listed twice with the same judgements: counted once\n"  # bob's
    )
    assert [json.loads(line)["annotator"] for line in out.read_text().splitlines()] == ["bob"]


def test_skipped_annotations_past_the_twentieth_are_counted_in_one_line(tmp_path, capsys):
    first = _export_of(tmp_path, "e.json", [{f"a{n:02}": "accept" for n in range(23)} | {"bob": "reject"}])
    second = _export_of(tmp_path, "f.json", [{f"a{n:02}": "reject" for n in range(23)} | {"bob": "reject"}])
    out = tmp_path / "j.jsonl"
    annotation.main(["import", first, second, "-o", str(out)])
    err = capsys.readouterr().err.splitlines()
    assert [line.split(":")[0] for line in err[:20]] == [
        f"skipped task b/1/c0, annotator a{n:02}" for n in range(20)
    ]
    assert err[20:] == [
        "skipped 3 more (not listed)",
        f"wrote 1 judgements to {out}; 46 annotations skipped; "
        "1 task listed twice with the same judgements: counted once",
    ]


def _users_file(tmp_path, users: list[dict]) -> str:
    (tmp_path / "users.json").write_text(json.dumps(users), encoding="utf-8")
    return str(tmp_path / "users.json")


def test_a_user_id_listed_twice_with_two_emails_is_one_line_naming_it(tmp_path, capsys):
    (tmp_path / "export.json").write_text("[]", encoding="utf-8")
    users = _users_file(tmp_path, [{"id": 7, "email": "ann@x"}, {"id": 8, "email": "bob@x"},
                                   {"id": 7, "email": "ann@y"}])  # fmt: skip
    with pytest.raises(SystemExit) as exit_:
        annotation.main(
            ["import", str(tmp_path / "export.json"), "--users", users, "-o", str(tmp_path / "o")]
        )
    assert (exit_.value.code, capsys.readouterr().err) == (
        2,
        f"error: {users}: user id 7 is listed twice, with the emails 'ann@x' and 'ann@y'\n",
    )
    assert not (tmp_path / "o").exists()


def test_two_user_ids_with_one_email_are_one_line_naming_them(tmp_path, capsys):
    """Two annotators read as one: their agreeing judgements counted once, their disagreeing ones dropped."""
    (tmp_path / "export.json").write_text("[]", encoding="utf-8")
    users = _users_file(tmp_path, [{"id": 7, "email": "ann@x"}, {"id": 8, "email": "ann@x"}])
    with pytest.raises(SystemExit) as exit_:
        annotation.main(
            ["import", str(tmp_path / "export.json"), "--users", users, "-o", str(tmp_path / "o")]
        )
    assert (exit_.value.code, capsys.readouterr().err) == (
        2,
        f"error: {users}: user ids 7 and 8 have one email, 'ann@x': two annotators would be read as one\n",
    )
    assert not (tmp_path / "o").exists()


def test_a_user_listed_twice_with_one_email_is_one_user(tmp_path, capsys):
    export = _export_of(tmp_path, "e.json", [{"x": "accept"}])
    tasks = json.loads((tmp_path / "e.json").read_text())
    tasks[0]["annotations"][0]["completed_by"] = 0  # as the server writes it: a numeric user id
    (tmp_path / "e.json").write_text(json.dumps(tasks), encoding="utf-8")
    users = _users_file(tmp_path, [{"id": 0, "email": "ann@x"}, {"id": 0, "email": "ann@x"}])
    annotation.main(["import", export, "--users", users, "-o", str(tmp_path / "j.jsonl")])
    assert json.loads((tmp_path / "j.jsonl").read_text())["annotator"] == "ann@x"


def test_judgements_of_one_candidate_by_one_annotator(tmp_path, capsys, monkeypatch):
    """Repeated as they are, they count once; differing, they are one line naming both rows."""
    monkeypatch.chdir(tmp_path)
    bob = JUDGEMENT | {"annotator": "bob", "accept": False}
    _jsonl(tmp_path / "j.jsonl", [JUDGEMENT, bob, JUDGEMENT, bob])
    annotation.main(["agree", "j.jsonl"])
    assert json.loads(capsys.readouterr().out)["overall"] == {"n": 1, "raw": 0.0, "kappa": 0.0}
    _jsonl(tmp_path / "j.jsonl", [JUDGEMENT, bob, JUDGEMENT | {"b": [1, 4, 7]}])
    for argv in (["agree", "j.jsonl"], ["suite", "j.jsonl", "-o", "s.jsonl"]):
        with pytest.raises(SystemExit) as exit_:
            annotation.main(argv)
        assert (exit_.value.code, capsys.readouterr().err) == (
            2,
            "error: j.jsonl: row 3: candidate 'b/1/c0' judged by 'ann' differently in row 1\n",
        )
    assert not (tmp_path / "s.jsonl").exists()


def test_a_parquet_file_whose_path_is_not_utf8_is_read(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from cohesion.annotation import read_rows

    folder = tmp_path / b"\xff".decode("utf-8", "surrogateescape")  # a path given as $'\xff'
    folder.mkdir()
    sink = pa.BufferOutputStream()  # Arrow writes no file there either
    pq.write_table(pa.table({"chapter_id": ["b/1"], "en_sentences": [["One."]]}), sink)
    (folder / "c.parquet").write_bytes(sink.getvalue().to_pybytes())
    # "cannot be read: 'utf-8' codec can't encode character '\udcff'" before
    assert read_rows(folder / "c.parquet", ("chapter_id",)) == [
        {"chapter_id": "b/1", "en_sentences": ["One."]}
    ]


def test_a_file_written_again_after_a_killed_run_leaves_nothing_beside_it(tmp_path):
    """A killed ``suite``/``unjudged``/``import`` leaves its temporary beside the file (outside an output
    folder, where no build sweeps); writing the file again removes it."""
    import subprocess

    from core import storage

    dead = subprocess.Popen(["true"])
    dead.wait()
    out = tmp_path / "suite.jsonl"
    (tmp_path / f".suite.jsonl.{storage._HOST}.{dead.pid}.tmp").write_text('{"id": "half', encoding="utf-8")
    annotation.write_jsonl([{"id": "i1"}], out)
    assert [p.name for p in tmp_path.iterdir()] == ["suite.jsonl"]
    assert out.read_text(encoding="utf-8") == '{"id": "i1"}\n'


def test_jsonl_rows_ended_by_a_carriage_return_alone_are_read_as_rows(tmp_path):
    """Classic Mac line ends read as one line: "Extra data" naming no line ending."""
    path = tmp_path / "rows.jsonl"
    path.write_bytes(b'{"n": 1}\r{"n": 2}\r\n{"n": 3}\n')
    assert annotation.read_rows(path) == [{"n": 1}, {"n": 2}, {"n": 3}]


def test_agreement_printed_to_a_stdout_that_cannot_take_it_is_one_line(tmp_path):
    """``agree > /dev/full`` said "cannot write None: No space left on device", then exit_with's line."""
    path = tmp_path / "judgements.jsonl"
    _jsonl(path, [dict(JUDGEMENT, annotator=name) for name in ("ann", "bob")])
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "cohesion.annotation", "agree", str(path)],
            cwd=REPO_ROOT, stdout=full, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")
