"""Chapters of a plain-text book (.txt: UTF-8, GB18030 for a Chinese site's, UTF-16 with or without a
BOM, or UTF-32 with one) cut at chapter-heading lines.

A heading is a short line matching the pattern (by default 第…章/回/节, 序章, 楔子, Chapter N with N in
digits, words or Roman numerals, Ch. N, Prologue). Text before the first heading (title, author, blurb,
or a chapter posted without a heading) is front matter: not read as a chapter (it has no heading to number
it), but returned as a one-line summary so that the crawl rejects it by name (``front_matter``). A heading
with no text under it (a list of contents) is dropped too, returned by its title so that the crawl report
lists it.
"""

from __future__ import annotations

import codecs
import re
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path

from core.files import os_problem
from core.rejection import shorten
from core.user_regex import Budget, RegexTimeout, compile_user, user_search
from crawlers.limits import Caps
from text.decoding import marked_codec
from text.en_numerals import EN_NUMBER, parse_en_number
from text.numerals import ZH_NUMERAL, parse_zh_numeral
from text.terminal import without_escape_sequences

DEFAULT_HEADING = (
    r"^\s*(第\s*[0-9０-９零〇一二两三四五六七八九十百千万]+\s*[章回节節]|序章|楔子|引子"
    rf"|chapter\s+(?:\d+|{EN_NUMBER})|ch(?:ap)?\.\s*\d+|prologue)(?=$|[\s:：.、—\-])"
)
# a longer line is body text even when it starts like a heading, unless it numbers the next chapter
MAX_HEADING = 60
# The first chapter number in a heading: digits, Chinese numerals, or English words or Roman numerals
_NUMBER = re.compile(rf"[0-9０-９{ZH_NUMERAL}]+|\b{EN_NUMBER}", re.IGNORECASE)
# The encodings tried, in this order, for a book without a BOM or the site's encoding, by the site's
# language: GB18030 reads the bytes of windows-1252 English (its curly apostrophe before a letter) as
# Chinese characters ("didn抰"), so it is tried on Chinese sites only
ENCODINGS = {"zh": ("utf-8-sig", "gb18030")}
OTHER_ENCODINGS = ("utf-8-sig",)
# Blank and invisible characters at a line's edges: a byte order mark (one kept by a set encoding, or
# one per chapter file in a book joined from files saved with one), zero-width spaces and joiners, and
# the marks of writing direction (left-to-right and right-to-left marks, embeddings, isolates). A run
# is tried at its start only: tried at each of its characters, a long blank run inside a line took time
# quadratic in its length.
_INVISIBLE = "\ufeff\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
_BLANK = rf"[\s{_INVISIBLE}]"
_EDGES = re.compile(rf"^{_BLANK}+|(?<!{_BLANK}){_BLANK}+$")
# The invisible ones inside a line, which the heading pattern does not see: "第一<ZWSP>章", "第二章<PDI>"
# read as no heading, their chapter joined to the one before it or dropped as front matter, without a word
_INSIDE = re.compile(f"[{_INVISIBLE}]")
# UTF-16 units that hold the byte of a line feed or carriage return beside a byte of text (Gurmukhi,
# Gujarati, Malayalam and Sinhala: no text of a Chinese or English book)
_STRAY_BREAK = re.compile("[\u0a00-\u0aff\u0d00-\u0dff]")
# A line of text: a run between the line breaks ``str.splitlines`` knows, found one at a time (a list of
# a book's lines, made at once, held them all before any was counted)
_LINE = re.compile("[^\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]+")


class TextBookError(ValueError):
    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


@dataclass
class TextChapter:
    title: str
    paragraphs: list[str]


# Files a text site may be pointed at by mistake, by their first bytes (which read as some text).
_NOT_TEXT = (
    (b"PK\x03\x04", "a zip archive (an EPUB goes under a site of kind: epub)"),
    (b"%PDF-", "a PDF (copy its text into a .txt file)"),
)


def _utf16_by_line_breaks(data: bytes) -> str | None:
    """UTF-16 when ``data``'s line breaks say so, in the order they say (LF or CR as a 16-bit unit, read
    little- or big-endian: the other reading of them, U+0A00 and U+0D00, is no text); None when it does
    not look like UTF-16. (Counting zero bytes cannot tell: those of 一 U+4E00 lie on the other side of
    those of ASCII characters.)"""
    sample = data[: 2**16]
    units = array("H", sample[: len(sample) // 2 * 2])
    if sys.byteorder == "big":
        units.byteswap()  # read little-endian
    little = units.count(0x000A) + units.count(0x000D)
    big = units.count(0x0A00) + units.count(0x0D00)
    if little == big:
        return None  # UTF-8 and GB18030 text has no zero byte, so no such unit
    return "utf-16-le" if little > big else "utf-16-be"


def decode(data: bytes, encoding: str | None = None, lang: str | None = "zh") -> tuple[str, str]:
    """The text and the encoding that read it: ``encoding`` if given, else UTF-16 or UTF-32 when a BOM
    says so, else UTF-16 when its line breaks say so and it reads so (a stray NUL byte beside a line
    break in UTF-8 text says so too), else UTF-8 (named "utf-8-sig" only where a BOM opens it), else (on a
    site in ``lang`` zh) GB18030. Text with NUL
    characters is not a book: ``bad_encoding``, naming the line of the first."""
    if encoding or (encoding := marked_codec(data)):
        return _in_step(*_decode(data, (encoding,)))
    if guess := _utf16_by_line_breaks(data):
        try:
            read = _decode(data, (guess,))
        except TextBookError:
            pass
        else:
            return _in_step(*read)
    text, name = _decode(
        data,
        ENCODINGS.get(lang or "", OTHER_ENCODINGS),
        "; if the file is in another encoding, set the site's encoding",
    )
    return text, "utf-8" if name == "utf-8-sig" and not data.startswith(codecs.BOM_UTF8) else name


def _in_step(text: str, name: str) -> tuple[str, str]:
    """``text`` read with ``name``, unless UTF-16 read a line feed's or carriage return's byte in pair with
    a byte of text (U+0Axx, U+0Dxx: no text of a book): part of the file is in another encoding or a byte
    out of step, as in a book joined from a UTF-16 part and a UTF-8 part, whose other part read as one
    line of no heading and its chapters were lost. ``bad_encoding``, naming the first such line."""
    if codecs.lookup(name).name.startswith("utf-16") and (stray := _STRAY_BREAK.search(text)):
        line = text.count("\n", 0, stray.start()) + 1
        raise TextBookError(
            "bad_encoding",
            f"read as {name}, line {line} holds U+{ord(stray.group()):04X}, a line break's byte paired with "
            "another: part of the file is in another encoding (a file joined from parts saved in two?); "
            "save it in one encoding",
        )
    return text, name


def _decode(data: bytes, names: tuple[str, ...], advice: str = "") -> tuple[str, str]:
    """The text and the first of ``names`` that reads ``data`` with no NUL character (``decode``); the
    error of bytes none of them reads ends with ``advice``."""
    first_error = ""
    nul_line = 0
    for name in names:
        try:
            text = data.decode(name)
        except LookupError:
            raise TextBookError("bad_encoding", f"unknown encoding {name!r}") from None
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            first_error = first_error or f" ({name} cannot read a byte in line {line})"
            continue
        except UnicodeError as err:  # a codec that decodes no bytes ('undefined') or not these ('idna')
            first_error = first_error or f" ({name}: {err})"
            continue
        if "\x00" not in text:
            return text, name
        nul_line = nul_line or text.count("\n", 0, text.index("\x00")) + 1
    if nul_line:
        raise TextBookError(
            "bad_encoding",
            f"not {' or '.join(names)} text: NUL characters (the first in line {nul_line}), as in a "
            "binary file; if it is text, set the site's encoding",
        )
    raise TextBookError("bad_encoding", f"not {' or '.join(names)} text{first_error}{advice}")


def split_chapters(
    text: str,
    heading: str | None = None,
    max_chapters: int = Caps.chapters,
    max_paragraphs: int = Caps.paragraphs,
) -> list[TextChapter]:
    """The chapters of ``text``: each heading line and the non-empty lines up to the next heading (none
    for a heading followed by another, as in a list of contents); lines are read without the blank and
    invisible characters at their edges (``_EDGES``), so a byte order mark hides no heading, nor does an
    invisible character inside it (``_INSIDE``: it is matched without them), and a heading
    is read, and titled, without terminal escape sequences, so a colour ("ESC[31m") hides none either.
    The lines before the first heading, if any, come first, as a chapter titled "" (no heading is: a line
    of no visible character is none).

    A heading pattern that runs past its time limit on a line, or on the book's lines in all
    (``core.user_regex.Budget``), is ``TextBookError("regex_timeout")``;
    more than ``max_chapters`` headings is ``TextBookError("too_many_chapters")``, more than ``max_paragraphs``
    lines with text ``TextBookError("too_many_paragraphs")``."""
    pattern = compile_user(heading or DEFAULT_HEADING)
    budget = Budget()  # the book's: a pattern slow on every line stops, not only one slow on some line
    chapters: list[TextChapter] = []
    front: list[str] = []
    lines = 0
    for found in _LINE.finditer(text):
        line = _EDGES.sub("", found.group())
        if not line:
            continue
        lines += 1
        if lines > max_paragraphs:
            raise TextBookError(
                "too_many_paragraphs",
                f"more than {max_paragraphs:,} lines of text (cap; a book of 10,000 chapters has some "
                f"1,000,000): is it a word a line, or a list? Line {lines:,}: {shorten(line, quote=True)}",
            )
        bare, in_sequences = without_escape_sequences(line)
        shown = _EDGES.sub("", bare) if in_sequences else line
        seen = _INSIDE.sub("", shown)
        try:
            is_heading = (
                seen
                and (len(seen) <= MAX_HEADING or _numbers_the_next(seen, chapters))
                and user_search(pattern, seen, budget)
            )
        except RegexTimeout as err:
            raise TextBookError(err.reason, err.detail) from None
        if is_heading:
            if len(chapters) == max_chapters:
                raise TextBookError(
                    "too_many_chapters",
                    f"more than {max_chapters} chapter headings (cap): does the heading pattern match "
                    f"lines that are no headings, such as {shorten(line, quote=True)}?",
                )
            chapters.append(TextChapter(shown, []))
        elif chapters:
            chapters[-1].paragraphs.append(line)
        else:
            front.append(line)
    return [TextChapter("", front), *chapters] if front else chapters


def heading_number(title: str) -> int | None:
    """The first number written in the start of a heading (``MAX_HEADING`` characters), or None."""
    found = _NUMBER.search(title[:MAX_HEADING])
    if not found:
        return None
    try:
        return parse_zh_numeral(found[0])
    except ValueError:  # not digits or a Chinese numeral: English words or a Roman numeral
        return parse_en_number(found[0])


def _numbers_the_next(line: str, chapters: list[TextChapter]) -> bool:
    """Whether ``line`` (one over ``MAX_HEADING``) starts with the number after the last heading's: a
    chapter with a long title, which as body text would merge into the chapter before it."""
    if not chapters or (last := heading_number(chapters[-1].title)) is None:
        return False
    return heading_number(line) == last + 1


def read_text_book(
    path: Path,
    encoding: str | None = None,
    heading: str | None = None,
    caps: Caps = Caps(),
    lang: str | None = "zh",
) -> tuple[list[TextChapter], str, list[str], str]:
    """The chapters of a .txt book of a site in ``lang`` (``decode``) that have text, the encoding it was
    read with, the headings with no text under them (a list of contents, a chapter posted as its title
    alone), and what stands before the first heading, in one line ("" if nothing: ``front_matter``);
    ``book_too_large``
    over the cap, ``not_text`` for a zip archive (an EPUB) or a PDF, ``no_chapters`` when it is empty or
    no heading line has text under it (naming the encoding it was read with, as a file in another reads
    as no heading)."""
    try:
        with path.open("rb") as file:
            data = file.read(caps.book_bytes + 1)
    except OSError as err:
        raise TextBookError("file_unreadable", f"{path.name}: {os_problem(err)}") from None
    if len(data) > caps.book_bytes:
        raise TextBookError(
            "book_too_large", f"{path.name} is larger than the cap of {caps.book_bytes} bytes"
        )
    for magic, what in _NOT_TEXT:
        if data.startswith(magic):
            raise TextBookError("not_text", f"{path.name} is {what}, not a text file")
    text, used = decode(data, encoding, lang)
    if not text.strip():
        raise TextBookError("no_chapters", f"{path.name} is empty")
    headed = split_chapters(text, heading, caps.chapters, caps.paragraphs)
    front = headed.pop(0).paragraphs if headed and not headed[0].title else []
    chapters = [c for c in headed if c.paragraphs]
    if not headed:
        read = (
            f"read as {used}, the site's encoding"
            if encoding
            else f"read as {used}; if the file is in another encoding, set the site's encoding"
        )
        pattern = (
            f"the site's heading '{heading}'"
            if heading
            else "the default chapter headings (第N章, Chapter N, ...; for others set the site's heading)"
        )
        raise TextBookError("no_chapters", f"{path.name}: no line matches {pattern} ({read})")
    if not chapters:
        found = f"{len(headed)} found, the first {headed[0].title!r}"
        raise TextBookError("no_chapters", f"{path.name}: no text line under any chapter heading ({found})")
    return chapters, used, [c.title for c in headed if not c.paragraphs], front_matter(front, headed[0].title)


def front_matter(lines: list[str], first_heading: str) -> str:
    """What ``lines`` before ``first_heading`` are, in one line; "" for none."""
    if not lines:
        return ""
    size = sum(map(len, lines))
    return (
        f"{len(lines)} line{'s' * (len(lines) > 1)} ({size} characters) before the first chapter heading "
        f"{shorten(first_heading, quote=True)}, from {shorten(lines[0], quote=True)}: not read as a chapter "
        "(title, author, blurb; a chapter there needs a heading line)"
    )
