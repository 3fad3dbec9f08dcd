import os
import signal
import subprocess
import sys
import time

import pytest

from core.paths import REPO_ROOT
from core.processes import Terminated, die_with, quiet_interrupts
from tests.helpers import HANG


def test_a_child_whose_parent_is_already_gone_exits_at_once():
    """The parent died before the death signal was asked for: the child is reparented, so it exits."""
    child = os.fork()
    if child == 0:
        die_with(os.getppid() + 1)  # a pid that is not its parent's: as if the parent had died
        os._exit(0)
    assert os.waitpid(child, 0)[1] == 1 << 8


class _SignalledWhenFinalized:
    def __del__(self) -> None:
        signal.raise_signal(signal.SIGTERM)  # the handler raises Terminated here, where Python drops it


def _stopped_by_a_sigterm_in_a_finalizer() -> int:
    """3 when the SIGTERM a finalizer swallowed still stops the code after it, 0 when that code runs on."""
    with quiet_interrupts():
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            return 2  # started with SIGTERM ignored or handled elsewhere: nothing to test
        try:
            _SignalledWhenFinalized()  # finalized at once
            for _ in range(500):  # five seconds of work
                time.sleep(0.01)
        except Terminated:
            return 3
    return 0


def test_an_interrupt_a_finalizer_dropped_is_raised_again_after_it():
    """A SIGTERM (or Ctrl-C) that lands in a ``__del__`` is dropped by Python with a printed traceback; the
    command must still stop. Run in a child, so that a signal gone astray cannot end the test run."""
    child = os.fork()
    if child == 0:
        os._exit(_stopped_by_a_sigterm_in_a_finalizer())
    assert os.waitpid(child, 0)[1] >> 8 == 3


def test_prctl_is_looked_up_before_a_fork_not_in_the_child():
    """A child's ``die_with`` looked libc's prctl up after the fork (dlopen, dlsym), which waits for ever on a
    loader lock that another thread of the parent held at the fork; ``ready_to_fork`` looks it up before."""
    from core import processes

    processes._prctl.cache_clear()
    processes.ready_to_fork()
    child = os.fork()
    if child == 0:
        os._exit(0 if processes._prctl.cache_info().currsize == 1 else 1)
    assert os.waitpid(child, 0)[1] == 0


def test_ctrl_c_while_a_command_imports_is_one_line_and_exit_130(tmp_path):
    """``status`` spends most of its half second importing: Ctrl-C there ended in a KeyboardInterrupt
    traceback (``core.processes.quiet_start``). The signal is sent as the command has imported Luigi, the
    first of its large imports (``-X importtime`` says so on stderr)."""
    import subprocess
    import sys

    from core.paths import REPO_ROOT

    process = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "pipeline", "status", "--output", str(tmp_path / "out")],
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal
    )
    for line in process.stderr:
        if line.split("|")[-1].strip() == "luigi":
            break
    process.send_signal(signal.SIGINT)
    rest = process.stderr.read()
    assert (process.wait(), rest.splitlines()[-1]) == (130, "interrupted")
    assert "Traceback" not in rest


@pytest.mark.parametrize(
    "argv, command",
    [
        (["python", "-m", "pipeline", "status"], True),
        (["python", "-X", "importtime", "-mcohesion.mine"], True),
        (["python", "-u", "-m", "text.sentences"], True),
        (["python", "-m", "pytest", "-m", "pipeline"], False),
        (["python", "-c", "import pipeline", "-m", "pipeline"], False),
        (["/venv/bin/python", "/venv/bin/bwb", "status"], True),
        (["/venv/bin/python", "/venv/bin/luigi", "--module", "pipeline.tasks"], False),
    ],
)
def test_a_command_is_told_from_a_test_run_or_another_program(monkeypatch, argv, command):
    """Only the project's own commands exit at once on Ctrl-C before their ``main`` handles it."""
    import sys

    from core import processes

    monkeypatch.setattr(sys, "orig_argv", argv)
    monkeypatch.setattr(sys, "argv", argv[1:])
    assert processes.a_command() is command


def test_quiet_interrupts_takes_over_from_quiet_start_and_gives_it_back(monkeypatch):
    """Inside a command's ``main`` the interrupt is raised (the command cleans up and says its line); before
    and after it, ``quiet_start``'s handler ends the process with one line."""
    import sys

    from core import processes

    monkeypatch.setattr(sys, "orig_argv", ["python", "-m", "pipeline"])
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        processes.quiet_start()
        assert signal.getsignal(signal.SIGINT) is processes._starting
        with quiet_interrupts():
            assert signal.getsignal(signal.SIGINT) not in (processes._starting, signal.default_int_handler)
        assert signal.getsignal(signal.SIGINT) is processes._starting
        assert signal.getsignal(signal.SIGTERM) is processes._starting
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def test_started_is_when_the_process_started_not_when_it_is_asked():
    """An update took its start as the time its command had imported its modules: a crawl that another update
    began meanwhile was not its refresh, and it crawled again."""
    import subprocess
    import sys

    code = "import time; time.sleep(1); from core.processes import started; print(time.time() - started())"
    before = time.time()
    age = float(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    )
    assert 1 <= age < time.time() - before + 0.05  # its sleep and its start, not the moment it asked


def test_a_second_ctrl_c_as_an_interrupted_command_ends_adds_no_second_line():
    """Ctrl-C pressed twice: the second, as the command ended, printed "interrupted" again."""
    script = (
        "import atexit, os, signal, time\nfrom core.stdio import exit_with\n"
        "atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT) or time.sleep(30))\n"
        "exit_with(lambda: os.kill(os.getpid(), signal.SIGINT) or time.sleep(30) or 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as from a terminal
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (130, "interrupted\n")
