"""Machine translations of the source sentences, for Bleualign mode."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from core.files import absent, not_a_regular_file, os_problem
from core.lines import split_lines
from text.decoding import read_utf8


class Translator(Protocol):
    def translate(self, chapter_id: str, sentences: Sequence[str]) -> list[str]:
        """One English line per source sentence, in order."""
        ...


class FileTranslator:
    """Reads ``DIRECTORY/<chapter_id><suffix>``, line i translating source sentence i."""

    def __init__(self, directory: Path, suffix: str = ".trans.txt") -> None:
        self.directory = directory
        self.suffix = suffix

    def translate(self, chapter_id: str, sentences: Sequence[str]) -> list[str]:
        """The lines of the chapter's file (UTF-8, or UTF-16 or UTF-32 with a byte order mark:
        ``text.decoding.read_utf8``); ValueError (one line naming the file) when it is missing, unreadable,
        no regular file, too large, binary (a NUL byte: UTF-16 without a byte order mark too) or not UTF-8."""
        path = self.directory / f"{chapter_id}{self.suffix}"
        if not_a_regular_file(path):  # a named pipe would be waited on for ever, /dev/zero read for ever
            raise ValueError(f"{path}: not a regular file (a folder, a named pipe or a device)")
        if absent(path):
            raise ValueError(f"{path}: missing")
        return _checked(chapter_id, split_lines(read_utf8(path, "align")), sentences)


def _checked(chapter_id: str, lines: list[str], sentences: Sequence[str]) -> list[str]:
    if len(lines) != len(sentences):
        raise ValueError(f"{chapter_id}: {len(lines)} translated lines for {len(sentences)} sentences")
    return lines


def book_digest(directory: Path, book_id: str, suffix: str = ".txt") -> str:
    """SHA-256 of a book's translations (``DIRECTORY/<book_id>/*<suffix>``, what ``FileTranslator`` reads for
    its chapters), by name and content; a file that is no regular file or cannot be read by name and why."""
    digest = hashlib.sha256()
    folder = directory / book_id
    for path in sorted(folder.glob(f"*{suffix}")) if folder.is_dir() else []:
        if not_a_regular_file(path):  # a named pipe is never opened
            content = "not a regular file"
        else:
            try:
                with open(path, "rb") as handle:
                    content = hashlib.file_digest(handle, "sha256").hexdigest()
            except OSError as err:
                content = f"unreadable: {os_problem(err)}"
        digest.update(f"{path.name}\0{content}\n".encode())
    return digest.hexdigest()
