"""Chapter numbers (and split-chapter part numbers) from chapter titles and URLs.

Titles are tried first, the URL only when the title has no number. English titles may write the number
out ("Chapter Twenty-Three", "Chapter XIV": :mod:`text.en_numerals`). Parts: 上/中/下 are parts
1/2/3 (so 上/下 become 1/3; only the order matters when parts are merged), （一）/(2)/"(Part 2)"/
"12.2"/"12-2" give the number. 上/中/下 count only bracketed or standing alone after the chapter
number (第十章 上), so 第十章 下山 is chapter 10 without a part. A URL number of five or more digits
is a database id, not a chapter number, and is ignored; so is any number above ``MAX_NUMBER`` (no novel
has that many chapters, and the tables store numbers as 32-bit integers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from text.en_numerals import EN_NUMBER, parse_en_number
from text.numerals import ZH_NUMERAL, parse_zh_numeral

_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")

_NUM = rf"[\d０-９{ZH_NUMERAL}]+"
_ZH_CHAPTER = re.compile(rf"第\s*({_NUM})\s*[章回节節话話]")
# (?:#\s*)? and not #?\s*: without a "#", "chapter" and a long run of blanks were split every way (quadratic)
_EN_CHAPTER = re.compile(r"\b(?:chapter|chap|ch)\b\.?\s*(?:#\s*)?(\d+)(?:[.\-](\d+)\b)?", re.IGNORECASE)
_EN_CHAPTER_WORDS = re.compile(rf"\bchapter\s+({EN_NUMBER})(?=$|[\s:：.,、—\-])", re.IGNORECASE)
_LEADING_NUMBER = re.compile(r"^\s*(\d+)(?:[.:、\s]|$)")
_PART_AFTER = re.compile(rf"^\s*(?:[（(【\[]\s*([上中下]|{_NUM})\s*[）)】\]]|([上中下])(?=$|[\s:：·\-—]))")
_PART_ANYWHERE = re.compile(
    r"\(?\bpart\s*(\d+)\)?|[（(]\s*([上中下]|" + _NUM + r")\s*[）)]\s*$", re.IGNORECASE
)
_URL_CHAPTER = re.compile(r"(?:chapter|chap|ch)[-_/]?(\d+)(?:[-_.](\d+))?(?=\D|$)", re.IGNORECASE)
_URL_NUMBER = re.compile(r"/(\d{1,4})(?:_(\d+))?(?:\.s?html?|/)?$")
_PARTS = {"上": 1, "中": 2, "下": 3}
MAX_NUMBER = 999_999


class ChapterNumber(NamedTuple):
    chapter_no: int
    part: int | None = None


def _part(token: str | None) -> int | None:
    if not token:
        return None
    return _PARTS.get(token) or parse_zh_numeral(token)


def _plausible(number: ChapterNumber | None) -> ChapterNumber | None:
    return number if number and max(number.chapter_no, number.part or 0) <= MAX_NUMBER else None


def parse_title(title: str) -> ChapterNumber | None:
    """Chapter number and part from a zh or en chapter title, or None."""
    try:
        return _plausible(_parse_title(title))
    except ValueError:  # a number of thousands of digits, which int() refuses: no chapter number
        return None


def _parse_title(title: str) -> ChapterNumber | None:
    title = title.translate(_FULLWIDTH_DIGITS)
    if m := _ZH_CHAPTER.search(title):
        number, rest = parse_zh_numeral(m.group(1)), title[m.end() :]
        if after := _PART_AFTER.match(rest):
            return ChapterNumber(number, _part(after.group(1) or after.group(2)))
    elif m := _EN_CHAPTER.search(title):
        number, rest = int(m.group(1)), title[m.end() :]
        if m.group(2):
            return ChapterNumber(number, int(m.group(2)))
    elif (m := _EN_CHAPTER_WORDS.search(title)) and (words := parse_en_number(m.group(1))) is not None:
        number, rest = words, title[m.end() :]
    elif m := _LEADING_NUMBER.match(title):
        number, rest = int(m.group(1)), title[m.end() :]
    else:
        return None
    anywhere = _PART_ANYWHERE.search(rest)
    return ChapterNumber(number, _part(anywhere.group(1) or anywhere.group(2)) if anywhere else None)


def parse_url(url: str) -> ChapterNumber | None:
    """Chapter number and part from a chapter URL (/chapter-12.html, /12_2.html), or None.

    A local book's ``file:`` URL names the whole book's file, which numbers none of its chapters (a book
    saved as ``chapter-2.txt`` would give each chapter without a numbered title the number 2)."""
    if url.startswith("file:"):
        return None
    path = url.split("?", 1)[0].split("#", 1)[0]
    if not (m := _URL_CHAPTER.search(path) or _URL_NUMBER.search(path)):
        return None
    try:
        return _plausible(ChapterNumber(int(m.group(1)), int(m.group(2)) if m.group(2) else None))
    except ValueError:  # as in a title
        return None


def parse_chapter_number(title: str, url: str = "") -> ChapterNumber | None:
    """The chapter number from the title, else from the URL, else None."""
    return parse_title(title) or parse_url(url)


def run_on(rows: Sequence[tuple[int, int | None]]) -> list[int | None]:
    """The chapter numbers of one side's ``(toc_index, chapter_no)`` rows, run on across volumes: where a
    side numbers each volume from 1 again (in table-of-contents order, a row numbered 1 after one numbered
    higher, the next number other than 1 being 2), that row and those after it add the highest number
    before it. Returned in the rows' order; None stays None."""
    order = sorted(range(len(rows)), key=lambda k: rows[k][0])
    numbered = [rows[k][1] for k in order if rows[k][1] is not None]
    after, following = [], None  # per numbered row, the next number other than 1
    for number in reversed(numbered):
        after.append(following)
        following = number if number != 1 else following
    after.reverse()
    numbers: list[int | None] = [None] * len(rows)
    offset = top = previous = at = 0
    for k in order:
        if (number := rows[k][1]) is None:
            continue
        if number == 1 and previous > 1 and after[at] == 2:
            offset = top
        numbers[k], top, previous, at = number + offset, max(top, number + offset), number, at + 1
    return numbers
