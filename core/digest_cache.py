"""Digests of files kept on disk between processes, valid while a file's size, times and inode are the same.

Tokenizing the ~200 modules of the pipeline's code (``core.code_digest``) takes ~0.4 s a process; a cached
digest is one ``stat``. A file modified in the last ``RACY_SECONDS`` is not cached: an edit in the same clock
tick as the digest would keep its times (git's rule for its index). Writers race harmlessly: the last one
to save keeps its entries and the others' are computed again.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from core.files import not_a_regular_file
from core.storage import sweep_beside, write_bytes

RACY_SECONDS = 2


class DigestCache:
    """The digests of files by ``compute(bytes)``, read from and saved to the JSON file ``path``; ``scheme``
    names the computation (a digest of its code): a cache saved by another is not read."""

    def __init__(self, path: Path, scheme: str) -> None:
        self.path, self.scheme = path, scheme
        self.entries: dict[str, list] = _read(path, scheme)
        self.added = False

    def digest(self, file: Path, compute: Callable[[bytes], str]) -> str:
        stat = os.stat(file)
        key = [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]
        name = str(Path(file).absolute())
        entry = self.entries.get(name)
        if entry is not None and entry[:-1] == key:
            return entry[-1]
        digest = compute(Path(file).read_bytes())
        if stat.st_mtime_ns < (time.time() - RACY_SECONDS) * 1e9:
            self.entries[name], self.added = [*key, digest], True
        return digest

    def save(self) -> None:
        """Write the entries added since the last save, with those on disk for files that still exist, and
        remove the temporaries that killed writers left beside it (no build sweeps the data folder); a cache
        that cannot be written (a read-only data folder) is left as it is."""
        if not self.added:
            return
        merged = {
            n: e for n, e in (_read(self.path, self.scheme) | self.entries).items() if os.path.isfile(n)
        }
        try:
            write_bytes(self.path, json.dumps({"scheme": self.scheme, "files": merged}).encode())
        except OSError:
            return
        sweep_beside(self.path)
        self.entries, self.added = merged, False


def _read(path: Path, scheme: str) -> dict[str, list]:
    """The entries of a cache file; none where it is missing, damaged, of another scheme, or no regular file
    (reading a named pipe would wait for a writer for ever: every command that fingerprints hung)."""
    if not_a_regular_file(path):
        return {}
    try:
        found = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    if (
        not isinstance(found, dict)
        or found.get("scheme") != scheme
        or not isinstance(found.get("files"), dict)
    ):
        return {}
    return {
        n: e
        for n, e in found["files"].items()
        if isinstance(e, list) and len(e) == 5 and isinstance(e[-1], str)
    }
