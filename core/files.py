"""What a path names, asked before opening it: reading a named pipe would wait for a writer for ever; a
file a user hands a command, read within a cap; and what an OSError met on a path says went wrong."""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MAX_INPUT_BYTES = 256 * 2**20  # as much as a local text book may have (crawlers.limits.Caps.book_bytes)


class TooLarge(ValueError):
    """A file (or stdin) with more bytes than a command reads at once; the message is one line naming it."""


def not_a_regular_file(path: Path) -> bool:
    """Whether ``path`` exists (symbolic links followed) but is no regular file: a folder, a named pipe, a
    device or a socket. False for a path that cannot be looked at (absent, a symbolic link loop, no
    permission): opening it names that."""
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        return False


def locale_cannot_name(what: str) -> str:
    """Why Python cannot name ``what``, whose name goes beyond ASCII: in the C locale without UTF-8 mode
    (``LC_ALL=C`` with ``PYTHONUTF8=0``) it reads and writes file names as ASCII."""
    return (
        f"Python reads file names as {sys.getfilesystemencoding()} in this locale (LC_ALL=C with "
        f"PYTHONUTF8=0), which cannot name {what}: run with PYTHONUTF8=1 or LC_ALL=C.UTF-8"
    )


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


@contextmanager
def naming(path: Path) -> Iterator[None]:
    """An OSError raised inside that names no file names ``path``: a write to an open file on a full disk, or
    past ``ulimit -f``, failed with "OSError: [Errno 27] File too large" and no file named."""
    try:
        yield
    except OSError as err:
        if err.filename is not None:
            raise
        raise OSError(err.errno, err.strerror, str(path)) from None


def os_problem(err: OSError) -> str:
    """What went wrong, as a message naming the path itself shows it: the error's ``strerror`` ("Permission
    denied"), without the errno and file name ``str`` adds; its whole text where it has none (an OSError
    raised with a message alone)."""
    return err.strerror or str(err)


def folder_entries(folder: Path, recursive: bool = False) -> list[Path]:
    """Every file and folder in ``folder`` (``recursive``: in its subfolders too, links to folders not
    followed), sorted; the OSError of a folder that cannot be listed (no permission), naming it.
    ``Path.glob`` and ``rglob`` skip such a folder without a word: the reviews in a subfolder of mode 000
    were not imported, and a folder of chapters of mode 000 was "a folder without *.txt files"."""

    def fail(err: OSError) -> None:
        raise err

    if not recursive:
        with os.scandir(folder) as entries:
            return sorted(folder / entry.name for entry in entries)
    walk = os.walk(folder, onerror=fail)
    return sorted(Path(root) / name for root, folders, files in walk for name in folders + files)


def path_text(path: Path | str) -> str:
    """``path`` as text a table or a UTF-8 file can hold: its bytes read as UTF-8, those that are not replaced
    with U+FFFD. A name in Latin-1, or one in UTF-8 that Python reads in the ASCII of the C locale
    (``LC_ALL=C`` with ``PYTHONUTF8=0``), is held as surrogates, which neither Arrow nor UTF-8 take."""
    return os.fsencode(path).decode("utf-8", "replace")


def read_capped(path: Path, limit: int = MAX_INPUT_BYTES) -> bytes:
    """All of the file ``path``, which a user handed a command; ``TooLarge`` past ``limit`` bytes, unread
    where its size says so: read whole, a file larger than memory (a sparse 50 GB one) ended in a
    MemoryError traceback, and one of a few GB took as much memory as it has bytes and more. ``OSError``
    as ``open`` raises it; ask ``not_a_regular_file`` first (opening a named pipe waits for a writer)."""
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        data = b"" if size > limit else handle.read(limit + 1)  # a size of 0 may hide more (/proc)
    if size > limit or len(data) > limit:
        raise TooLarge(f"{path}: more than {limit:,} bytes, too large a file to read at once")
    return data
