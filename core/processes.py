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
            stream.flush()
    os._exit(status)


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

    def interrupted(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            os._exit(128 + signum)
        raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt

    previous_hook = sys.unraisablehook

    def unraisable(args: sys.UnraisableHookArgs) -> None:
        if os.getpid() == parent and isinstance(args.exc_value, KeyboardInterrupt):
            _redeliver(signal.SIGTERM if isinstance(args.exc_value, Terminated) else signal.SIGINT)
        else:
            previous_hook(args)

    # a signal this process was started with ignored (``nohup``, ``make test &``) stays ignored
    wanted = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    handled = [signum for signum, default in wanted.items() if signal.getsignal(signum) is default]
    for signum in handled:
        signal.signal(signum, interrupted)
    sys.unraisablehook = unraisable
    try:
        yield
    finally:
        sys.unraisablehook = previous_hook
        for signum in handled:
            signal.signal(signum, _saying(last_words[signum], parent) if last_words else wanted[signum])


def _saying(line: str, parent: int) -> Callable[[int, object], None]:
    """A handler that ends the process at once with status 128 + the signal's number; ``parent`` (the
    command's own process, not a worker it forked) first prints ``line`` on stderr."""

    def exit_now(signum: int, frame: object) -> None:
        if os.getpid() == parent:
            with contextlib.suppress(OSError):  # stderr closed: the status says it all the same
                os.write(2, f"{line}\n".encode())
        os._exit(128 + signum)

    return exit_now


def _redeliver(signum: int) -> None:
    """Interrupt the main thread with ``signum`` again, from a thread, after ``REDELIVERY_DELAY``: done at
    once, the handler would run inside the finalizer's unraisable hook and be dropped again."""

    def later() -> None:
        time.sleep(REDELIVERY_DELAY)
        _thread.interrupt_main(signum)

    threading.Thread(target=later, name="interrupt-redelivery", daemon=True).start()
