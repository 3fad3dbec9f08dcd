"""Machine translations of the source sentences, for Bleualign mode."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from core.files import not_a_regular_file, read_capped
from core.lines import split_lines


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
        """The lines of the chapter's file; ValueError (one line) when it is missing, unreadable or no
        regular file."""
        path = self.directory / f"{chapter_id}{self.suffix}"
        if not_a_regular_file(path):  # a named pipe would be waited on for ever, /dev/zero read for ever
            raise ValueError(f"{path}: not a regular file (a folder, a named pipe or a device)")
        try:
            lines = split_lines(read_capped(path).decode("utf-8"))  # TooLarge: a ValueError naming it
        except (OSError, UnicodeDecodeError) as err:
            problem = "missing" if isinstance(err, FileNotFoundError) else f"cannot be read ({err})"
            raise ValueError(f"{path}: {problem}") from None
        return _checked(chapter_id, lines, sentences)


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
                content = f"unreadable: {err.strerror or err}"
        digest.update(f"{path.name}\0{content}\n".encode())
    return digest.hexdigest()
