"""One build per output folder: a lock file held while a build writes there.

A second build of the same folder exits at once with one line (it does not wait). Workers that share a
central luigid (``--scheduler-host``) take no lock: the scheduler gives each task to one worker.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from pipeline.output_folder import FolderRefused

LOCK_NAME = ".build.lock"


class OutputBusy(Exception):
    """Another build holds the output folder's lock."""


@contextmanager
def build_lock(root: Path) -> Iterator[None]:
    """Hold ``root``'s build lock for the duration (released on exit, and by the system if the process dies)."""
    lock = FileLock(root / LOCK_NAME, timeout=0)
    try:
        root.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except Timeout:
        raise OutputBusy(
            f"another build is writing to {root}: wait for it to end, "
            "or share one luigid between builds with --scheduler-host"
        ) from None
    except OSError as err:  # a read-only place, no permission, a folder where the lock file goes
        raise FolderRefused(f"cannot write to the output folder {root}: {err.strerror or err}") from None
    try:
        yield
    finally:
        lock.release()
