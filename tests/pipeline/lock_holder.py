"""An output folder's build lock held by another process, as another build would hold it."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pipeline.config import Config
from pipeline.lock import OutputBusy, build_lock
from pipeline.output_folder import FolderRefused

FORK = multiprocessing.get_context("fork")
LOCAL, WORKER = False, True  # build_lock's ``shared``: a local-scheduler build, a worker of a central luigid


def _hold(root: Path, shared: bool, pipe, config: Config | None = None) -> None:
    try:
        with build_lock(root, shared, config):
            pipe.send("held")
            pipe.recv()  # until the test lets go (or kills this process)
    except (OutputBusy, FolderRefused) as err:
        pipe.send(str(err))


@contextmanager
def held_in_another_process(
    root: Path, shared: bool, config: Config | None = None
) -> Iterator[multiprocessing.Process]:
    """``root``'s lock held by a forked process until the end of the block (or its death); a worker's
    (``shared``) for ``config``, where one is given."""
    ours, theirs = FORK.Pipe()
    process = FORK.Process(target=_hold, args=(root, shared, theirs, config))
    process.start()
    try:
        assert ours.poll(10) and ours.recv() == "held"
        yield process
    finally:
        if process.is_alive():
            ours.send("let go")
        process.join(10)
