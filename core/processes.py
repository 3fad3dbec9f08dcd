"""A child process's lifetime bound to its parent's: killed with it, even when the parent is killed alone;
and a command's interrupts: SIGTERM unwinds as Ctrl-C does, so that what it started ends with it."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager


def die_with(parent: int) -> None:
    """Be killed (SIGKILL) when ``parent``, the process that started this one, dies, even by SIGKILL
    (``kill -9 PID``, an out-of-memory kill), rather than go on writing beside its rerun. Linux only
    (``PR_SET_PDEATHSIG``); elsewhere nothing is done."""
    if sys.platform != "linux":
        return
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None, use_errno=True).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # it died before the line above
        os._exit(1)


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill PID``, ``timeout``, a service manager): unwinds as Ctrl-C does, so that the processes
    a command started (a crawl, Luigi's workers, a browser) end with it."""


@contextmanager
def quiet_interrupts() -> Iterator[None]:
    """On Ctrl-C this process raises KeyboardInterrupt, on SIGTERM ``Terminated`` (the command says one line);
    its forked workers (Luigi's, the aligner's) exit at once without a traceback."""
    parent = os.getpid()

    def interrupted(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            os._exit(128 + signum)
        raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt

    # a signal this process was started with ignored (``nohup``, ``make test &``) stays ignored
    wanted = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    handled = [signum for signum, default in wanted.items() if signal.getsignal(signum) is default]
    for signum in handled:
        signal.signal(signum, interrupted)
    try:
        yield
    finally:
        for signum in handled:
            signal.signal(signum, wanted[signum])
