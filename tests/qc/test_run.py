"""qc sample / qc import on a small synthetic output folder (tests/exports/synthetic.py)."""

import csv
import json
import shutil
from pathlib import Path

import pytest

from core.storage import read_json, read_rows, write_table
from exports.corpus import read_book
from exports.report import build_report
from exports.stage import export_corpus
from qc.review_files import COLUMNS
from core.layout import Layout
from qc.run import NoCorpus, corrections_status, import_verdicts, sample_review
from qc.store import accuracy_path, verdicts_path
from tests.exports.synthetic import build_output


@pytest.fixture
def layout(tmp_path):
    """Two books; each chapter's last English sentence made one (as its bead has it), so beads cover every
    sentence exactly once."""
    layout = build_output(tmp_path / "output", books=2, chapters=3)
    for book in ("book0", "book1"):
        chapters = read_rows(layout.chapters(book), "chapters")
        for chapter in chapters:
            chapter["en_sentences"][-2:] = ["\n".join(chapter["en_sentences"][-2:])]
        write_table(chapters, "chapters", layout.chapters(book))
    return layout


def _read(path):
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE, quotechar=None))


def _write(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(
            handle, COLUMNS, delimiter="\t", quoting=csv.QUOTE_NONE, quotechar=None, lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(rows)


def test_sample_writes_tsv_and_label_studio_tasks_lowest_score_first(layout):
    folder, drawn = sample_review(layout, 3, seed=1)
    assert folder == layout.qc_dir() / "sample-1"
    assert len(drawn) == 3 and {c.split("/")[0] for c in drawn} == {"book0", "book1"}
    book, number = drawn[0].split("/")
    rows = _read(folder / book / f"{number}.tsv")
    assert [r["bead_no"] for r in rows] == ["0", "1", "2", "3", "4", "5"]  # scores rise with the bead number
    assert rows[3]["zh_idx"] == "3" and rows[3]["en_idx"] == "3,4" and rows[3]["verdict"] == ""
    tasks = json.loads((folder / book / f"{number}.tasks.json").read_text(encoding="utf-8"))
    assert (
        tasks[3]["data"]["en_numbered"]
        == f"[3] {drawn[0].replace('/', '-')} third.\n[4] It has two sentences."
    )
    assert (folder / "label_config.xml").is_file()
    assert read_json(folder / "sample.json") == {"seed": 1, "chapters": drawn}


def test_a_sample_of_a_folder_with_no_aligned_corpus_draws_nothing_and_writes_nothing(tmp_path):
    assert sample_review(Layout(tmp_path), 3, seed=1) == (Layout(tmp_path).qc_dir() / "sample-1", [])
    assert list(tmp_path.iterdir()) == []


def test_a_sample_with_a_folder_where_a_review_file_goes_is_refused_before_writing_any(layout):
    """The folder was kept without a word, and qc sample listed the chapter as written."""
    _, (chapter_id,) = sample_review(layout, 1, seed=3)
    shutil.rmtree(layout.qc_dir())
    in_the_way = layout.qc_dir() / "sample-3" / f"{chapter_id}.tsv"
    in_the_way.mkdir(parents=True)
    with pytest.raises(IsADirectoryError) as err:
        sample_review(layout, 1, seed=3)
    assert (err.value.filename, err.value.strerror) == (
        str(in_the_way),
        "a folder stands where it goes: move that folder away",
    )
    assert sorted(p.name for p in in_the_way.parent.iterdir()) == [in_the_way.name]


def test_an_import_into_a_folder_with_no_aligned_corpus_writes_nothing(tmp_path):
    review = tmp_path / "review.tsv"
    review.write_text("pair_id\tverdict\nbk/1/0\tcorrect\n", encoding="utf-8")
    with pytest.raises(NoCorpus):
        import_verdicts(Layout(tmp_path / "out"), [review])
    assert not (tmp_path / "out").exists()


def test_scripted_reviewer_round_trip(layout):
    folder, drawn = sample_review(layout, 1, seed=3)
    chapter_id = drawn[0]
    tsv = folder / f"{chapter_id}.tsv"
    rows = _read(tsv)
    for row in rows:
        row["verdict"] = "correct"
    # Bead 3 (zh 3 : en 3,4) is wrong: the reviewer moves en 4 into bead 4 (the translator's addition).
    by_no = {r["bead_no"]: r for r in rows}
    by_no["3"].update(verdict="misaligned", correction="3:3")
    by_no["4"].update(verdict="wrong", correction=":4,5")
    bad = [
        dict(by_no["0"], pair_id="nobook/9/9"),
        dict(by_no["1"], verdict="maybe"),
        dict(by_no["2"], zh_idx="0"),
        dict(by_no["5"], verdict="correct", correction="5:6"),
    ]
    _write(tsv, rows + bad)

    result = import_verdicts(layout, [folder], reviewer="ann")

    assert [(r["item_id"], r["reason"]) for r in result.rejected] == [
        ("nobook/9/9", "unknown_pair_id"),
        (f"{chapter_id}/1", "bad_verdict"),
        (f"{chapter_id}/2", "bead_changed"),
        (f"{chapter_id}/5", "correction_on_correct_bead"),
    ]
    assert (result.verdicts, result.corrections, result.stale) == (6, 2, {})
    book = chapter_id.split("/")[0]
    assert result.accuracy == [
        {"book": book, "beads": 6, "correct": 4, "accuracy %": 66.7, "95% interval": "30.0–90.3"},
        {"book": "all", "beads": 6, "correct": 4, "accuracy %": 66.7, "95% interval": "30.0–90.3"},
    ]
    assert read_json(accuracy_path(layout))["accuracy"] == result.accuracy
    assert len(read_rows(verdicts_path(layout), "qc_verdicts")) == 6
    assert len(read_rows(layout.rejected("qc", "import"), "rejected")) == 4

    read = {c["chapter_id"]: beads for c, beads in read_book(layout, book)}
    assert [(b["pair_id"], b["zh_idx"], b["en_idx"]) for b in read[chapter_id]][2:5] == [
        (f"{chapter_id}/2", [2], [2]),
        (f"{chapter_id}/3.0", [3], [3]),
        (f"{chapter_id}/4.0", [], [4, 5]),
    ]
    assert all("." not in b["pair_id"] for cid, beads in read.items() if cid != chapter_id for b in beads)
    export_corpus(layout, ["jsonl"])
    exported = [
        json.loads(line)
        for path in (layout.export_dir() / "jsonl").glob("*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    assert f"{chapter_id}/3.0" in {row["pair_id"] for row in exported}


def _review(layout, folder, chapter_id, verdicts):
    """Import a review of some of the chapter's beads (bead number -> verdict, correction) from its own file."""
    rows = [r for r in _read(folder / f"{chapter_id}.tsv") if r["bead_no"] in verdicts]
    for row in rows:
        row["verdict"], row["correction"] = verdicts[row["bead_no"]]
    _write(folder / f"{chapter_id}-review.tsv", rows)
    return import_verdicts(layout, [folder / f"{chapter_id}-review.tsv"])


def test_a_bead_judged_correct_on_a_later_review_loses_its_correction(layout):
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    book = chapter_id.split("/")[0]
    first = _review(layout, folder, chapter_id, {"3": ("misaligned", "3:3;:4")})
    assert (first.corrections, first.withdrawn) == (1, 0)

    again = _review(layout, folder, chapter_id, {"3": ("correct", ""), "2": ("correct", "")})

    assert (again.verdicts, again.corrections, again.withdrawn, again.rejected) == (2, 0, 1, [])
    assert read_rows(layout.corrections(book), "corrections") == []
    read = {c["chapter_id"]: beads for c, beads in read_book(layout, book)}
    assert [b["pair_id"] for b in read[chapter_id]][2:5] == [f"{chapter_id}/{n}" for n in (2, 3, 4)]


def test_a_withdrawal_that_would_leave_a_sentence_in_two_beads_is_refused(layout):
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    _review(layout, folder, chapter_id, {"3": ("misaligned", "3:3"), "4": ("misaligned", ":4,5")})
    again = _review(layout, folder, chapter_id, {"3": ("correct", "")})
    assert (again.corrections, again.withdrawn) == (0, 0)
    assert [(r["reason"], r["detail"]) for r in again.rejected] == [
        (
            "correction_coverage",
            f"{folder / chapter_id}-review.tsv: {chapter_id}: en sentence(s) 4 in more than one bead",
        )
    ]
    assert len(read_rows(layout.corrections(chapter_id.split("/")[0]), "corrections")) == 2


def test_a_correction_leaving_a_sentence_out_is_refused_with_the_reason(layout):
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    tsv = folder / f"{chapter_id}.tsv"
    rows = _read(tsv)
    row = next(r for r in rows if r["bead_no"] == "3")
    row.update(verdict="misaligned", correction="3:3")
    _write(tsv, rows)
    result = import_verdicts(layout, [tsv])
    assert [(r["reason"], r["detail"]) for r in result.rejected] == [
        ("correction_coverage", f"{tsv}: {chapter_id}: en sentence(s) 4 in no bead")
    ]
    assert result.verdicts == 1 and result.corrections == 0
    assert not layout.corrections(chapter_id.split("/")[0]).exists() or corrections_status(layout) == ({}, {})


def test_corrections_go_stale_when_the_chapter_text_changes(layout):
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    tsv = folder / f"{chapter_id}.tsv"
    rows = _read(tsv)
    next(r for r in rows if r["bead_no"] == "0").update(verdict="misaligned", correction="0:0;:1")
    next(r for r in rows if r["bead_no"] == "1").update(verdict="misaligned", correction="1:")
    _write(tsv, rows)
    assert import_verdicts(layout, [tsv]).corrections == 2
    book = chapter_id.split("/")[0]
    chapters = read_rows(layout.chapters(book), "chapters")
    for chapter in chapters:
        if chapter["chapter_id"] == chapter_id:
            chapter["en_sentences"][0] += " Edited."
    write_table(chapters, "chapters", layout.chapters(book))
    applied, stale = corrections_status(layout)
    assert stale == {f"{chapter_id}/0": "chapter_text_changed", f"{chapter_id}/1": "chapter_text_changed"}
    assert applied[chapter_id].corrected == 0
    report = build_report(layout).with_name("index.md").read_text(encoding="utf-8")
    assert "Stale corrections, not applied: 2 (chapter_text_changed: 2)." in report


def _reviewed(layout, edit):
    """A sampled chapter's TSV with every bead marked correct, then ``edit(rows)`` applied."""
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    tsv = folder / f"{chapter_id}.tsv"
    rows = _read(tsv)
    for row in rows:
        row["verdict"] = "correct"
    rows = edit(rows) or rows
    _write(tsv, rows)
    return tsv, chapter_id


@pytest.mark.parametrize(
    "edit, reason, detail",
    [
        (
            lambda rows: rows[0].update(zh_idx="²"),
            "bad_row",
            "line 2: zh_idx '²' is not sentence numbers (e.g. 3,4)",
        ),
        (
            lambda rows: rows[0].update(en_idx="1,x"),
            "bad_row",
            "line 2: en_idx '1,x' is not sentence numbers (e.g. 3,4)",
        ),
        (
            lambda rows: rows[0].update(verdict="maybe"),
            "bad_verdict",
            "verdict 'maybe' (use correct or misaligned)",
        ),
        (
            lambda rows: rows[0].update(verdict="", correction="0:0"),
            "missing_verdict",
            "a correction without a verdict (mark the bead misaligned to apply it)",
        ),
        (
            lambda rows: rows[0].update(zh="改过的文字。"),
            "text_changed",
            "line 2: the zh text differs from the bead's now (sample again)",
        ),
    ],
)
def test_a_bad_review_row_is_a_named_rejection(layout, edit, reason, detail):
    tsv, chapter_id = _reviewed(layout, lambda rows: edit(rows))
    result = import_verdicts(layout, [tsv])
    assert [(r["reason"], r["detail"]) for r in result.rejected] == [(reason, f"{tsv}: {detail}")]
    assert result.verdicts == 5


def test_straight_double_quotes_a_spreadsheet_drops_or_adds_are_no_text_change(layout):
    """A review file of an older version, written unquoted, lost the straight quotes of speech in a
    spreadsheet (or gained doubled ones), and every such bead was ``text_changed``."""

    def quoted(rows):
        words = rows[0]["en"].split()
        rows[0]["en"] = " ".join(['"' + words[0] + '"', *words[1:]])

    tsv, _ = _reviewed(layout, quoted)
    result = import_verdicts(layout, [tsv])
    assert result.rejected == [] and result.verdicts == 6


def test_conflicting_verdicts_on_one_bead_are_an_error_naming_both_rows(layout):
    tsv, chapter_id = _reviewed(layout, lambda rows: rows + [dict(rows[0], verdict="misaligned")])
    with pytest.raises(ValueError) as err:
        import_verdicts(layout, [tsv])
    assert str(err.value) == (
        f"conflicting verdicts on {chapter_id}/0: {tsv} line 2 (correct) and {tsv} line 8 (misaligned)"
    )
    assert not verdicts_path(layout).exists()
    rows = _read(tsv)[:6]
    _write(tsv, rows + [dict(rows[0], verdict="OK")])  # the same verdict twice is fine, counted once
    result = import_verdicts(layout, [tsv])
    assert (result.verdicts, result.repeated, result.accuracy[-1]["beads"]) == (6, 1, 6)


def test_a_label_studio_correction_without_a_verdict_is_named_not_skipped(layout, tmp_path):
    """The reviewer typed the correction but chose no verdict: the task was skipped, exit 0."""
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    tasks = json.loads((folder / f"{chapter_id}.tasks.json").read_text(encoding="utf-8"))
    tasks[0]["annotations"] = [
        {
            "completed_by": 7,
            "result": [{"from_name": "correction", "type": "textarea", "value": {"text": ["0:0"]}}],
        }
    ]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(tasks[:1]), encoding="utf-8")
    result = import_verdicts(layout, [export])
    assert (result.verdicts, [(r["reason"], r["detail"]) for r in result.rejected]) == (
        0,
        [
            (
                "missing_verdict",
                f"{export}: a correction without a verdict (mark the bead misaligned to apply it)",
            )
        ],
    )


def test_a_numeric_label_studio_choice_is_read_as_text(layout, tmp_path):
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    tasks = json.loads((folder / f"{chapter_id}.tasks.json").read_text(encoding="utf-8"))
    for task, choice in zip(tasks[:2], (1, 2)):
        task["annotations"] = [
            {
                "completed_by": 7,
                "result": [{"from_name": "verdict", "type": "choices", "value": {"choices": [choice]}}],
            }
        ]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(tasks[:2]), encoding="utf-8")
    result = import_verdicts(layout, [export])
    assert result.verdicts == 1
    assert [(r["reason"], r["detail"]) for r in result.rejected] == [
        ("bad_verdict", f"{export}: verdict '2' (use correct or misaligned)")
    ]


LONG_INDICES = str([1] * 50_000)  # as the detail shows "1,1,...,1"


@pytest.mark.parametrize(
    "change, reason, detail",
    [
        (
            {"pair_id": "bk/" + "9" * 100_000},
            "unknown_pair_id",
            f"no bead 'bk/{'9' * 57}'… (100003 characters) in aligned/",
        ),
        (
            {"verdict": "maybe" * 20_000},
            "bad_verdict",
            f"verdict '{'maybe' * 12}'… (100000 characters) (use correct or misaligned)",
        ),
        (
            {"verdict": "misaligned", "correction": "3:3," * 25_000},
            "bad_correction",
            f"bead '{'3:3,' * 15}'… (100000 characters) is not ZH:EN (e.g. 3:3,4)",
        ),
        (
            {"zh_idx": "1," * 50_000},
            "bead_changed",
            f"reviewed as zh {LONG_INDICES[:60]}… ({len(LONG_INDICES)} characters) en [0], now zh [0] en [0] "
            "(sample again)",
        ),
    ],
)
def test_a_rejection_quotes_only_the_start_of_a_long_text(layout, change, reason, detail):
    tsv, chapter_id = _reviewed(layout, lambda rows: rows[0].update(change))
    result = import_verdicts(layout, [tsv])
    assert [(r["reason"], r["detail"]) for r in result.rejected] == [(reason, f"{tsv}: {detail}")]


def test_a_conflict_quotes_only_the_start_of_a_long_correction(layout):
    huge = "0:0;" * 25_000  # read as 25,000 beads: usable, so it conflicts with the row that says correct
    tsv, chapter_id = _reviewed(
        layout, lambda rows: rows + [dict(rows[0], verdict="misaligned", correction=huge)]
    )
    with pytest.raises(ValueError) as err:
        import_verdicts(layout, [tsv])
    shown = f"misaligned {huge}"[:60]
    assert str(err.value) == (
        f"conflicting verdicts on {chapter_id}/0: {tsv} line 2 (correct) and {tsv} line 8 "
        f"({shown}… (100011 characters))"
    )


def _label_studio_export(layout, tmp_path, choices: list[str], order: list[int]) -> tuple[str, Path]:
    """A Label Studio export of a sampled chapter's first beads, judged ``choices``, listed in ``order``."""
    folder, (chapter_id,) = sample_review(layout, 1, seed=3)
    tasks = json.loads((folder / f"{chapter_id}.tasks.json").read_text(encoding="utf-8"))
    for task, choice in zip(tasks, choices):
        task["annotations"] = [
            {
                "completed_by": 7,
                "result": [{"from_name": "verdict", "type": "choices", "value": {"choices": [choice]}}],
            }
        ]
    export = tmp_path / "export.json"
    export.write_text(json.dumps([tasks[n] for n in order]), encoding="utf-8")
    return chapter_id, export


def test_a_label_studio_task_listed_twice_is_counted_once(layout, tmp_path):
    chapter_id, export = _label_studio_export(layout, tmp_path, ["correct", "misaligned"], [0, 1, 0])
    result = import_verdicts(layout, [export])
    assert (result.verdicts, result.repeated, result.rejected) == (2, 1, [])
    assert [(r["beads"], r["correct"]) for r in result.accuracy] == [(2, 1), (2, 1)]


def test_a_label_studio_task_listed_twice_with_two_verdicts_is_an_error_naming_both(layout, tmp_path):
    chapter_id, export = _label_studio_export(layout, tmp_path, ["correct", "misaligned"], [0, 1, 0])
    tasks = json.loads(export.read_text(encoding="utf-8"))
    tasks[2] = json.loads(json.dumps(tasks[2]))
    tasks[2]["annotations"][0]["result"][0]["value"]["choices"] = ["wrong"]
    export.write_text(json.dumps(tasks), encoding="utf-8")
    with pytest.raises(ValueError) as err:
        import_verdicts(layout, [export])
    assert str(err.value) == (
        f"conflicting verdicts on {chapter_id}/0: {export} task 1 (correct) and {export} task 3 (wrong)"
    )
    assert not verdicts_path(layout).exists()


def test_samples_of_one_seed_from_two_splits_go_to_two_folders(layout):
    """Neither overwrites the other's sample.json nor adds its review files to the other's folder."""
    whole, _ = sample_review(layout, 1, seed=1)
    test, test_drawn = sample_review(layout, 1, seed=1, split=("test", {"book0/1"}))
    valid, valid_drawn = sample_review(layout, 1, seed=1, split=("valid", {"book1/2"}))
    assert [whole, test, valid] == [layout.qc_dir() / f"sample-1{s}" for s in ("", "-test", "-valid")]
    assert (test_drawn, valid_drawn) == (["book0/1"], ["book1/2"])
    assert read_json(test / "sample.json") == {"seed": 1, "chapters": ["book0/1"]}
    assert sorted(p.relative_to(valid).as_posix() for p in valid.rglob("*.tsv")) == ["book1/2.tsv"]


def test_a_sample_with_no_chapter_left_to_draw_writes_nothing(layout, monkeypatch):
    import qc.run

    every = {cid: [] for book in ("book0", "book1", "book2") for cid in (f"{book}/{n}" for n in range(1, 9))}
    monkeypatch.setattr(qc.run, "corrected_books", lambda layout: ["book0"])
    monkeypatch.setattr(qc.run, "read_corrections", lambda layout, book: every)  # each chapter corrected
    assert sample_review(layout, 3, seed=1) == (layout.qc_dir() / "sample-1", [])
    assert not layout.qc_dir().exists()
