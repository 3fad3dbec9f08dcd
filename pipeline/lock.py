"""Who writes to an output folder: a reader–writer lock on its ``.build.lock``, held for a build's run.

A build with the local scheduler holds it exclusively; workers that share a central luigid
(``--scheduler-host``) hold it shared, so any number of them, on one machine or several, build one
folder together (luigid gives each task to one worker). A build that cannot have the lock exits at once
with one line saying what holds the folder (it does not wait): a local build beside another build or
beside workers, a worker beside a local build.

The lock is ``flock(2)`` on an open file description of the lock file: released when the build ends, and
by the system when its process dies; the processes Luigi forks for tasks inherit it, so it is held until
the last of them ends. Across machines it holds where the shared mount carries flock (NFS does, as
POSIX locks). Only ``clean`` removes the file, holding it exclusively: a command that opened it before and
locks it after finds the path no longer its file and stops (``OutputBusy``), where it would hold a lock
beside the holder of a new file.

Runs through Luigi's own entry points (``luigi --module pipeline.tasks``, the cron line's ``RangeDaily``)
hold no build's lock: each task's run holds it shared itself (``task_lock``, taken by ``StageTask``), so
the task processes of one such run share the folder, while a local build refuses them and is refused by
them. A task run by a build (in its process, or in one forked from it) holds the build's.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from core.files import os_problem
from core.folder_lock import flock_at_once
from core.setup_digest import setup_digest
from core.processes import die_with, ready_to_fork
from pipeline.config import Config
from pipeline.config_inputs import config_inputs
from pipeline.output_folder import CONFIG_FILE, LOCK_FILE as LOCK_NAME, FolderRefused

# The roots whose build lock this process holds (``build_lock``), each with its lock file's device and inode;
# the task processes it forks inherit them.
_held_roots: dict[Path, tuple[int, int]] = {}
_open_locks = 0  # the lock files this process holds open (``_locked``)
_forker = 0  # the pid of the process that forks, noted just before it does


def _note_forker() -> None:
    global _forker
    _forker = os.getpid()
    if _open_locks:
        ready_to_fork()  # the child's die_with needs no dynamic loader


def _die_with_holder() -> None:
    """In a process forked while its parent held an output folder's lock open (the aligner's pool of chapter
    processes, Luigi's task processes): be killed when the parent dies, even by SIGKILL, rather than hold the
    inherited lock for ever, each rerun refused ("another build is writing"). ``die_with`` holds while the
    forking thread lives: the build forks from its main thread."""
    if _open_locks:
        die_with(_forker)


os.register_at_fork(before=_note_forker, after_in_child=_die_with_holder)


class OutputBusy(Exception):
    """Another build holds the output folder's lock."""


@contextmanager
def build_lock(root: Path, shared: bool = False, config: Config | None = None) -> Iterator[None]:
    """Hold ``root``'s build lock for the duration: ``shared`` for a worker of a central luigid, else
    exclusive. ``OutputBusy`` at once where it is held otherwise, ``FolderRefused`` where it cannot be
    taken (the folder cannot be written, the lock file is not a file). Meanwhile this process, and the
    task processes it forks, hold ``root`` (``holds``). A shared hold with ``config`` is also refused while
    workers of another config, setup or inputs hold it (``_same_config``)."""
    with _locked(root, shared, config) as fd:
        key = root.resolve()
        first = key not in _held_roots
        if first:
            _held_roots[key] = _identity(os.fstat(fd))
        try:
            yield
        finally:
            if first:
                del _held_roots[key]


def holds(root: Path) -> bool:
    """Whether this process holds ``root``'s build lock (a build's, or inherited from the build that forked it)."""
    return root.resolve() in _held_roots


def still_held(root: Path) -> bool:
    """False where this process holds ``root``'s build lock but ``root`` is no longer the folder it locked
    (moved or deleted while the build ran): a task would write its tables into whatever folder stands at
    that path now, made anew or another build's."""
    held = _held_roots.get(root.resolve())
    if held is None:
        return True
    try:
        return _identity((root / LOCK_NAME).stat(follow_symlinks=False)) == held
    except OSError:
        return False


def check_held(root: Path) -> None:
    """``FolderRefused`` unless ``still_held(root)``."""
    if not still_held(root):
        raise FolderRefused(
            f"the output folder {root} was moved or deleted while this build ran: nothing more is written "
            "there; run the command again"
        )


def _identity(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def _is_at(fd: int, path: Path) -> bool:
    """Whether ``path`` is still the file ``fd`` holds open (``clean`` removes the lock file)."""
    try:
        return _identity(path.stat(follow_symlinks=False)) == _identity(os.fstat(fd))
    except OSError:
        return False


@contextmanager
def task_lock(root: Path, config: Config | None = None) -> Iterator[bool]:
    """A task's hold on ``root`` for one run; yields whether it took a lock of its own. It takes none where
    its process holds ``root`` (a build's task), else ``root``'s lock shared, refused beside a local build
    as a worker's is. Not recorded in ``holds``: each run holds its own, and shared holds in one process do
    not exclude each other (a dependency run while a generator run holds it)."""
    if holds(root):
        yield False
        return
    with _locked(root, True, config):
        yield True


@contextmanager
def _locked(root: Path, shared: bool, config: Config | None = None) -> Iterator[int]:
    global _open_locks
    path = root / LOCK_NAME
    fd = _open(root, path)
    _open_locks += 1
    try:
        if not _flock(fd, path, fcntl.LOCK_SH if shared else fcntl.LOCK_EX):
            raise OutputBusy(_holder(fd, path, root, shared))
        if not _is_at(fd, path):
            raise OutputBusy(f"{root} was cleaned as this command started: run it again")
        if shared and config is not None:
            with _same_config(root, config):
                yield fd
        else:
            yield fd
    finally:
        _open_locks -= 1
        os.close(fd)  # releases the lock, unless a forked task still has it open


@cache
def _setup() -> str:
    """The setup every task's fingerprint counts (``pipeline.tasks`` and the code it runs, ``setup_digest``)."""
    return setup_digest("pipeline.tasks")


@contextmanager
def _same_config(root: Path, config: Config) -> Iterator[None]:
    """Among the shared holders of ``root``, those of one config only: ``CONFIG_FILE`` records the config of
    the first (its bytes' SHA-256, and its path), written under an exclusive flock of that file, and every
    holder holds the file shared for as long as it holds the folder. A holder of another config is
    ``OutputBusy``: its tasks would rewrite the same tables by other settings, each manifest saying so only
    once the other build had reported its corpus built (workers of two configs with the same books). So is a
    holder of another setup (``_setup``: a worker of another checkout, or with other libraries): each would
    judge the other's tables stale, and the corpus both reported built mixed the two. So is a holder whose
    config, the same text, names other inputs (``config_inputs``: a local book or machine translations that
    differ on its machine or beside its copy of the config, another hybrid encoder), for the same reason."""
    path, inputs = root / CONFIG_FILE, config_inputs(config)
    mine = {
        "sha256": hashlib.sha256(config.path.read_bytes()).hexdigest(),
        "config": str(config.path),
        "setup": _setup(),
        "inputs": inputs,
    }
    fd = _open(root, path)
    try:
        for _ in range(200):  # an exclusive hold lasts a write: wait at most about a second for one
            if _flock(fd, path, fcntl.LOCK_EX):  # the first holder: the folder is this config's
                os.ftruncate(fd, 0)
                os.pwrite(fd, json.dumps(mine).encode(), 0)
                _flock(fd, path, fcntl.LOCK_SH)  # held for the build; others read it under theirs
            if _flock(fd, path, fcntl.LOCK_SH):
                break
            time.sleep(0.005)
        else:
            raise OutputBusy(f"cannot lock {path}: held exclusively for over a second; run again")
        try:  # the whole record: a config of many local books names more than a block of them
            theirs = json.loads(os.pread(fd, os.fstat(fd).st_size, 0) or b"{}")
        except ValueError:  # unreadable: only a build of this version writes it, under its exclusive lock
            theirs = {}
        if theirs.get("sha256") != mine["sha256"]:
            raise OutputBusy(
                f"luigid workers of another config ({theirs.get('config', 'unknown')}) are building in {root}: "
                f"wait for them to end, or give {config.path} another --output (one folder, one config)"
            )
        if theirs.get("setup") != mine["setup"]:
            raise OutputBusy(
                f"luigid workers of another checkout or setup (code, language data or pinned libraries differ) "
                f"are building in {root}: wait for them to end, or run every worker from one checkout and setup"
            )
        if differs := _first_difference(inputs, theirs.get("inputs")):
            raise OutputBusy(
                f"luigid workers whose config names other inputs are building in {root}: {differs} differs; "
                "wait for them to end, or give every worker the same inputs"
            )
        yield
    finally:
        os.close(fd)


def _first_difference(mine: dict[str, str], theirs: object) -> str | None:
    """The first input (in ``mine``'s order, then ``theirs``') whose digest the two records do not share."""
    recorded = theirs if isinstance(theirs, dict) else {}
    return next((name for name in {**mine, **recorded} if mine.get(name) != recorded.get(name)), None)


def _open(root: Path, path: Path) -> int:
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as err:  # a read-only place, no permission, a file where the folder goes
        raise FolderRefused(f"cannot write to the output folder {root}: {os_problem(err)}") from None
    try:  # O_RDWR: over NFS, flock is a POSIX lock, which wants a descriptor open for writing
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK, 0o666)
    except OSError as err:
        try:
            mode = path.lstat().st_mode
        except OSError:  # not there, and the folder refuses a new file
            raise FolderRefused(f"cannot write to the output folder {root}: {os_problem(err)}") from None
        raise FolderRefused(_not_usable(root, path, mode, err)) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):  # a named pipe, a device
        os.close(fd)
        raise FolderRefused(_not_usable(root, path, mode, None))
    return fd


def _not_usable(root: Path, path: Path, mode: int, err: OSError | None) -> str:
    if stat.S_ISREG(mode) and err is not None:  # a file this account cannot write to
        return f"cannot lock the output folder {root}: {path}: {os_problem(err)}"
    kind = (
        "a symbolic link" if stat.S_ISLNK(mode) else "a folder" if stat.S_ISDIR(mode) else "not a plain file"
    )
    return f"cannot lock the output folder {root}: its lock file {path} is {kind}; remove it, then run again"


def _flock(fd: int, path: Path, operation: int) -> bool:
    """Whether ``operation`` (``LOCK_SH`` or ``LOCK_EX``) was taken at once (False: held otherwise)."""
    try:
        return flock_at_once(fd, operation)
    except OSError as err:
        raise FolderRefused(
            f"cannot lock the output folder {path.parent}: {path}: {os_problem(err)}"
        ) from None


def _holder(fd: int, path: Path, root: Path, shared: bool) -> str:
    """The line that says what holds ``root``'s lock, and what to do."""
    if shared:  # only an exclusive holder refuses a shared lock
        return f"a local build is writing to {root}: wait for it to end"
    if _flock(fd, path, fcntl.LOCK_SH):  # shared holders only (released with the descriptor, at once)
        return (
            f"luigid workers or a run of Luigi's own (the cron line) are building in {root}: wait for them, "
            "or join luigid workers with --scheduler-host"
        )
    return (
        f"another build is writing to {root}: wait for it to end, "
        "or share one luigid between builds with --scheduler-host"
    )
