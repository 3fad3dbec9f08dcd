import json
import os
import subprocess

from core import storage
from core.digest_cache import DigestCache


def _old_file(path, text):
    path.write_text(text)
    os.utime(path, (1_000_000_000, 1_000_000_000))  # modified long ago: no racy edit
    return path


def test_a_saved_digest_is_read_back_by_another_process_until_the_file_changes(tmp_path):
    module, calls = _old_file(tmp_path / "m.py", "x = 1\n"), []

    def compute(data):
        calls.append(data)
        return data.decode().strip()

    first = DigestCache(tmp_path / "cache.json", "s1")
    assert first.digest(module, compute) == "x = 1"
    first.save()
    second = DigestCache(tmp_path / "cache.json", "s1")
    assert second.digest(module, compute) == "x = 1" and calls == [b"x = 1\n"]
    assert DigestCache(tmp_path / "cache.json", "s2").entries == {}  # saved by another computation
    _old_file(module, "x = 2\n")  # the same size and times, but a new inode change time
    assert second.digest(module, compute) == "x = 2"


def test_a_file_modified_just_now_is_not_cached(tmp_path):
    """An edit in the clock tick of its digest keeps the file's times: that digest would be stale."""
    (tmp_path / "m.py").write_text("x = 1\n")
    cache = DigestCache(tmp_path / "cache.json", "s1")
    cache.digest(tmp_path / "m.py", bytes.hex)
    cache.save()
    assert not (tmp_path / "cache.json").exists()


def test_a_damaged_cache_or_a_deleted_file_is_dropped(tmp_path):
    (tmp_path / "cache.json").write_text('{"scheme": "s1", "files": {"a": [1, 2, 3, 4, 5]}}')
    assert DigestCache(tmp_path / "cache.json", "s1").entries == {}  # a digest that is no text
    (tmp_path / "cache.json").write_text("{not json")
    cache = DigestCache(tmp_path / "cache.json", "s1")
    cache.digest(_old_file(tmp_path / "kept.py", ""), bytes.hex)
    cache.digest(_old_file(tmp_path / "gone.py", ""), bytes.hex)
    (tmp_path / "gone.py").unlink()
    cache.save()
    assert list(json.loads((tmp_path / "cache.json").read_text())["files"]) == [str(tmp_path / "kept.py")]


def test_a_named_pipe_in_place_of_the_cache_is_read_as_empty_and_replaced(tmp_path):
    os.mkfifo(tmp_path / "cache.json")  # reading it would wait for a writer for ever
    cache = DigestCache(tmp_path / "cache.json", "s1")
    assert cache.entries == {}
    cache.digest(_old_file(tmp_path / "m.py", ""), bytes.hex)
    cache.save()
    assert list(json.loads((tmp_path / "cache.json").read_text())["files"]) == [str(tmp_path / "m.py")]


def test_a_save_removes_the_temporary_a_killed_writer_left_beside_the_cache(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".cache.json.{storage._HOST}.{dead.pid}.tmp"  # a save killed before its rename
    stale.write_text('{"scheme": "s1", "fi')
    cache = DigestCache(tmp_path / "cache.json", "s1")
    cache.digest(_old_file(tmp_path / "m.py", ""), bytes.hex)
    cache.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache.json", "m.py"]
