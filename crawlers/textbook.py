"""Chapters of a plain-text book (.txt: UTF-8, GB18030, or UTF-16 with or without a BOM) cut at
chapter-heading lines.

A heading is a short line matching the pattern (by default 第…章/回/节, 序章, 楔子, Chapter N,
Prologue). Text before the first heading (title, author, blurb) is front matter and dropped, and so is
a heading with no text under it (a list of contents).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.user_regex import RegexTimeout, compile_user, user_search
from crawlers.limits import Caps

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


def _utf16(data: bytes) -> str | None:
    """The UTF-16 codec of ``data``, by its BOM, else by where its zero bytes are (the high bytes of
    ASCII characters: line breaks, digits); None when it does not look like UTF-16."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "utf-16"
    sample = data[: 2**16]
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if not even + odd or 2 * min(even, odd) > max(even, odd):
        return None  # UTF-8 and GB18030 text has no zero byte; UTF-16 has most on one side
    return "utf-16-le" if odd > even else "utf-16-be"


def decode(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """The text and the encoding that read it: ``encoding`` if given, else UTF-16 when its BOM or its
    zero bytes say so, else UTF-8, else GB18030. Text with NUL characters is not a book: ``bad_encoding``."""
    utf16 = None if encoding else _utf16(data)
    names = (encoding,) if encoding else (utf16,) if utf16 else ENCODINGS
    for name in names:
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        except LookupError:
            raise TextBookError("bad_encoding", f"unknown encoding {name!r}") from None
        if "\x00" not in text:
            return text, name
    raise TextBookError("bad_encoding", f"not {' or '.join(names)} text")


def split_chapters(text: str, heading: str | None = None) -> list[TextChapter]:
    """The chapters of ``text``: each heading line and the non-empty lines up to the next heading (none
    for a heading followed by another, as in a list of contents).

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
    return chapters


def read_text_book(
    path: Path, encoding: str | None = None, heading: str | None = None, caps: Caps = Caps()
) -> tuple[list[TextChapter], str]:
    """The chapters of a .txt book that have text and the encoding it was read with; ``book_too_large``
    over the cap, ``no_chapters`` when no heading line has text under it."""
    try:
        with path.open("rb") as file:
            data = file.read(caps.book_bytes + 1)
    except OSError as err:
        raise TextBookError("file_unreadable", f"{path.name}: {err.strerror or err}") from None
    if len(data) > caps.book_bytes:
        raise TextBookError(
            "book_too_large", f"{path.name} is larger than the cap of {caps.book_bytes} bytes"
        )
    text, used = decode(data, encoding)
    headed = split_chapters(text, heading)
    chapters = [c for c in headed if c.paragraphs]
    if not headed:
        raise TextBookError("no_chapters", f"{path.name}: no line matches the chapter heading pattern")
    if not chapters:
        found = f"{len(headed)} found, the first {headed[0].title!r}"
        raise TextBookError("no_chapters", f"{path.name}: no text line under any chapter heading ({found})")
    return chapters, used
