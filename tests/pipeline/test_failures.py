"""Failure records of one run: written by the task, collected (and removed) once by the command."""

from __future__ import annotations

import json

from pipeline.failures import collect, failure_lines, record


def test_a_record_is_one_json_file_per_task_and_unit(tmp_path):
    record(tmp_path, "AlignBook", "bk", "bk", "run-1", "ValueError: bad")
    path = tmp_path / "_failures" / "AlignBook-bk.json"
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "run_id": "run-1", "book_id": "bk", "task": "AlignBook", "message": "ValueError: bad",
    }  # fmt: skip


def test_collect_takes_only_this_runs_records_and_removes_them(tmp_path):
    record(tmp_path, "AlignBook", "bk", "bk", "run-1", "first")
    record(tmp_path, "MineBook", "bk", "bk", "run-1", "second")
    record(tmp_path, "CleanBook", "other", "other", "run-0", "old run")
    (tmp_path / "_failures" / "Torn-x.json").write_text('{"run_id": "ru', encoding="utf-8")
    (tmp_path / "_failures" / "Other-x.json").write_text("[]", encoding="utf-8")  # JSON, but no record
    assert collect(tmp_path, "run-1") == {"bk": ["AlignBook: first", "MineBook: second"]}
    assert sorted(p.name for p in (tmp_path / "_failures").iterdir()) == [
        "CleanBook-other.json",
        "Other-x.json",
        "Torn-x.json",
    ]
    assert collect(tmp_path, "run-1") == {}


def test_collect_without_a_failures_folder_is_empty(tmp_path):
    assert collect(tmp_path, "run-1") == {}


def test_one_line_per_failed_book_in_book_order():
    assert failure_lines({"zz": ["A: x"], "bk": ["A: y", "B: z"]}) == [
        "FAILED bk: A: y; B: z",
        "FAILED zz: A: x",
    ]
    assert failure_lines({}) == []
