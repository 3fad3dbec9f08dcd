"""Ctrl-C: one line, exit 130, no traceback (also from Luigi's forked workers); a rerun resumes a build."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.paths import REPO_ROOT
from pipeline import cli
from tests.helpers import HANG, output_of, target, write_config

LINE = "interrupted; run the same command again to resume\n"


@pytest.mark.parametrize(
    "command, line",
    [
        (["corpus"], LINE),
        (["status"], "interrupted\n"),  # a command that writes nothing has nothing to resume
        (["stats"], "interrupted\n"),
        (["inspect", "city-star/1"], "interrupted\n"),
    ],
)
def test_an_interrupt_is_one_line_and_exit_130(monkeypatch, capsys, demo_config, command, line):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, f"cmd_{command[0]}", interrupted)
    # as from a terminal, also when the tests run with SIGINT ignored (started as `nohup make test &`)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        assert cli.main([*command, *target(demo_config)]) == 130
        assert capsys.readouterr().err == line
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # restored
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_during_a_build(tmp_path, workers):
    process = _crawling_build(tmp_path, workers)
    os.killpg(process.pid, signal.SIGINT)  # as Ctrl-C does: the build, its workers and its crawl
    _, stderr = process.communicate(timeout=HANG)
    assert process.returncode == 130
    assert stderr.endswith(LINE) and "Traceback" not in stderr and "Process " not in stderr


TERMINATED = "terminated; run the same command again to resume\n"


@pytest.mark.parametrize("command, line", [("corpus", TERMINATED), ("status", "terminated\n")])
def test_sigterm_is_one_line_and_exit_143(monkeypatch, capsys, demo_config, command, line):
    def terminated(args):
        os.kill(os.getpid(), signal.SIGTERM)  # as `kill PID`, `timeout` or a service manager do
        time.sleep(5)
        return 0

    monkeypatch.setattr(cli, f"cmd_{command}", terminated)
    previous = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        assert cli.main([command, *target(demo_config)]) == 143
        assert capsys.readouterr().err == line
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # restored
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_sigterm_as_the_command_ends_is_one_line_and_exit_143_too(tmp_path):
    """A SIGTERM once the command was done, as its process ended (its exit handlers, the interpreter's
    teardown: signals back at their default), killed it with no line, status -15."""
    config = write_config(tmp_path, books=["city-star"])
    script = (
        "import atexit, os, signal, sys, time\n"
        "atexit.register(lambda: os.kill(os.getpid(), signal.SIGTERM) or time.sleep(30))\n"
        "from pipeline.cli import main\n"
        f"sys.argv = ['bwb', 'where', *{target(config)!r}]\n"
        "sys.exit(main())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG
    )
    assert (done.returncode, done.stdout, done.stderr) == (143, f"{output_of(config)}\n", "terminated\n")


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sigterm_to_the_build_alone_ends_it_and_its_workers(tmp_path, workers):
    process = _crawling_build(tmp_path, workers)
    process.send_signal(signal.SIGTERM)  # to the build alone, not its process group
    _, stderr = process.communicate(timeout=HANG)
    assert process.returncode == 143
    assert stderr.endswith(TERMINATED) and "Traceback" not in stderr and "Process " not in stderr
    deadline = time.monotonic() + HANG
    while (left := _processes_in(process.pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert left == []


def _crawling_build(tmp_path: Path, workers: str) -> subprocess.Popen:
    """A build of one demo book in a session of its own, with SIGINT as from a terminal, once it crawls."""
    config = write_config(tmp_path, books=["city-star"])
    process = subprocess.Popen(
        [sys.executable, "-m", "pipeline", "corpus", *target(config), "--workers", workers],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    journal = output_of(config) / "crawl" / "zh" / "city-star.jsonl"
    deadline = time.monotonic() + HANG
    while not journal.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return process


def _processes_in(group: int) -> list[str]:
    """The command lines of the live processes of a process group."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                found.append((stat.parent / "cmdline").read_text().replace("\0", " "))
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
    return found
