"""The export stage: the export folder is replaced whole, the formats it does not write kept."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from core import storage
from exports import stage
from exports.splits import SplitConfig
from tests.exports.synthetic import build_output


def _files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize("killed_in", ["parquet", "text"])
def test_an_export_killed_midway_leaves_the_old_export_whole(tmp_path, monkeypatch, killed_in):
    """Killed while writing its first or its second format, an export of another split leaves the old
    export as it was (it left the new split plan beside the old formats, or one new format and one old)."""
    layout = build_output(tmp_path / "output", books=4, chapters=6)
    stage.export_corpus(layout, ["parquet", "text"])
    before = _files(layout.export_dir())
    writer = stage.FORMATS[killed_in]

    def killed(docs, folder):
        writer(docs, folder)
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setitem(stage.FORMATS, killed_in, killed)
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child, killed)
        stage.export_corpus(layout, ["parquet", "text"], SplitConfig(held_out_books=1, seed=7))
    os.waitpid(pid, 0)
    storage.sweep_temporaries(layout.root)
    assert _files(layout.export_dir()) == before
    assert sorted(p.name for p in layout.root.iterdir() if p.name.startswith(".")) == []


def test_an_export_keeps_the_formats_it_does_not_write_as_they_were(tmp_path):
    layout = build_output(tmp_path / "output")
    stage.export_corpus(layout, ["parquet", "text"])
    kept = layout.export_dir() / "parquet"
    before = {p: p.stat().st_mtime_ns for p in kept.rglob("*") if p.is_file()}
    stage.export_corpus(layout, ["text"], SplitConfig(seed=7))
    assert {p: p.stat().st_mtime_ns for p in kept.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in layout.export_dir().iterdir()) == [
        "parquet",
        "splits.json",
        "summary.json",
        "text",
    ]


def test_the_summary_keeps_the_counts_of_the_formats_an_export_keeps(tmp_path):
    """An export of other formats dropped the kept ones' counts from ``summary.json`` (their folders kept)."""
    layout = build_output(tmp_path / "output")
    first = stage.export_corpus(layout, ["parquet", "text"])
    second = stage.export_corpus(layout, ["text"])
    assert second["formats"] == first["formats"]
    assert json.loads((layout.export_dir() / "summary.json").read_text(encoding="utf-8")) == second
    (layout.export_dir() / "summary.json").write_text("torn", encoding="utf-8")
    assert list(stage.export_corpus(layout, ["text"])["formats"]) == ["text"]


def test_an_export_folder_that_is_a_link_stays_one(tmp_path):
    layout = build_output(tmp_path / "output")
    elsewhere = tmp_path / "shared-export"
    elsewhere.mkdir()
    layout.export_dir().symlink_to(elsewhere)
    stage.export_corpus(layout, ["text"])
    assert layout.export_dir().is_symlink()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["splits.json", "summary.json", "text"]
