"""Book failures of one command run: recorded by the task that failed, listed once the build is over.

A task that fails (or a crawl whose side of a book failed, which still completes so that the other
books build) writes ``_failures/{Family}-{unit}.json`` under the output folder, with the command's
``run_id``: files on the shared output folder work for every worker process and machine. The command
lists its own run's records, one line per book, and exits non-zero.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core.files import absent, not_a_regular_file, os_problem
from core.rejection import one_line, shorten
from core.storage import DamagedFile, write_bytes
from exports.text import printable
from pipeline.output_folder import FolderRefused, in_the_way, not_rebuilt, repair


_IN_THE_WAY = (errno.ENOTDIR, errno.EEXIST, errno.ELOOP)  # a write under a file, a broken link or a loop
SHOWN_MESSAGE_CHARACTERS = 1000  # of one task's failure in its book's line (a message may quote a huge input)


def failure_message(error: BaseException) -> str:
    """A task's error as one line; when it met a folder in place of a file, a file or a symbolic link that
    loops or points to nothing in place of a folder, or a folder or file it may not write (read-only, on a
    file system mounted read-only, immutable), with what to do about it."""
    message = one_line(error)
    if _refusing(error) and error.filename:
        return _refused(Path(error.filename), error.strerror or message)
    if isinstance(error, DamagedFile):
        place = error.path
    elif isinstance(error, IsADirectoryError) and error.filename:
        place = Path(error.filename)
    elif isinstance(error, OSError) and error.errno in _IN_THE_WAY and error.filename:
        advice = in_the_way(Path(error.filename))  # a file, or a link that loops or points to nothing
        return f"{message}; {advice}" if advice else message
    else:
        return message
    return f"{message}; {repair(place)}" if place.is_dir() or not_rebuilt(place) else message


def _refusing(error: BaseException) -> bool:
    """Whether ``error`` refused a write: no permission, or a file system mounted read-only (EROFS: its raw
    line named a temporary the user never sees)."""
    return isinstance(error, PermissionError) or (isinstance(error, OSError) and error.errno == errno.EROFS)


def _refused(path: Path, why: str) -> str:
    """The folder a task could not write a new file in (a temporary one, named by no message), or the file or
    folder it could not write or replace."""
    if not absent(path):
        return f"cannot write {path}: {why}: make it writable, or build into another --output"
    return (
        f"cannot write in the folder {path.parent}: {why}: make it writable, or build into another --output"
    )


def make_folder(root: Path) -> None:
    """Make the folder of the failure records before any task runs: ``FolderRefused`` in one line when it
    cannot be made (e.g. a file of that name), not a traceback at a task's failure."""
    try:
        (root / "_failures").mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise FolderRefused(
            f"cannot make the folder of the build's failure records {root / '_failures'}: {os_problem(err)}"
        ) from None


def record(root: Path, family: str, unit: str, book_id: str, run_id: str, message: str) -> None:
    """Write the task's failure record atomically: on a full disk the ``OSError`` names it (the command's
    line said "stdout or an output file") and no empty record is left behind."""
    entry = {"run_id": run_id, "book_id": book_id, "task": family, "message": message}
    write_bytes(root / "_failures" / f"{family}-{unit}.json", (json.dumps(entry) + "\n").encode("utf-8"))


def _records(root: Path, run_id: str) -> Iterator[tuple[Path, dict[str, Any]]]:
    """(path, entry) of each failure record of this run."""
    for path in sorted((root / "_failures").glob("*.json")):
        if not_a_regular_file(path):  # no task writes one; a named pipe would be waited on for ever
            continue
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):  # (JSON nested too deeply)
            continue  # torn by a kill: that run is over
        if isinstance(entry, dict) and entry.get("run_id") == run_id:  # else not a record of this run
            yield path, entry


def any_recorded(root: Path, run_id: str) -> bool:
    """Whether a task of this run recorded a failure (a crawl that failed a side of a book completes)."""
    return next(_records(root, run_id), None) is not None


def collect(root: Path, run_id: str) -> dict[str, list[str]]:
    """This run's failure messages by book (``corpus`` for corpus-level tasks); their records are removed."""
    failed: dict[str, list[str]] = {}
    for path, entry in _records(root, run_id):
        failed.setdefault(entry["book_id"], []).append(f"{entry['task']}: {entry['message']}")
        path.unlink()
    return failed


def failure_lines(failed: dict[str, list[str]]) -> list[str]:
    """One line per failed book, its control characters escaped (a site's URL or text cannot drive the
    terminal), each message cut to its first ``SHOWN_MESSAGE_CHARACTERS`` (a 100,000-character toc path)."""
    return [
        printable(f"FAILED {book}: {'; '.join(shorten(m, SHOWN_MESSAGE_CHARACTERS) for m in messages)}")
        for book, messages in sorted(failed.items())
    ]
