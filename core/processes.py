"""A child process's lifetime bound to its parent's: killed with it, even when the parent is killed alone;
and a command's interrupts: SIGTERM unwinds as Ctrl-C does, so that what it started ends with it."""

from __future__ import annotations

import _thread
import atexit
import contextlib
import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

REDELIVERY_DELAY = 0.05  # seconds: the finalizer that dropped an interrupt has returned by then


def die_with(parent: int) -> None:
    """Be killed (SIGKILL) when ``parent``, the process that started this one, dies, even by SIGKILL
    (``kill -9 PID``, an out-of-memory kill), rather than go on writing beside its rerun. Linux only
    (``PR_SET_PDEATHSIG``); elsewhere nothing is done."""
    if sys.platform != "linux":
        return
    pr_set_pdeathsig = 1
    _prctl()(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the line above
        os._exit(1)


def started() -> float:
    """When this process started, in seconds since the epoch: from its start in ``/proc`` (Linux), before the
    imports of a command; where that cannot be read, now."""
    try:
        fields = Path("/proc/self/stat").read_text(encoding="utf-8").rpartition(")")[2].split()
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):  # no /proc; no CLOCK_BOOTTIME (not Linux)
        return time.time()
    return time.time() - age


def ready_to_fork() -> None:
    """Look libc's ``prctl`` up now, before a fork whose child calls ``die_with``: the child then calls it
    without the dynamic loader, whose lock another thread of this process may hold at the fork (the child
    would wait for it for ever)."""
    if sys.platform == "linux":
        _prctl()


@functools.cache
def _prctl() -> Callable[..., int]:
    import ctypes

    return ctypes.CDLL(None, use_errno=True).prctl


def end_process(status: int) -> NoReturn:
    """End this process with ``status`` as the interpreter's exit does (non-daemon threads joined, exit
    handlers run, stdout and stderr flushed), without the teardown that follows (garbage collection, modules
    unloaded: a fraction of a second after a build), during which signals are back at their default: a
    SIGTERM there killed a command whose work was done with no line, status -15. ``multiprocessing`` ends
    its children so."""
    threading._shutdown()  # type: ignore[attr-defined]  # as Python's own exit, and multiprocessing's
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a reader that quit, a closed stream: as at exit
            if stream is not None:  # one the process was started without (``2>&-``)
                stream.flush()
    os._exit(status)


def exit_status(done: SystemExit) -> int:
    """The status the interpreter exits with for ``done``: its code, 0 for none; text is printed on stderr
    and is status 1. A command that ends with ``end_process`` rather than by raising ``done`` has no
    teardown with signals at their default, where Ctrl-C killed it after its error line (status -2)."""
    if done.code is None or isinstance(done.code, int):
        return done.code or 0
    print(done.code, file=sys.stderr)
    return 1


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill PID``, ``timeout``, a service manager): unwinds as Ctrl-C does, so that the processes
    a command started (a crawl, Luigi's workers, a browser) end with it."""


@contextmanager
def quiet_interrupts(last_words: Mapping[int, str] | None = None) -> Iterator[None]:
    """On Ctrl-C this process raises KeyboardInterrupt, on SIGTERM ``Terminated`` (the command says one line);
    its forked workers (Luigi's, the aligner's) exit at once without a traceback. An interrupt raised
    inside a finalizer (``__del__``, a weakref callback), where Python prints and drops it, is raised again
    in the main thread once the finalizer has returned (``sys.unraisablehook``): the command still stops.

    With ``last_words`` (a line per signal), the block is a command's whole run, and what follows it until
    the process ends (the command's last lines, the interpreter's exit and its last flush of stdout) is
    covered too: such a signal prints its line and exits with 128 + its number at once, where it killed the
    process with no line (status -15 to the parent), or raised a KeyboardInterrupt traceback at exit."""
    parent = os.getpid()
    raised: list[int] = []  # the signals this block stopped on: the command says its line for them

    def interrupted(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            os._exit(128 + signum)
        raised.append(signum)
        raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt

    previous_hook = sys.unraisablehook

    def unraisable(args: sys.UnraisableHookArgs) -> None:
        if os.getpid() == parent and isinstance(args.exc_value, KeyboardInterrupt):
            _redeliver(signal.SIGTERM if isinstance(args.exc_value, Terminated) else signal.SIGINT)
        else:
            previous_hook(args)

    # a signal this process was started with ignored (``nohup``, ``make test &``) stays ignored
    wanted = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    before = {signum: signal.getsignal(signum) for signum in wanted}
    handled = [signum for signum in wanted if before[signum] in (wanted[signum], _starting)]
    for signum in handled:
        signal.signal(signum, interrupted)
    sys.unraisablehook = unraisable
    try:
        yield
    finally:
        sys.unraisablehook = previous_hook
        for signum in handled:
            if last_words:
                signal.signal(signum, _saying(None if raised else last_words[signum], parent))
            else:
                signal.signal(signum, before[signum])


def _saying(line: str | None, parent: int) -> Callable[[int, object], None]:
    """A handler that ends the process at once with status 128 + the signal's number; ``parent`` (the
    command's own process, not a worker it forked) first prints ``line`` on stderr, if any: none where the
    command already says one (a second Ctrl-C as it ends printed "interrupted" twice)."""

    def exit_now(signum: int, frame: object) -> None:
        if line is not None and os.getpid() == parent:
            with contextlib.suppress(OSError):  # stderr closed: the status says it all the same
                os.write(2, f"{line}\n".encode())
        os._exit(128 + signum)

    return exit_now


# the packages whose modules run as commands (python -m ...)
COMMANDS = frozenset(
    "core text crawlers filters alignment cohesion exports qc mteval pipeline evals bench".split()
)
SCRIPTS = ("bwb",)  # pyproject.toml's [project.scripts]


def quiet_start() -> None:
    """Where this process is one of the project's commands (``python -m pipeline``, ``bwb``), Ctrl-C or
    SIGTERM before its ``main`` handles them (``quiet_interrupts``), while its modules are still being
    imported, is one line (``interrupted``, ``terminated``) and status 130 or 143: it was a
    KeyboardInterrupt traceback (``status``, which takes half a second, spends most of it importing).
    Nothing has been started or written then, so the process exits at once. Elsewhere (a test run, Luigi's
    own command, a library use) nothing changes; nor does a signal started ignored."""
    if not a_command() or threading.current_thread() is not threading.main_thread():
        return
    for signum, default in ((signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, signal.SIG_DFL)):
        if signal.getsignal(signum) is default:
            signal.signal(signum, _starting)


def a_command() -> bool:
    """Whether this process runs one of the project's modules (``python [options] -m MODULE``: the package
    is imported before ``__main__`` names the module) or scripts."""
    argv = sys.orig_argv
    i = 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] not in ("-", "-c"):
        if argv[i].startswith("-m"):
            module = argv[i][2:] or (argv[i + 1] if i + 1 < len(argv) else "")
            return module.split(".")[0] in COMMANDS
        i += 2 if argv[i] in ("-X", "-W") else 1
    return os.path.basename(sys.argv[0]) in SCRIPTS


def _starting(signum: int, frame: object) -> None:
    """``quiet_start``'s handler: one line, and exit at once (stdout flushed where it can be)."""
    try:
        sys.stdout.flush()
    except Exception:  # noqa: BLE001 - a closed or full stdout, or a write it interrupted: the line still goes
        pass
    print("terminated" if signum == signal.SIGTERM else "interrupted", file=sys.stderr, flush=True)
    os._exit(128 + signum)


def _redeliver(signum: int) -> None:
    """Interrupt the main thread with ``signum`` again, from a thread, after ``REDELIVERY_DELAY``: done at
    once, the handler would run inside the finalizer's unraisable hook and be dropped again."""

    def later() -> None:
        time.sleep(REDELIVERY_DELAY)
        _thread.interrupt_main(signum)

    threading.Thread(target=later, name="interrupt-redelivery", daemon=True).start()
