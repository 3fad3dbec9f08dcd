"""Failure records of one run: written by the task, collected (and removed) once by the command."""

from __future__ import annotations

import errno
import json
import os

import pytest

from core.storage import DamagedFile
from pipeline.cli import main
from pipeline.failures import collect, failure_lines, failure_message, record
from tests.helpers import file_size_limit, local_book, local_config, output_of, target


def test_a_record_is_one_json_file_per_task_and_unit(tmp_path):
    record(tmp_path, "AlignBook", "bk", "bk", "run-1", "ValueError: bad")
    path = tmp_path / "_failures" / "AlignBook-bk.json"
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "run_id": "run-1", "book_id": "bk", "task": "AlignBook", "message": "ValueError: bad",
    }  # fmt: skip


def test_a_record_that_cannot_be_written_names_its_file_and_leaves_none(tmp_path):
    """On a full disk the record failed naming no file (the build's last line: "error: stdout or an output
    file: No space left on device") and left an empty record behind."""
    with file_size_limit(0), pytest.raises(OSError) as err:
        record(tmp_path, "AlignBook", "bk", "bk", "run-1", "OSError: [Errno 28] No space left on device")
    assert (err.value.strerror, err.value.filename) == (
        "File too large",
        str(tmp_path / "_failures" / "AlignBook-bk.json"),
    )
    assert list((tmp_path / "_failures").iterdir()) == []


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


@pytest.mark.parametrize("make", ["deep", "pipe"])
def test_collect_passes_over_a_damaged_record_it_cannot_read(tmp_path, make):
    """A record overwritten with JSON nested 100,000 deep ended the build in a RecursionError traceback;
    a named pipe in its place made the build wait for ever at its end."""
    record(tmp_path, "AlignBook", "bk", "bk", "run-1", "first")
    odd = tmp_path / "_failures" / "Odd-x.json"
    odd.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8") if make == "deep" else os.mkfifo(odd)
    assert collect(tmp_path, "run-1") == {"bk": ["AlignBook: first"]}


def test_collect_without_a_failures_folder_is_empty(tmp_path):
    assert collect(tmp_path, "run-1") == {}


def test_one_line_per_failed_book_in_book_order():
    assert failure_lines({"zz": ["A: x"], "bk": ["A: y", "B: z"]}) == [
        "FAILED bk: A: y; B: z",
        "FAILED zz: A: x",
    ]
    assert failure_lines({}) == []


def test_a_message_quoting_a_huge_input_is_cut_to_its_first_thousand_characters():
    path = "books/" + "a" * 100_000
    (line,) = failure_lines({"bk": [f"CrawlBook: not found: {path}", "CleanBook: x"]})
    assert line == f"FAILED bk: CrawlBook: not found: {path[:978]}… (100028 characters); CleanBook: x"


def test_a_site_s_escape_codes_in_a_failure_are_printed_as_escapes():
    url = "http://127.0.0.1/\x1b]0;title\x07\x1b[2J\u202ex"  # sets the window title, clears the screen
    assert failure_lines({"bk": [f"crawl: offsite ({url})"]}) == [
        "FAILED bk: crawl: offsite (http://127.0.0.1/\\x1b]0;title\\x07\\x1b[2J\\u202ex)"
    ]


def test_a_folder_in_place_of_a_file_is_one_line_that_says_remove_that_folder(tmp_path):
    folder = tmp_path / "aligned" / "bk.parquet"
    folder.mkdir(parents=True)
    written = IsADirectoryError(21, "Is a directory", str(folder))
    read = DamagedFile(folder, "not a readable Parquet file (is a directory)")
    assert [failure_message(error) for error in (written, read)] == [
        f"IsADirectoryError: [Errno 21] Is a directory: '{folder}'; "
        "remove that folder, then run the build again to rebuild it",
        f"DamagedFile: {folder}: not a readable Parquet file (is a directory); "
        "remove that folder, then run the build again to rebuild it",
    ]
    folder.rmdir()  # gone by the time the failure is recorded: no advice
    assert failure_message(written) == f"IsADirectoryError: [Errno 21] Is a directory: '{folder}'"
    assert failure_message(ValueError("a bead\nout of range")) == "ValueError: a bead out of range"


@pytest.mark.parametrize(
    ("output", "task"), [("aligned/bk.parquet", "AlignBook"), ("crawl/zh/bk.jsonl", "CrawlBook")]
)
def test_a_build_that_meets_a_folder_in_place_of_an_output_says_remove_that_folder(
    tmp_path, capsys, output, task
):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    folder = output_of(config) / output
    folder.mkdir(parents=True)
    assert main(["corpus", *target(config), "--until", "align", "--workers", "1"]) == 1
    failed = [line for line in capsys.readouterr().err.splitlines() if line.startswith("FAILED ")]
    assert failed == [
        f"FAILED bk: {task}: IsADirectoryError: [Errno 21] Is a directory: '{folder}'; "
        "remove that folder, then run the build again to rebuild it"
    ]


def test_a_build_that_meets_a_named_pipe_in_place_of_a_journal_fails_the_book_not_waits_for_ever(
    tmp_path, capsys
):
    import os

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    journal = output_of(config) / "crawl" / "zh" / "bk.jsonl"
    journal.parent.mkdir(parents=True)
    os.mkfifo(journal)
    assert main(["corpus", *target(config), "--until", "crawl", "--workers", "1"]) == 1
    failed = [line for line in capsys.readouterr().err.splitlines() if line.startswith("FAILED ")]
    assert failed == [
        f"FAILED bk: CrawlBook: DamagedFile: {journal}: a named pipe or a device, not a crawl journal: "
        "remove it, then run the build again"
    ]


def test_a_damaged_hand_made_file_met_by_a_task_says_fix_it_or_remove_it(tmp_path):
    path = tmp_path / "qc" / "accuracy.json"
    error = DamagedFile(path, "not readable JSON (Expecting value: line 1 column 1 (char 0))")
    assert failure_message(error) == (
        f"DamagedFile: {path}: not readable JSON (Expecting value: line 1 column 1 (char 0)); it is hand-made "
        "(qc import writes it from the reviews) and no build rebuilds it: fix it or remove it"
    )


@pytest.mark.parametrize("folder", [False, True])
def test_a_damaged_mt_score_file_met_by_a_task_says_score_again_or_remove_it(tmp_path, folder):
    path = tmp_path / "mt" / "test" / "mysystem.parquet"
    if folder:  # no build writes the file in its place either
        path.mkdir(parents=True)
    error = DamagedFile(path, "not a readable Parquet file (x)")
    assert failure_message(error) == (
        f"DamagedFile: {path}: not a readable Parquet file (x); evaluate-mt writes it and no build rebuilds "
        "it: score that system again (python -m pipeline evaluate-mt) or remove it"
    )


@pytest.mark.parametrize(
    ("file", "error"),
    [
        ("export", lambda root: FileExistsError(17, "File exists", str(root / "export"))),
        (
            "cache",
            lambda root: NotADirectoryError(20, "Not a directory", str(root / "cache" / "cohesion" / "e5")),
        ),
    ],
)
def test_a_file_in_place_of_a_folder_is_named_with_remove_that_file(tmp_path, file, error):
    (tmp_path / file).write_text("junk")
    err = error(tmp_path)
    assert failure_message(err) == (
        f"{type(err).__name__}: [Errno {err.errno}] {err.strerror}: '{err.filename}'; {tmp_path / file} is a "
        "file where a folder goes: remove that file, then run the build again"
    )


@pytest.mark.parametrize("target", ["crawl", "nowhere"])
def test_a_link_that_loops_or_points_to_nothing_in_place_of_a_folder_is_named(tmp_path, target):
    """A build with crawl/zh such a link failed every book with 'FileExistsError: ...: crawl/zh' alone."""
    link = tmp_path / "crawl"
    link.symlink_to(target)
    err = FileExistsError(17, "File exists", str(link / "zh"))
    what = (
        "a symbolic link that loops"
        if target == "crawl"
        else "a symbolic link to nowhere, which is not there"
    )
    assert failure_message(err) == (
        f"FileExistsError: [Errno 17] File exists: '{link / 'zh'}'; {link} is {what}: remove that link, then run "
        "the build again"
    )


def test_a_file_in_place_of_the_failures_folder_is_refused_in_one_line_before_any_task(tmp_path, capsys):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    (output_of(config) / "_failures").parent.mkdir()
    (output_of(config) / "_failures").write_text("x", encoding="utf-8")
    assert main(["corpus", *target(config)]) == 2  # was: a FileExistsError traceback at the first failure
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"{output_of(config) / '_failures'} is a file where a folder goes: remove that file, then run the build again"
    )


def test_a_folder_a_task_may_not_write_in_is_named_not_its_temporary_file(tmp_path):
    """A read-only or immutable export folder failed the export with the raw PermissionError of a temporary
    file the user never sees (``[Errno 1] Operation not permitted: 'OUT/export/.text.vm.1.tmp'``)."""
    temporary = PermissionError(1, "Operation not permitted", str(tmp_path / "export" / ".text.vm.1.tmp"))
    existing = PermissionError(13, "Permission denied", str(tmp_path))
    mounted = OSError(errno.EROFS, "Read-only file system", str(tmp_path / "clean" / ".bk.parquet.vm.1.tmp"))
    assert [failure_message(error) for error in (temporary, existing, mounted)] == [
        f"cannot write in the folder {tmp_path / 'export'}: Operation not permitted: make it writable, "
        "or build into another --output",
        f"cannot write {tmp_path}: Permission denied: make it writable, or build into another --output",
        f"cannot write in the folder {tmp_path / 'clean'}: Read-only file system: make it writable, "
        "or build into another --output",
    ]
