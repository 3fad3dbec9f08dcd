"""kill -9 at several points of `python -m pipeline corpus`, then rerun: the output equals an uninterrupted build."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from core.paths import REPO_ROOT
from tests.helpers import demo_build, output_of, run_cli, table_snapshot, target, write_config

pytestmark = pytest.mark.slow
BOOK = "sword-sect"


def _journal_has_lines(n: int) -> Callable[[Path], bool]:
    def check(out: Path) -> bool:
        journal = out / "crawl" / "zh" / f"{BOOK}.jsonl"
        # bytes: the crawl appends as this reads, and a read may end inside a character (a UnicodeDecodeError)
        return journal.exists() and journal.read_bytes().count(b"\n") >= n

    return check


def _exists(relative: str) -> Callable[[Path], bool]:
    return lambda out: (out / relative).exists()


KILL_POINTS = {
    "mid-crawl": _journal_has_lines(4),
    "after-clean": _exists(f"clean/{BOOK}.parquet"),
    "after-align": _exists(f"aligned/{BOOK}.parquet"),
}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> dict:
    return table_snapshot(demo_build(tmp_path_factory, [BOOK]))


def _kill_when(config: Path, ready: Callable[[Path], bool], limit: float = 300) -> None:
    out = output_of(config)
    process = subprocess.Popen(
        [sys.executable, "-m", "pipeline", "corpus", *target(config)],
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + limit
    while not ready(out):
        assert process.poll() is None, "the build finished before the kill point"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.killpg(process.pid, signal.SIGKILL)  # the build, its crawl subprocess and the site server
    process.wait()


@pytest.mark.parametrize("point", list(KILL_POINTS))
def test_kill_then_rerun_gives_the_uninterrupted_output(tmp_path, reference, point):
    config = write_config(tmp_path, books=[BOOK])
    _kill_when(config, KILL_POINTS[point])
    result = run_cli("corpus", *target(config))
    assert result.returncode == 0, result.stderr
    out = output_of(config)
    assert table_snapshot(out) == reference
    assert not [p for p in out.rglob("*.tmp")], "the rerun swept what the killed run left half-written"
