"""Atomic folder writes (fill a temp folder, then ``os.replace``): readers never see half an export."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from core.storage import temporary_path


@contextmanager
def staged_dir(target: Path) -> Iterator[Path]:
    """Yield an empty sibling folder to fill; on success it replaces ``target`` in one rename.

    The previous ``target`` (if any) is moved aside first and removed afterwards, so readers see
    either the old folder or the complete new one. On failure ``target`` is left untouched.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp, old = temporary_path(target), temporary_path(target, "old")  # swept by the next build after a kill
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        yield tmp
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
        if name not in self._handles:
            path = self.folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            self._handles[name] = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
            self._handles[name].write(self.header)
            self.lines[name] = 0
        self._handles[name].write(line + "\n")
        self.lines[name] += 1

    def __enter__(self) -> LineFiles:
        return self

    def __exit__(self, *exc: object) -> None:
        for handle in self._handles.values():
            handle.write(self.footer)
            handle.flush()
            os.fsync(handle.fileno())
            handle.close()
