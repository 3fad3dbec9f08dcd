"""Two workers against one luigid on 127.0.0.1 build the same corpus as a single worker, each task once."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from core.paths import REPO_ROOT
from tests.helpers import demo_build, output_of, table_snapshot, target, write_config

pytestmark = pytest.mark.slow
BOOKS = ["sword-sect", "star-system"]
DONE = re.compile(r"^\s+done\s+(\w+)\s+(\S+)", re.MULTILINE)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def luigid(tmp_path):
    port = _free_port()
    state = tmp_path / "luigid"
    state.mkdir()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "luigid"),
            "--address",
            "127.0.0.1",
            "--port",
            str(port),
            "--logdir",
            str(state),
            "--state-path",
            str(state / "state.pickle"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/task_list", timeout=1)
            break
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "luigid did not start"
            time.sleep(0.2)
    yield port
    server.terminate()
    server.wait(timeout=10)


def test_two_workers_share_the_work_and_match_a_single_worker_build(tmp_path, tmp_path_factory, luigid):
    shared = write_config(tmp_path / "shared", books=BOOKS)
    command = [
        sys.executable,
        "-m",
        "pipeline",
        "corpus",
        *target(shared),
        "--scheduler-host",
        "127.0.0.1",
        "--scheduler-port",
        str(luigid),
    ]
    logs = [
        tmp_path / f"worker{i}.log" for i in range(2)
    ]  # files, not pipes: a full pipe would stall a worker
    workers = [
        subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.DEVNULL, stderr=open(log, "w"))
        for log in logs
    ]
    for worker in workers:
        worker.wait(timeout=300)
    logs = [(None, log.read_text(encoding="utf-8")) for log in logs]
    assert [worker.returncode for worker in workers] == [0, 0], [err for _, err in logs]

    runs = Counter(task for _, err in logs for task in DONE.findall(err))
    assert set(runs.values()) == {1}, f"tasks run more than once: {runs}"
    expected = (
        {("CrawlBook", f"{b}/{lang}") for b in BOOKS for lang in ("zh", "en")}
        | {(family, b) for b in BOOKS for family in ("CleanBook", "FilterBook", "AlignBook", "MineBook")}
        | {("DedupCorpus", "corpus"), ("BuildCorpus", "corpus")}
    )
    assert set(runs) == expected
    print("tasks per worker:", [len(DONE.findall(err)) for _, err in logs])

    single = demo_build(tmp_path_factory, BOOKS)  # python -m pipeline corpus, one worker
    assert table_snapshot(output_of(shared)) == table_snapshot(single)
