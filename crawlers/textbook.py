"""Chapters of a plain-text book (.txt, UTF-8 or GB18030) cut at chapter-heading lines.

A heading is a short line matching the pattern (by default 第…章/回/节, 序章, 楔子, Chapter N,
Prologue). Text before the first heading (title, author, blurb) is front matter and dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.user_regex import RegexTimeout, compile_user, user_search

DEFAULT_HEADING = (
    r"^\s*(第\s*[0-9０-９零〇一二两三四五六七八九十百千万]+\s*[章回节節]|序章|楔子|引子"
    r"|chapter\s+\d+|prologue)(?=$|[\s:：.、—\-])"
)
MAX_HEADING = 60  # a longer line is body text even when it starts like a heading
ENCODINGS = ("utf-8-sig", "gb18030")


class TextBookError(ValueError):
    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


@dataclass
class TextChapter:
    title: str
    paragraphs: list[str]


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """The text and the encoding that read it: ``encoding`` if given, else UTF-8, else GB18030."""
    for name in (encoding,) if encoding else ENCODINGS:
        try:
            return data.decode(name), name
        except UnicodeDecodeError:
            continue
    raise TextBookError("bad_encoding", f"not {' or '.join((encoding,) if encoding else ENCODINGS)}")


def split_chapters(text: str, heading: str | None = None) -> list[TextChapter]:
    """The chapters of ``text``: each heading line and the non-empty lines up to the next heading.

    A heading pattern that runs past its time limit on a line is ``TextBookError("regex_timeout")``."""
    pattern = compile_user(heading or DEFAULT_HEADING)
    chapters: list[TextChapter] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            is_heading = len(line) <= MAX_HEADING and user_search(pattern, line)
        except RegexTimeout as err:
            raise TextBookError(err.reason, err.detail) from None
        if is_heading:
            chapters.append(TextChapter(line, []))
        elif chapters:
            chapters[-1].paragraphs.append(line)
    return [c for c in chapters if c.paragraphs]


def read_text_book(path: Path, encoding: str | None = None, heading: str | None = None) -> tuple[list[TextChapter], str]:
    """The chapters of a .txt book and the encoding it was read with."""
    text, used = decode(path.read_bytes(), encoding)
    chapters = split_chapters(text, heading)
    if not chapters:
        raise TextBookError("no_chapters", f"{path.name}: no line matches the chapter heading pattern")
    return chapters, used
