"""Atomic folder writes: what a killed export leaves is swept by the next build."""

from __future__ import annotations

import os
import signal

import pytest

from core import storage
from exports import files


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


@pytest.mark.parametrize("point", ["while filling", "between the two renames"])
def test_what_a_killed_export_leaves_is_swept(tmp_path, point):
    target = tmp_path / "export" / "doc"
    target.mkdir(parents=True)
    (target / "old.txt").write_text("old")

    def body() -> None:
        if point == "between the two renames":
            replace = os.replace

            def replace_then_die(src, dst):
                replace(src, dst)
                os.kill(os.getpid(), signal.SIGKILL)

            os.replace = replace_then_die
        with files.staged_dir(target) as folder:
            (folder / "new.txt").write_text("half")
            if point == "while filling":
                os.kill(os.getpid(), signal.SIGKILL)

    _killed_in(body)
    left = sorted(p.name for p in target.parent.iterdir() if p.name != "doc")
    assert left, "the killed writer left its folder"
    assert sorted(p.name for p in storage.sweep_temporaries(tmp_path)) == left
    assert [p.name for p in target.parent.iterdir() if p.name != "doc"] == []
