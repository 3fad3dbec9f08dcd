"""Machine translations of the source sentences, for Bleualign mode."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol


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
        lines = (self.directory / f"{chapter_id}{self.suffix}").read_text(encoding="utf-8").splitlines()
        return _checked(chapter_id, lines, sentences)


class ColumnTranslator:
    """Translations already at hand, e.g. a column of the chapters table: chapter_id -> lines."""

    def __init__(self, translations: Mapping[str, Sequence[str]]) -> None:
        self.translations = translations

    def translate(self, chapter_id: str, sentences: Sequence[str]) -> list[str]:
        return _checked(chapter_id, list(self.translations[chapter_id]), sentences)


def _checked(chapter_id: str, lines: list[str], sentences: Sequence[str]) -> list[str]:
    if len(lines) != len(sentences):
        raise ValueError(f"{chapter_id}: {len(lines)} translated lines for {len(sentences)} sentences")
    return lines
