"""Files modified since this process started: the process may run the version of them it loaded before.

A build imports much of the stages' code as it starts (``pipeline.settings`` imports ``alignment.settings``,
which imports the aligner), Luigi's forked workers inherit it, and a task's fingerprint is taken later, from
the files. A file edited meanwhile was recorded by its new digest beside an output made by its old code, and
the task never ran again. Such a file is recorded as ``EDITED`` instead, which no digest equals: the next
build runs the task again, with the code the file holds. The same holds for a library installed
(``core.package_versions``) and for language data edited (``core.langdata``) while a build runs.
"""

from __future__ import annotations

import time
from pathlib import Path

EDITED = "edited while the build ran"
# this module's import, before any stage's code (``pipeline.stage_task`` imports it before ``pipeline.config``,
# which imports the stages' settings); a worker forked later inherits its parent's
STARTED_NS = time.time_ns()


def as_loaded(path: Path, digest: str) -> str:
    """``digest`` (of the file ``path``), or ``EDITED`` where the file was modified since this process started
    (``edited_since_start``)."""
    return EDITED if edited_since_start(path) else digest


def edited_since_start(path: Path) -> bool:
    """Whether the file or folder ``path`` was modified since this process started (False where it is gone):
    its modification time or its inode change time is since then. A writer may date a file as it likes
    (``rsync -t``, ``cp -p``, ``tar``, ``touch -d``: a copy dated before the start, or ahead), while the system
    sets the change time at each write: a file replaced so while a build ran counted as unedited. A time still
    to come (a clock set back, a file unpacked from another machine) tells nothing: counted as edited, every
    build would run the file's tasks again until the clock reached it."""
    try:
        found = path.stat()
    except OSError:
        return False
    now = time.time_ns()
    return any(STARTED_NS <= stamp <= now for stamp in (found.st_mtime_ns, found.st_ctime_ns))
