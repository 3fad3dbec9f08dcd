"""Argument types shared by the project's command-line entry points."""

from __future__ import annotations

import argparse
from pathlib import Path


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def input_path(text: str) -> Path:
    """An argparse type: a file or folder to read; not empty, which ``Path`` would take for the current
    folder and read whole."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a path (an unset variable? write . for the current folder)"
        )
    return Path(text)


def output_file(text: str) -> Path:
    """An argparse type: a file the command will write, checked before any work: not empty (an unset
    variable), not a folder, and under a folder (existing or to be made), not under a file."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a file name (an unset variable?)")
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    parent = next((p for p in path.absolute().parents if p.exists()), None)
    if parent is not None and not parent.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text!r} cannot be written: {str(parent)!r} is a file, not a folder"
        )
    return path


def output_folder(text: str) -> Path:
    """An argparse type: a folder to write into; it may not exist yet, but neither it nor a folder above
    it is a file; nor empty, which would be the current folder."""
    if not text.strip():  # an unset variable in a script
        raise argparse.ArgumentTypeError(f"{text!r} is not a folder (write . for the current one)")
    try:
        wanted = Path(text).expanduser()  # also where the shell left ~ as written (--output=~/corpus)
    except RuntimeError:  # ~name of no user
        raise argparse.ArgumentTypeError(f"{text!r}: no such user, so no home folder") from None
    try:
        path = wanted.resolve()
    except (RuntimeError, OSError):  # a symbolic link loop (RuntimeError before Python 3.13)
        raise argparse.ArgumentTypeError(f"{text!r}: a symbolic link loop, not a folder") from None
    for place in (path, *path.parents):
        if place.exists():
            if not place.is_dir():
                raise argparse.ArgumentTypeError(f"{text!r}: {place} is a file, not a folder")
            break
    return wanted
