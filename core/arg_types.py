"""Argument types shared by the project's command-line entry points."""

from __future__ import annotations

import argparse
from pathlib import Path


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def output_file(text: str) -> Path:
    """An argparse type: a file the command will write, checked before any work: not a folder, and under
    a folder (existing or to be made), not under a file."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    parent = next((p for p in path.absolute().parents if p.exists()), None)
    if parent is not None and not parent.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text!r} cannot be written: {str(parent)!r} is a file, not a folder"
        )
    return path
