"""A real Label Studio on 127.0.0.1: import exported tasks, annotate through its API, import the exports.

The server and label-studio-sdk live in their own venv (``make labelstudio``, .venv-labelstudio) so
that their pins cannot clash with the project's.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cohesion import annotation
from tests.cohesion.test_annotation import CHAPTER, _jsonl
from tests.helpers import unavailable

VENV = Path(__file__).resolve().parents[2] / ".venv-labelstudio"
PENDING = VENV.with_name(VENV.name + ".pending")  # `make test` installs the venv in the background ...
LOG = VENV.with_name(VENV.name + ".log")  # ... logging here
INSTALL_WAIT = 30 * 60  # seconds; the install takes minutes (about 1 GB of downloads)
CLIENT = Path(__file__).parent / "labelstudio" / "client.py"
TOKEN = "0123456789abcdef0123456789abcdef01234567"
# (phenomenon, sent_a, a_start, a_end, sent_b, b_start, b_end) on CHAPTER's sentences
CANDIDATES = [
    ("conjunction", 1, 0, 0, 2, 0, 7),
    ("reference", 0, 5, 8, 3, 0, 3),
    ("repetition", 0, 22, 26, 3, 17, 21),
    ("ellipsis", 4, 0, 8, 4, 34, 37),
]


def _installer_running() -> bool:
    """Whether `make test`'s background install of the venv is still running (its pid is in PENDING)."""
    try:
        os.kill(int(PENDING.read_text().strip()), 0)
    except (OSError, ValueError):  # no file, a stale file, or an install that has ended
        return False
    return True


def wait_for_venv(wait: float = INSTALL_WAIT, poll: float = 2) -> None:
    """Wait for the background install, then skip if there is no Label Studio (fail under CI)."""
    deadline = time.monotonic() + wait
    while _installer_running():
        if time.monotonic() > deadline:
            pytest.fail(f"the Label Studio install is still running after {wait:g} s; see {LOG}")
        time.sleep(poll)
    if not any(VENV.glob(".installed-*")):  # the stamp `make labelstudio` writes once the install is done
        why = f"no {VENV.name}: make labelstudio" + (
            f" (the last install's log: {LOG})" if LOG.exists() else ""
        )
        unavailable(why)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    wait_for_venv()
    data = tmp_path_factory.mktemp("labelstudio-data")
    if (VENV / "migrated").is_dir():  # the database `make labelstudio` made: no migrations at start
        shutil.copytree(VENV / "migrated", data, dirs_exist_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = os.environ | {"LATEST_VERSION_CHECK": "false", "COLLECT_ANALYTICS": "false"}
    command = [str(VENV / "bin" / "label-studio"), "start", "--no-browser", "--internal-host", "127.0.0.1",
               "--port", str(port), "--data-dir", str(data), "--username", "owner@example.com",
               "--password", "owner-pass-123", "--user-token", TOKEN, "--enable-legacy-api-token"]  # fmt: skip
    log = (data / "server.log").open("wb")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"Label Studio did not start; see {data / 'server.log'}")
            time.sleep(1)
        yield url
    finally:
        if process.poll() is None:  # (one that exited at start is already gone: its log says why)
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def _window_span(task: dict, label: str) -> list:
    value = next(r["value"] for r in task["predictions"][0]["result"] if r["id"] == label)
    return [label, value["start"], value["end"]]


@pytest.mark.slow
@pytest.mark.labelstudio
def test_round_trip_through_a_real_server(server, tmp_path, capsys):
    rows = [
        {"candidate_id": f"b1/1/c{n}", "chapter_id": "b1/1", "phenomenon": p, "subtype": "", "trigger": "",
         "distance": sb - sa, "adjacent": sb - sa == 1,
         "adjacency": {0: "intra", 1: "adjacent"}.get(sb - sa, "non_adjacent"), "sent_a": sa, "a_start": a0, "a_end": a1,
         "sent_b": sb, "b_start": b0, "b_end": b1}
        for n, (p, sa, a0, a1, sb, b0, b1) in enumerate(CANDIDATES)
    ]  # fmt: skip
    tasks_path = tmp_path / "tasks.json"
    chapters = _jsonl(tmp_path / "ch.jsonl", [CHAPTER])
    annotation.main(["export", _jsonl(tmp_path / "c.jsonl", rows), chapters, "-o", str(tasks_path)])
    tasks = {t["data"]["candidate_id"]: t for t in json.loads(tasks_path.read_text())}
    c0, c1, c2, c3 = sorted(tasks)  # conjunction, reference, repetition, ellipsis
    copy = {"decision": "accept", "spans": None}  # the predicted spans as the interface pre-fills them
    plan = {
        c0: {"9": copy, "10": copy},
        c1: {"9": {"decision": "accept", "spans": [_window_span(tasks[c1], "B")]}, "10": copy},  # 9 deleted A
        c2: {"9": {"decision": "reject", "spans": None}, "10": copy},
        c3: {"9": copy, "10": {"decision": "accept", "spans": [["A", 0, 4], ["A", 5, 8], _window_span(tasks[c3], "B")]}},
    }  # fmt: skip
    (tmp_path / "plan.json").write_text(json.dumps(plan))
    config = annotation.config_path(tasks_path)
    subprocess.run(
        [str(VENV / "bin" / "python"), str(CLIENT), server, TOKEN, str(tasks_path), str(config),
         str(tmp_path / "plan.json"), str(tmp_path)],
        check=True, timeout=300,
    )  # fmt: skip

    suites = {}
    for export in ("export.json", "export-min.json"):
        judged = tmp_path / f"{export}.jsonl"
        annotation.main(["import", str(tmp_path / export), "-o", str(judged)])
        assert f"task {c3}, annotator 10: 2 A and 1 B spans (one of each expected)" in capsys.readouterr().err
        records = [json.loads(line) for line in judged.read_text().splitlines()]
        assert sorted(r["annotator"] for r in records) == ["10", "10", "10", "9", "9", "9", "9"]
        suite = tmp_path / f"{export}.suite.jsonl"
        annotation.main(["suite", str(judged), "-o", str(suite)])
        suites[export] = [json.loads(line) for line in suite.read_text().splitlines()]
    assert suites["export.json"] == suites["export-min.json"]
    items = {i["id"]: i for i in suites["export.json"]}
    assert sorted(items) == [c0, c1, c3]
    assert (
        items[c1]["a"] is None and items[c1]["b"]["text"] == "She"
    )  # annotator 9's deletion, chosen over 10
    assert items[c3]["b"]["text"] == "who"

    named = tmp_path / "named.jsonl"
    annotation.main(
        ["import", str(tmp_path / "export.json"), "--users", str(tmp_path / "users.json"), "-o", str(named)]
    )
    annotators = {json.loads(line)["annotator"] for line in named.read_text().splitlines()}
    assert annotators == {"annotator9@example.com", "annotator10@example.com"}
    annotation.main(
        ["agree", str(named), "--annotators", "annotator9@example.com", "annotator10@example.com"]
    )
    report = json.loads(capsys.readouterr().out)
    assert report["overall"]["n"] == 3 and report["overall"]["raw"] == pytest.approx(2 / 3)


@pytest.fixture
def venv(tmp_path, monkeypatch):
    """A Label Studio venv folder of the test's own (empty: no install has finished)."""
    monkeypatch.setattr(sys.modules[__name__], "VENV", tmp_path / ".venv-labelstudio")
    monkeypatch.setattr(sys.modules[__name__], "PENDING", tmp_path / ".venv-labelstudio.pending")
    monkeypatch.setattr(sys.modules[__name__], "LOG", tmp_path / ".venv-labelstudio.log")
    monkeypatch.delenv("CI", raising=False)
    (tmp_path / ".venv-labelstudio").mkdir()
    return tmp_path / ".venv-labelstudio"


def test_an_installed_venv_is_used(venv):
    (venv / ".installed-1.23.2").touch()
    wait_for_venv(wait=0)


def test_a_running_install_is_waited_for_then_named_in_the_failure(venv):
    PENDING.write_text(f"{os.getpid()}\n")  # this process stands in for the installer: it keeps running
    with pytest.raises(
        pytest.fail.Exception, match=r"still running after 0\.1 s; see .*venv-labelstudio\.log"
    ):
        wait_for_venv(wait=0.1, poll=0.05)


def test_an_ended_install_without_its_stamp_skips_with_the_log(venv):
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    PENDING.write_text(f"{ended.pid}\n")
    LOG.write_text("ERROR: no matching distribution\n")
    with pytest.raises(pytest.skip.Exception, match=r"make labelstudio \(the last install's log: .*\.log\)"):
        wait_for_venv(wait=0)


def test_no_venv_fails_under_ci(venv, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(
        pytest.fail.Exception, match="no .venv-labelstudio: make labelstudio; CI must run this test"
    ):
        wait_for_venv(wait=0)
