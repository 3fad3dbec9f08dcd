"""Atomic folder writes (fill a temp folder, then ``os.replace``): readers never see half an export."""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TextIO

from core.files import naming
from core.storage import temporary_path


def exchange(a: Path, b: Path) -> bool:
    """Swap the folders ``a`` and ``b`` in one step (Linux's ``renameat2`` with ``RENAME_EXCHANGE``);
    False, with nothing changed, where the system or the file system cannot (e.g. NFS)."""
    renameat2 = (
        getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None) if sys.platform == "linux" else None
    )
    if renameat2 is None:
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


@contextmanager
def staged_dir(target: Path) -> Iterator[Path]:
    """Yield an empty sibling folder to fill; on success it replaces ``target`` in one step.

    A previous ``target`` folder is swapped with the new one (``exchange``) and then removed, so readers,
    and a run killed at any point, see either the old folder or the complete new one; where the system
    cannot swap, it is moved aside first. On failure ``target`` is left untouched. A ``target`` that is a link
    to a folder elsewhere stays one: the folder it points to is replaced.
    """
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp, old = temporary_path(target), temporary_path(target, "old")  # swept by the next build after a kill
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        yield tmp
        if not (target.is_dir() and not target.is_symlink() and exchange(tmp, target)):  # tmp: the old one
            if target.exists():
                os.replace(target, old)
            os.replace(tmp, target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)


class LineFiles:
    """Text files in a (staged) folder, opened on first write; counts the lines written to each.

    ``header`` and ``footer`` (e.g. XML) are written around each file's lines and not counted.
    """

    def __init__(self, folder: Path, header: str = "", footer: str = "") -> None:
        self.folder, self.header, self.footer = folder, header, footer
        self.lines: dict[str, int] = {}
        self._handles: dict[str, TextIO] = {}

    def write(self, name: str, line: str) -> None:
        """One more line of ``name``, which stays open until the end."""
        if name not in self._handles:
            self._handles[name] = self._open(name)
        with self._naming(name):
            self._handles[name].write(line + "\n")
        self.lines[name] += 1

    def write_whole(self, name: str, lines: list[str]) -> None:
        """Every line of ``name`` at once, closed at once: a file per chapter kept open to the end (BWB's
        layout) ran out of file descriptors, "Too many open files", past ``ulimit -n`` of them."""
        handle = self._open(name)
        with self._naming(name):
            handle.writelines(line + "\n" for line in lines)
        self.lines[name] = len(lines)
        self._close(name, handle)

    def _naming(self, name: str) -> AbstractContextManager[None]:
        """An OSError of a write to the open file ``name`` naming it (``core.files.naming``)."""
        return naming(self.folder / name)

    def _open(self, name: str) -> TextIO:
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        with self._naming(name):
            handle.write(self.header)
        self.lines[name] = 0
        return handle

    def _close(self, name: str, handle: TextIO) -> None:
        with self._naming(name):
            handle.write(self.footer)
            handle.flush()
            os.fsync(handle.fileno())
            handle.close()

    def __enter__(self) -> LineFiles:
        return self

    def __exit__(self, *exc: object) -> None:
        for name, handle in self._handles.items():
            self._close(name, handle)
