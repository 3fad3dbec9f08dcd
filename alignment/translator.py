"""Machine translations of the source sentences, for Bleualign mode."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

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
        """The lines of the chapter's file; ValueError (one line) when it is missing or unreadable."""
        path = self.directory / f"{chapter_id}{self.suffix}"
        try:
            lines = split_lines(path.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError) as err:
            problem = "missing" if isinstance(err, FileNotFoundError) else f"cannot be read ({err})"
            raise ValueError(f"{path}: {problem}") from None
        return _checked(chapter_id, lines, sentences)


def _checked(chapter_id: str, lines: list[str], sentences: Sequence[str]) -> list[str]:
    if len(lines) != len(sentences):
        raise ValueError(f"{chapter_id}: {len(lines)} translated lines for {len(sentences)} sentences")
    return lines
