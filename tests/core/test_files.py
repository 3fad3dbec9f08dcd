import os
from pathlib import Path

import pytest

from core.files import (
    TooLarge,
    absent,
    folder_entries,
    missing,
    naming,
    not_a_regular_file,
    os_problem,
    path_text,
    read_capped,
)
from tests.helpers import sparse, unlistable


def test_a_folder_a_named_pipe_or_a_device_is_not_a_regular_file_a_path_not_there_is_none(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "to-file").symlink_to(tmp_path / "file")
    (tmp_path / "to-pipe").symlink_to(tmp_path / "pipe")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    names = ["file", "folder", "pipe", "to-file", "to-pipe", "loop", "absent", "file/below"]
    assert {name: not_a_regular_file(tmp_path / name) for name in names} == {
        "file": False,
        "folder": True,
        "pipe": True,
        "to-file": False,
        "to-pipe": True,  # symbolic links followed
        "loop": False,  # cannot be looked at: opening it names the loop
        "absent": False,
        "file/below": False,
    }
    assert not_a_regular_file(Path("/dev/null"))


def test_missing_says_a_link_loops_or_points_nowhere(tmp_path):
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "moved").symlink_to(tmp_path / "elsewhere")
    assert [missing(tmp_path / name) for name in ("loop", "moved", "absent")] == [
        "a symbolic link that loops",
        f"a symbolic link to {tmp_path / 'elsewhere'}, which is not there",
        "no such file or folder",
    ]
    assert missing(tmp_path / "absent", "folder") == "no such folder"


def test_absent_only_where_nothing_is_not_where_a_file_blocks_the_folder_or_a_link_loops(tmp_path):
    (tmp_path / "there").write_text("x")
    (tmp_path / "loop").symlink_to("loop")
    assert absent(tmp_path / "gone") is True
    assert absent(tmp_path / "gone" / "x.parquet") is True
    assert absent(tmp_path / "there") is False
    assert absent(tmp_path / "there" / "x.parquet") is False  # a file where the folder goes
    assert absent(tmp_path / "loop" / "x.parquet") is False


def test_a_file_past_the_cap_is_refused_unread_and_one_within_it_is_read_whole(tmp_path):
    """Read whole, a sparse 50 GB file ended in a MemoryError traceback (qc import, evaluate-mt, the suite)."""
    with pytest.raises(TooLarge) as err:
        read_capped(sparse(tmp_path / "huge.txt"))
    assert (
        str(err.value)
        == f"{tmp_path / 'huge.txt'}: more than 268,435,456 bytes, too large a file to read at once"
    )
    (tmp_path / "five").write_bytes(b"12345")
    assert read_capped(tmp_path / "five", limit=5) == b"12345"
    with pytest.raises(TooLarge):
        read_capped(tmp_path / "five", limit=4)


def test_path_text_reads_a_path_s_bytes_as_utf8_whatever_python_decoded_them_as():
    latin1 = "/data/caf" + b"\xe9".decode("utf-8", "surrogateescape")  # a name in Latin-1
    in_c_locale = "/data/" + "中".encode().decode("ascii", "surrogateescape")  # UTF-8 read as ASCII
    assert [path_text(Path(latin1)), path_text(in_c_locale), path_text("/data/é")] == [
        "/data/caf\ufffd",
        "/data/中",
        "/data/é",
    ]


def test_os_problem_is_the_strerror_or_the_whole_text_of_an_error_without_one():
    assert os_problem(PermissionError(13, "Permission denied", "/x/y")) == "Permission denied"
    assert os_problem(OSError("no luigid")) == "no luigid"
    assert os_problem(OSError(5, "", "/x")) == "[Errno 5] : '/x'"


def test_folder_entries_names_a_folder_that_cannot_be_listed(tmp_path, monkeypatch):
    """``Path.glob`` and ``rglob`` skip a folder they cannot list without a word."""
    (tmp_path / "a" / "locked").mkdir(parents=True)
    (tmp_path / "a" / "1.tsv").write_text("x", encoding="utf-8")
    (tmp_path / "a" / "locked" / "2.tsv").write_text("x", encoding="utf-8")
    (tmp_path / "a" / "link").symlink_to(tmp_path / "a" / "locked")  # not followed
    assert folder_entries(tmp_path / "a") == [tmp_path / "a" / n for n in ("1.tsv", "link", "locked")]
    assert folder_entries(tmp_path / "a", recursive=True) == [
        *(tmp_path / "a" / n for n in ("1.tsv", "link", "locked")),
        tmp_path / "a" / "locked" / "2.tsv",
    ]
    unlistable(monkeypatch, tmp_path / "a" / "locked")
    assert sorted(p.name for p in (tmp_path / "a").rglob("*")) == ["1.tsv", "link", "locked"]  # the loss
    for folder, recursive in ((tmp_path / "a" / "locked", False), (tmp_path / "a", True)):
        with pytest.raises(PermissionError) as err:
            folder_entries(folder, recursive)
        assert err.value.filename == str(tmp_path / "a" / "locked")


def test_naming_names_the_path_an_oserror_names_no_file_of_and_keeps_one_that_does(tmp_path):
    with pytest.raises(OSError) as err, naming(tmp_path / "out.txt"):
        raise OSError(27, "File too large")
    assert (err.value.errno, err.value.strerror, err.value.filename) == (
        27,
        "File too large",
        str(tmp_path / "out.txt"),
    )
    with pytest.raises(FileNotFoundError) as err, naming(tmp_path / "out.txt"):
        (tmp_path / "gone" / "x").read_text()
    assert err.value.filename == str(tmp_path / "gone" / "x")
