"""One writer at a time in an output folder a command writes several files to: two runs that wrote them by
turns would leave one run's table beside the other's. ``flock_at_once`` is the non-blocking ``flock`` that
the builds' lock (``pipeline.lock``) takes too."""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_HELD = frozenset(
    {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES}
)  # flock's "held by another" (EACCES on NFS)


class FolderBusy(OSError):
    """Another process writes to the folder; the message is one line naming it."""


@contextmanager
def sole_writer(folder: Path, command: str) -> Iterator[None]:
    """Hold an exclusive ``flock`` of the folder itself for the block (released when it ends, or by the
    system when the process dies; no lock file is left behind). ``FolderBusy`` at once when another process
    holds it. Where the folder cannot be opened, or its file system has no flock on folders (an NFS mount),
    the block runs unlocked."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:  # a folder this account may write to but not list: the writes name what fails
        yield
        return
    try:
        try:
            taken = flock_at_once(fd, fcntl.LOCK_EX)
        except OSError:  # no flock on folders here: unlocked
            taken = True
        if not taken:
            raise FolderBusy(f"{folder}: another {command} run is writing there: wait for it to end")
        yield
    finally:
        os.close(fd)


def flock_at_once(fd: int, operation: int) -> bool:
    """Whether ``operation`` (``fcntl.LOCK_SH`` or ``LOCK_EX``) on ``fd`` was taken at once: False where
    another process holds the lock; any other failure raises its ``OSError``."""
    try:
        fcntl.flock(fd, operation | fcntl.LOCK_NB)
    except OSError as err:
        if err.errno in _HELD:
            return False
        raise
    return True
