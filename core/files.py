"""What a path names, asked before opening it: reading a named pipe would wait for a writer for ever."""

from __future__ import annotations

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
