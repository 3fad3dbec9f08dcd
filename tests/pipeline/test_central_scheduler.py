"""Two workers against one luigid on 127.0.0.1 build the same corpus as a single worker, each task once."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from core.paths import REPO_ROOT
from tests.helpers import (
    HANG,
    closed_port,
    demo_build,
    output_of,
    run_cli,
    table_snapshot,
    target,
    write_config,
)

pytestmark = pytest.mark.slow
BOOKS = ["sword-sect", "star-system"]
DONE = re.compile(r"^\s+done\s+(\w+)\s+(\S+)", re.MULTILINE)


# luigid (its console script's ``luigid()``), with its prune, which finds dead workers, every second: luigi
# runs it every 60 s, a fixed interval no config changes, which a test waited out
LUIGID = """import sys, luigi.cmdline, tornado.ioloop

class EverySecond(tornado.ioloop.PeriodicCallback):
    def __init__(self, callback, interval, *rest):
        super().__init__(callback, min(interval, 1000), *rest)

tornado.ioloop.PeriodicCallback = EverySecond
sys.exit(luigi.cmdline.luigid(sys.argv[1:]))
"""


@pytest.fixture
def luigid(tmp_path, request):
    """A luigid on 127.0.0.1, its port; the text of a luigi.cfg for it as the (indirect) parameter."""
    port = closed_port()
    state = tmp_path / "luigid"
    state.mkdir()
    (state / "luigi.cfg").write_text(getattr(request, "param", ""), encoding="utf-8")
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            LUIGID,
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
        env={**os.environ, "LUIGI_CONFIG_PATH": str(state / "luigi.cfg")},
    )
    deadline = time.monotonic() + HANG
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/task_list", timeout=1)
            break
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "luigid did not start"
            time.sleep(0.2)
    yield port
    server.terminate()
    server.wait(timeout=HANG)


def _worker(config: Path, port: int) -> list[str]:
    """The arguments of ``python -m pipeline`` for a worker that builds ``config`` with the luigid on ``port``."""
    return ["corpus", *target(config), "--scheduler-host", "127.0.0.1", "--scheduler-port", str(port)]


def test_two_workers_share_the_work_and_match_a_single_worker_build(tmp_path, tmp_path_factory, luigid):
    shared = write_config(tmp_path / "shared", books=BOOKS)
    command = [sys.executable, "-m", "pipeline", *_worker(shared, luigid)]
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


def test_a_worker_of_another_config_is_refused_while_workers_build_the_folder(tmp_path, luigid):
    """Workers of two configs with the same book, aligned by two methods, on one folder through one luigid:
    both ran, both reported the corpus built, each rewriting the other's tables. Now the second exits with
    one line while the first's worker builds, which builds the first config's corpus; once it has ended, the
    second config rebuilds what its method changes."""
    first = write_config(tmp_path / "first", books=[BOOKS[0]])
    second = write_config(tmp_path / "second", books=[BOOKS[0]])
    second.write_text(
        second.read_text(encoding="utf-8") + "options:\n  align: {method: galechurch}\n", encoding="utf-8"
    )
    out = tmp_path / "out"

    def worker(config: Path) -> list[str]:
        scheduler = ["--scheduler-host", "127.0.0.1", "--scheduler-port", str(luigid)]
        return ["corpus", "--config", str(config), "--output", str(out), *scheduler]

    log = tmp_path / "first.log"
    building = subprocess.Popen(
        [sys.executable, "-m", "pipeline", *worker(first)],
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=open(log, "w"),
    )
    deadline = time.monotonic() + HANG
    while str(first) not in ((out / ".build.config").read_text() if (out / ".build.config").exists() else ""):
        assert building.poll() is None and time.monotonic() < deadline, log.read_text(encoding="utf-8")
        time.sleep(0.05)
    refused = run_cli(*worker(second))
    assert refused.returncode == 1
    assert refused.stderr.splitlines()[-1] == (
        f"luigid workers of another config ({first}) are building in {out}: wait for them to end, "
        f"or give {second} another --output (one folder, one config)"
    )
    assert building.wait(timeout=300) == 0, log.read_text(encoding="utf-8")
    rebuilt = run_cli(*worker(second))
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "    AlignBook: 1, config changed\n" in rebuilt.stdout


# luigid notices a dead worker 5 s after its last contact (not a minute; a live one pings every second), at
# its next prune (every second, ``LUIGID``), then fails its running task, to be retried 15 minutes later
# (retry_delay) unless a worker adds the task again
FORGETFUL = "[scheduler]\nworker_disconnect_delay = 5\n"


@pytest.mark.parametrize("luigid", [FORGETFUL], indirect=True, ids=["forgetful"])
def test_a_worker_killed_mid_crawl_is_taken_over_by_the_rerun(tmp_path, tmp_path_factory, luigid):
    book = BOOKS[0]
    config = write_config(tmp_path, books=[book])
    first = subprocess.Popen(
        [sys.executable, "-m", "pipeline", *_worker(config, luigid)],
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    journals = [output_of(config) / "crawl" / lang / f"{book}.jsonl" for lang in ("zh", "en")]
    deadline = time.monotonic() + HANG
    while not any(j.exists() and j.read_text(encoding="utf-8").count("\n") >= 2 for j in journals):
        assert first.poll() is None and time.monotonic() < deadline, "the first worker did not start crawling"
        time.sleep(0.05)
    os.killpg(first.pid, signal.SIGKILL)  # the worker, its crawl and the site server, mid-crawl
    first.wait()

    rerun = run_cli(*_worker(config, luigid), timeout=300)  # it hung until luigid's retry, 15 min on
    assert rerun.returncode == 0, rerun.stderr
    assert table_snapshot(output_of(config)) == table_snapshot(demo_build(tmp_path_factory, [book]))
