import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from core import storage
from core.schemas import TABLES
from tests.helpers import HANG, file_size_limit

ROW = {
    "stage": "filter",
    "item_id": "b/1",
    "book_id": "b",
    "lang": "",
    "reason": "too_few_sentences",
    "detail": "zh 3 < 5",
}


def test_round_trip_and_metadata(tmp_path):
    path = tmp_path / "deep" / "rejected.parquet"
    storage.write_table([ROW], "rejected", path)
    assert storage.read_rows(path, "rejected") == [ROW]
    assert list(tmp_path.joinpath("deep").iterdir()) == [path]  # no temporary file left behind


def test_a_table_in_a_folder_whose_name_is_not_utf8_is_read(tmp_path):
    folder = tmp_path / b"latin-1-\xe9".decode("utf-8", "surrogateescape")  # as os.listdir names it
    path = folder / "rejected.parquet"
    storage.write_table([ROW], "rejected", path)
    assert storage.read_rows(path, "rejected") == [ROW]  # Arrow's UnicodeEncodeError before


def test_missing_field_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="rejected: a row has no field 'detail'"):
        storage.write_table(
            [{k: v for k, v in ROW.items() if k != "detail"}], "rejected", tmp_path / "x.parquet"
        )


def test_reading_with_the_wrong_schema_is_an_error(tmp_path):
    path = tmp_path / "r.parquet"
    storage.write_table([ROW], "rejected", path)
    with pytest.raises(storage.DamagedFile, match="does not match the 'books' schema"):
        storage.read_table(path, "books")


def test_reading_a_truncated_file_names_it(tmp_path):
    path = tmp_path / "r.parquet"
    storage.write_table([ROW], "rejected", path)
    path.write_bytes(path.read_bytes()[:40])
    with pytest.raises(storage.DamagedFile, match=f"^{path}: not a readable Parquet file"):
        storage.read_table(path, "rejected")


def test_text_that_is_not_utf8_in_a_table_is_a_damaged_file(tmp_path):
    """A byte flipped in a string's data (a bad disk or copy) was read without a word, and its rows were a
    UnicodeDecodeError traceback."""
    path = tmp_path / "r.parquet"
    pq.write_table(pa.Table.from_pylist([ROW], schema=TABLES["rejected"]), path, compression="none")
    path.write_bytes(path.read_bytes().replace(b"too_few_sentences", b"too_few_sentenc\xff\xfe"))
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_rows(path, "rejected")
    assert str(err.value).startswith(f"{path}: not a readable Parquet file (")
    assert "UTF8" in str(err.value)


def test_a_folder_in_place_of_a_table_and_torn_json_are_damaged_files(tmp_path):
    (tmp_path / "r.parquet").mkdir()
    with pytest.raises(storage.DamagedFile, match=f"^{tmp_path}/r.parquet: not a readable Parquet file"):
        storage.read_table(tmp_path / "r.parquet", "rejected")
    storage.write_json({"pairing": {}}, tmp_path / "s.json")
    (tmp_path / "s.json").write_text('{"pairing"', encoding="utf-8")
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(tmp_path / "s.json")
    assert str(err.value) == (
        f"{tmp_path}/s.json: not readable JSON (Expecting ':' delimiter: line 1 column 11 (char 10))"
    )


def test_json_nested_too_deeply_is_a_damaged_file(tmp_path):
    """A manifest or ``_adopted.json`` overwritten with 100,000 nested lists: a RecursionError traceback from
    status, corpus, stats and inspect; now a damaged file (a manifest's task runs again)."""
    (tmp_path / "s.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(tmp_path / "s.json")
    assert str(err.value) == f"{tmp_path}/s.json: not readable JSON (nested too deeply)"


def test_a_folder_in_place_of_json_is_a_damaged_file_and_a_missing_one_stays_missing(tmp_path):
    (tmp_path / "s.json").mkdir()
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(tmp_path / "s.json")
    assert str(err.value) == f"{tmp_path}/s.json: a folder, not a JSON file"
    with pytest.raises(FileNotFoundError):
        storage.read_json(tmp_path / "missing.json")


def test_a_named_pipe_in_place_of_a_table_or_json_is_a_damaged_file_not_a_wait_for_ever(tmp_path):
    """``pipeline stats`` waited for a writer for ever, deaf to SIGTERM, inside Arrow's open."""
    import os

    for name in ("r.parquet", "s.json"):
        os.mkfifo(tmp_path / name)
    for read in (
        lambda: storage.read_rows(tmp_path / "r.parquet", "rejected"),
        lambda: storage.read_json(tmp_path / "s.json"),
    ):
        with pytest.raises(storage.DamagedFile) as err:
            read()
        assert str(err.value).endswith(": a named pipe or a device, not a file")


def test_failed_write_keeps_the_previous_file(tmp_path):
    path = tmp_path / "r.parquet"
    storage.write_table([ROW], "rejected", path)
    with pytest.raises(ValueError, match="rejected.lang: Expected bytes, got a 'int' object"):
        storage.write_table([{**ROW, "lang": 3}], "rejected", path)
    assert storage.read_rows(path, "rejected") == [ROW]
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]


def test_a_folder_in_place_of_a_written_file_is_named_not_the_temporary(tmp_path):
    (tmp_path / "s.json").mkdir()
    with pytest.raises(IsADirectoryError) as err:
        storage.write_json({}, tmp_path / "s.json")
    assert (err.value.filename, err.value.strerror) == (str(tmp_path / "s.json"), "Is a directory")
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


def test_a_write_cut_short_by_a_full_disk_names_the_file_and_keeps_the_previous_one(tmp_path):
    """A full disk (here the file size limit, which fails a write the same way) failed a task with
    "[Errno 27] File too large" naming no file."""
    import errno

    path = tmp_path / "r.parquet"
    storage.write_table([ROW], "rejected", path)
    before = path.read_bytes()
    rows = [{**ROW, "item_id": f"b/{n}", "detail": f"{n:x}" * 40} for n in range(2000)]
    with file_size_limit(4096), pytest.raises(OSError) as err:
        storage.write_table(rows, "rejected", path)
    assert (err.value.errno, err.value.filename) == (errno.EFBIG, str(path))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]


def test_read_many_concatenates_and_handles_none(tmp_path):
    for i in range(2):
        storage.write_table([{**ROW, "item_id": f"b/{i}"}], "rejected", tmp_path / f"{i}.parquet")
    both = storage.read_many(sorted(tmp_path.glob("*.parquet")), "rejected")
    assert both.column("item_id").to_pylist() == ["b/0", "b/1"]
    assert storage.read_many([], "rejected").num_rows == 0


def test_read_many_reads_only_the_columns_asked_and_checks_the_schema_first(tmp_path):
    storage.write_table([ROW], "rejected", tmp_path / "0.parquet")
    assert storage.read_many([tmp_path / "0.parquet"], "rejected", ["stage", "reason"]).to_pylist() == [
        {"stage": "filter", "reason": "too_few_sentences"}
    ]
    assert storage.read_many([], "rejected", ["reason"]).column_names == ["reason"]
    (tmp_path / "1.parquet").mkdir()
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_many(sorted(tmp_path.glob("*.parquet")), "rejected", ["reason"])
    assert err.value.path == tmp_path / "1.parquet"
    with pytest.raises(storage.DamagedFile, match="does not match the 'books' schema"):
        storage.read_many([tmp_path / "0.parquet"], "books", ["book_id"])


def test_a_recording_names_every_table_read_written_or_asked_for_inside_it_each_nested_one_too(tmp_path):
    path = tmp_path / "rejected.parquet"
    with storage.recording_tables() as outer:
        storage.write_table([ROW], "rejected", path)
        with storage.recording_tables() as inner:
            storage.read_rows(path, "rejected")
            storage.read_many([], "chapters")
            with pytest.raises(storage.DamagedFile):
                storage.read_table(tmp_path / "none.parquet", "aligned_pairs")
        assert storage.columns("books")[0] == "book_id"
    storage.read_rows(path, "rejected")
    storage.write_json({}, tmp_path / "a.json")
    assert inner == {"rejected", "chapters", "aligned_pairs"}
    assert outer == {"rejected", "chapters", "aligned_pairs", "books"}


def test_a_schema_digest_changes_with_its_table_alone(monkeypatch):
    before = {table: storage.schema_digest(table) for table in ("books", "chapters", "gone")}
    monkeypatch.setitem(TABLES, "books", TABLES["books"].append(pa.field("added", pa.string())))
    monkeypatch.delitem(TABLES, "chapters")
    after = {table: storage.schema_digest(table) for table in ("books", "chapters", "gone")}
    assert [table for table in before if before[table] != after[table]] == ["books", "chapters"]
    assert after["chapters"] == after["gone"]  # a table no longer declared
    monkeypatch.undo()
    assert {table: storage.schema_digest(table) for table in before} == before


def test_json_is_atomic_and_stable(tmp_path):
    storage.write_json({"b": 1, "a": "漢"}, tmp_path / "s.json")
    assert (tmp_path / "s.json").read_text(encoding="utf-8") == '{\n  "a": "漢",\n  "b": 1\n}\n'
    assert storage.read_json(tmp_path / "s.json") == {"a": "漢", "b": 1}


def test_identical_content_is_not_rewritten_and_the_fingerprint_is_stable(tmp_path):
    path = tmp_path / "r.parquet"
    first = storage.write_table([ROW], "rejected", path)
    mtime = path.stat().st_mtime_ns
    assert storage.write_table([ROW], "rejected", path) == first
    assert path.stat().st_mtime_ns == mtime
    assert storage.file_sha256(path) == first
    assert storage.write_table([{**ROW, "detail": "zh 4 < 5"}], "rejected", path) != first


def test_sweep_removes_only_temporaries_of_dead_processes_of_this_host(tmp_path):
    import os
    import subprocess

    dead = subprocess.Popen(["true"])
    dead.wait()
    host = storage._HOST
    stale = tmp_path / "a" / f".x.parquet.{host}.{dead.pid}.tmp"
    live = tmp_path / f".y.parquet.{host}.{os.getpid()}.tmp"
    other_host = tmp_path / f".z.parquet.elsewhere.{dead.pid}.tmp"
    for path in (stale, live, other_host):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"half")
    assert storage.sweep_temporaries(tmp_path) == [stale]
    assert not stale.exists() and live.exists() and other_host.exists()


def test_sweep_removes_a_dead_writers_temporary_whose_pid_another_process_took(tmp_path):
    """After a crash the pid of a killed build may be another process's: its temporaries were never swept
    while that process ran. A temporary names its writer's start time too, and another start is another
    process."""
    import os

    mine = storage.temporary_path(tmp_path / "x.parquet")
    started = Path(f"/proc/{os.getpid()}/stat").read_text().rpartition(")")[2].split()[19]
    assert mine.name == f".x.parquet.{storage._HOST}.{os.getpid()}-{started}.tmp"
    reused = tmp_path / f".y.parquet.{storage._HOST}.{os.getpid()}-{int(started) - 1}.tmp"
    before_start_times = tmp_path / f".z.parquet.{storage._HOST}.{os.getpid()}.tmp"  # the pid alone decides
    for path in (mine, reused, before_start_times):
        path.write_bytes(b"half")
    assert storage.sweep_temporaries(tmp_path) == [reused]
    assert mine.exists() and before_start_times.exists()


def test_sweep_removes_the_temporaries_of_a_killed_process_not_yet_reaped(tmp_path):
    """``kill -9`` of a build with ``--workers 2``: its task processes stay zombies until init reaps them, and
    the rerun, started at once, left their crawl folders (``.crawl-BOOK.HOST.PID.tmp``) behind."""
    import subprocess
    import time

    killed = subprocess.Popen(["true"])  # ended, not waited for: a zombie
    deadline = time.monotonic() + HANG
    while Path(f"/proc/{killed.pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z":
        assert time.monotonic() < deadline
        time.sleep(0.01)
    left = tmp_path / f".crawl-b.{storage._HOST}.{killed.pid}.tmp"
    left.mkdir()
    try:
        assert storage.sweep_temporaries(tmp_path) == [left]
    finally:
        killed.wait()


def test_sweep_beside_removes_only_the_dead_temporaries_of_one_file(tmp_path):
    import os
    import subprocess

    dead = subprocess.Popen(["true"])
    dead.wait()
    host = storage._HOST
    target = tmp_path / "suite[1].jsonl"
    stale = tmp_path / f".suite[1].jsonl.{host}.{dead.pid}.tmp"
    tagged = tmp_path / f".suite[1].jsonl.old.{host}.{dead.pid}.tmp"
    live = tmp_path / f".suite[1].jsonl.{host}.{os.getpid()}.tmp"
    another = tmp_path / f".tasks.json.{host}.{dead.pid}.tmp"
    other_host = tmp_path / f".suite[1].jsonl.elsewhere.{dead.pid}.tmp"
    for path in (stale, tagged, live, another, other_host):
        path.write_bytes(b"half")
    assert storage.sweep_beside(target) == sorted([stale, tagged])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (live, another, other_host))


def test_a_temporary_folder_is_removed_after_use_and_swept_after_a_kill(tmp_path):
    import subprocess

    with storage.temporary_folder(tmp_path / "crawl", "crawl-bk") as folder:
        (folder / "job.json").write_text("{}")
        assert folder.parent == tmp_path / "crawl" and folder.name.startswith(".crawl-bk.")
    assert list((tmp_path / "crawl").iterdir()) == []
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / "crawl" / f".crawl-bk.{storage._HOST}.{dead.pid}.tmp"
    (stale / "sub").mkdir(parents=True)
    (stale / "sub" / "report.json").write_text("{}")
    assert storage.sweep_temporaries(tmp_path) == [stale]
    assert not stale.exists()


@pytest.mark.parametrize("text", ["[]\n", "null\n", '"x"\n', "3\n"])
def test_json_of_another_kind_than_asked_is_a_damaged_file(tmp_path, text):
    path = tmp_path / "stats.json"
    path.write_text(text, encoding="utf-8")
    assert storage.read_json(path) == json.loads(text)
    with pytest.raises(storage.DamagedFile) as error:
        storage.read_json(path, dict)
    assert str(error.value) == f"{path}: not a JSON object ({text.strip()} found)"


def test_a_table_without_read_permission_is_no_damaged_file(tmp_path, monkeypatch):
    """'damaged output: ...: not a readable Parquet file (... Permission denied); run the build again to
    rebuild it', which no build does: the error names the file and the permission."""
    import errno

    path = tmp_path / "t.parquet"
    storage.write_table([], "rejected", path)

    def refused(*_args, **_kwargs):
        raise PermissionError(errno.EACCES, f"Failed to open local file '{path}'. Detail: [errno 13] ...")

    monkeypatch.setattr(storage.pq, "ParquetFile", refused)
    with pytest.raises(PermissionError) as err:
        storage.read_table(path, "rejected")
    assert (err.value.filename, err.value.strerror) == (str(path), "Permission denied")
