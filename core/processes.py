"""A child process's lifetime bound to its parent's: killed with it, even when the parent is killed alone."""

from __future__ import annotations

import os
import signal
import sys


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
