"""Atomic folder writes: what a killed export leaves is swept by the next build."""

from __future__ import annotations

import errno
import os
import signal

import pytest

from core import storage
from exports import files
from tests.helpers import file_size_limit


def _killed_in(body) -> None:
    """Run ``body`` in a forked child that is killed with SIGKILL at its end, as a killed export is."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            body()
        finally:
            os.kill(os.getpid(), signal.SIGKILL)
    os.waitpid(pid, 0)


def test_staged_dir_replaces_the_folder_and_leaves_nothing_beside_it(tmp_path):
    target = tmp_path / "export" / "doc"
    target.mkdir(parents=True)
    (target / "old.txt").write_text("old")
    with files.staged_dir(target) as folder:
        (folder / "new.txt").write_text("new")
    assert sorted(p.name for p in target.iterdir()) == ["new.txt"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["doc"]


@pytest.mark.parametrize("point", ["while filling", "before removing the old folder"])
def test_what_a_killed_export_leaves_is_swept(tmp_path, point):
    target = tmp_path / "export" / "doc"
    target.mkdir(parents=True)
    (target / "old.txt").write_text("old")

    def body() -> None:
        if point == "before removing the old folder":
            rmtree = files.shutil.rmtree

            def die_at_the_old(path, **kwargs):  # the new folder is in place by then
                if (path / "old.txt").exists():
                    os.kill(os.getpid(), signal.SIGKILL)
                rmtree(path, **kwargs)

            files.shutil.rmtree = die_at_the_old
        with files.staged_dir(target) as folder:
            (folder / "new.txt").write_text("half" if point == "while filling" else "new")
            if point == "while filling":
                os.kill(os.getpid(), signal.SIGKILL)

    _killed_in(body)
    left = sorted(p.name for p in target.parent.iterdir() if p.name != "doc")
    assert left, "the killed writer left its folder"
    assert sorted(p.name for p in storage.sweep_temporaries(tmp_path)) == left
    assert [p.name for p in target.parent.iterdir() if p.name != "doc"] == []
    expected = "old.txt" if point == "while filling" else "new.txt"
    assert [p.name for p in target.iterdir()] == [expected]


def test_a_killed_export_never_leaves_the_folder_missing(tmp_path):
    """Killed right after its first rename, an export leaves the old folder or the new one, never none
    (the old folder was moved aside, then the kill came before the new one took its place)."""
    target = tmp_path / "export" / "doc"
    target.mkdir(parents=True)
    (target / "old.txt").write_text("old")

    def body() -> None:
        replace = os.replace

        def replace_then_die(src, dst):
            replace(src, dst)
            os.kill(os.getpid(), signal.SIGKILL)

        os.replace = replace_then_die
        with files.staged_dir(target) as folder:
            (folder / "new.txt").write_text("new")

    _killed_in(body)
    assert [p.read_text() for p in target.iterdir()] == ["new"]


def test_staged_dir_moves_the_old_folder_aside_where_it_cannot_swap(tmp_path, monkeypatch):
    monkeypatch.setattr(files, "exchange", lambda a, b: False)
    target = tmp_path / "doc"
    target.mkdir()
    (target / "old.txt").write_text("old")
    with files.staged_dir(target) as folder:
        (folder / "new.txt").write_text("new")
    assert [p.read_text() for p in target.iterdir()] == ["new"]
    assert [p.name for p in tmp_path.iterdir()] == ["doc"]


def test_exchange_swaps_two_folders(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "in_a").write_text("")
    assert files.exchange(a, b)
    assert [p.name for p in a.iterdir()] == [] and [p.name for p in b.iterdir()] == ["in_a"]


@pytest.mark.parametrize("whole", [False, True])
def test_a_line_file_that_cannot_grow_is_named(tmp_path, whole):
    """A full disk (here ``ulimit -f``) failed the export with "OSError: [Errno 27] File too large", no file named."""
    with pytest.raises(OSError) as err, file_size_limit(4096), files.LineFiles(tmp_path) as out:
        if whole:
            out.write_whole("train.en", ["x" * 100] * 100)
        for _ in range(100):
            out.write("train.zh", "x" * 100)
    assert (err.value.errno, err.value.filename) == (
        errno.EFBIG,
        str(tmp_path / ("train.en" if whole else "train.zh")),
    )


def test_a_linked_folder_stays_a_link_and_the_folder_it_points_to_is_replaced(tmp_path):
    """``report/`` linked to a folder elsewhere: the link was replaced by a folder, and moved aside beside it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "index.html").write_text("old")
    target = tmp_path / "output" / "report"
    target.parent.mkdir()
    target.symlink_to(elsewhere)
    with files.staged_dir(target) as folder:
        (folder / "index.html").write_text("new")
    assert target.is_symlink() and (elsewhere / "index.html").read_text() == "new"
    assert sorted(p.name for p in target.parent.iterdir()) == ["report"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "output"]
