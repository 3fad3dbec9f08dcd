"""What a path names, asked before opening it: reading a named pipe would wait for a writer for ever."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def not_a_regular_file(path: Path) -> bool:
    """Whether ``path`` exists (symbolic links followed) but is no regular file: a folder, a named pipe, a
    device or a socket. False for a path that cannot be looked at (absent, a symbolic link loop, no
    permission): opening it names that."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return False


def absent(path: Path) -> bool:
    """Whether nothing is at ``path`` (no such file, every folder above it a folder): False for a path that
    exists, and for one that cannot be looked at (a file where a folder above it goes, a symbolic link
    that loops, no permission), which is not "not built yet": reading it names the problem."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return False
    return False


def missing(path: Path, what: str = "file or folder") -> str:
    """Why ``path``, which names nothing to read, names nothing: a symbolic link that loops or points to
    nothing, else "no such ``what``"."""
    try:
        os.stat(path)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return "a symbolic link that loops"
        if path.is_symlink():
            return f"a symbolic link to {os.readlink(path)}, which is not there"
    except ValueError:  # a NUL in the path
        pass
    return f"no such {what}"
