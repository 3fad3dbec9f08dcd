"""Bad text books, each to its named rejection (never a traceback), read as ``CrawlBook`` reads them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from crawlers.journal import read_journal
from crawlers.local import read_local
from crawlers.profile import Site
from tests.crawlers.bad_books import GOOD, TEXT, outcome, rejection_details, text_file
from tests.crawlers.local_books import write_epub

UTF8_TEXT = replace(TEXT, encoding="utf-8")
EN_TEXT = replace(TEXT, lang="en")
BOOK_TXT = "第一章 点灯\n米拉点了灯。\n第二章 小船\n米拉找到一条船。\n"
ONE_TXT = (
    "第一章 一一\n一一一一一一一一。\n第二章 一\n一一一一一一一一一一一一。\n"  # more 一 (U+4E00) than ASCII
)


CASES = {
    "UTF-16 text without a BOM, more 一 than ASCII, is read": (
        TEXT,
        lambda t: text_file(t, ONE_TXT.encode("utf-16-le")),
        {},
        ["第一章 一一", "第二章 一"],
        [],
    ),
    "big-endian UTF-16 text without a BOM, more 一 than ASCII, is read": (
        TEXT,
        lambda t: text_file(t, ONE_TXT.encode("utf-16-be")),
        {},
        ["第一章 一一", "第二章 一"],
        [],
    ),
    "UTF-32 text with a BOM is read": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode("utf-32")),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "UTF-8 text with a NUL byte": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("小船", "小\x00船").encode()),
        {},
        [],
        ["bad_encoding"],
    ),
    "an empty text file": (TEXT, lambda t: text_file(t, b"\xef\xbb\xbf \n"), {}, [], ["no_chapters"]),
    "more headings than the chapter cap": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode()),
        {"chapters": 1},
        [],
        ["too_many_chapters"],
    ),
    "a repeated heading where its numbered key is another heading": (
        TEXT,
        lambda t: text_file(t, "第一章 甲\n一。\n第一章 甲\n二。\n第一章 甲~2\n三。\n".encode()),
        {},
        ["第一章 甲", "第一章 甲", "第一章 甲~2"],
        [],
    ),
    "UTF-16 text without a BOM is read": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode("utf-16-le")),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "UTF-16 text with a BOM is read": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode("utf-16")),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "UTF-8 text with a BOM, the site's encoding utf-8, keeps its first chapter": (
        UTF8_TEXT,
        lambda t: text_file(t, b"\xef\xbb\xbf" + BOOK_TXT.encode()),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "GB18030 text with a BOM keeps its first chapter": (
        TEXT,
        lambda t: text_file(t, ("\ufeff" + BOOK_TXT).encode("gb18030")),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "chapter files joined, each with its BOM, keep every heading": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("第二章", "\ufeff第二章").encode()),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "a zero-width space before a heading hides no chapter": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("第二章", "\u200b第二章").encode()),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "direction marks before a heading hide no chapter": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("第二章", "\u200f\u2067第二章").encode()),
        {},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "binary with NUL bytes": (TEXT, lambda t: text_file(t, bytes(range(256)) * 8), {}, [], ["bad_encoding"]),
    "an EPUB under a text site": (TEXT, lambda t: write_epub(t / "book.epub", [GOOD]), {}, [], ["not_text"]),
    "a PDF under a text site": (
        TEXT,
        lambda t: text_file(t, b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"),
        {},
        [],
        ["not_text"],
    ),
    "text book over the cap": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode() * 100),
        {"book_bytes": 4096},
        [],
        ["book_too_large"],
    ),
    "more lines of text than the line cap (a word a line: 8 GB to read at 256 MB)": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("\n", "\n\n").encode()),
        {"paragraphs": 3},
        [],
        ["too_many_paragraphs"],
    ),
    "as many lines of text as the line cap, blank lines not counted": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("\n", "\r\n\r\n").encode()),
        {"paragraphs": 4},
        ["第一章 点灯", "第二章 小船"],
        [],
    ),
    "text chapter over the length cap": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode()),
        {"chapter_chars": 7},
        ["第一章 点灯"],
        ["chapter_too_long"],
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_bad_local_book_is_a_named_rejection(tmp_path, case):
    site, make, caps, titles, reasons = CASES[case]
    assert outcome(site, make(tmp_path), tmp_path, **caps) == (titles, reasons)


DETAILS = {
    "a NUL byte": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("小船", "小\x00船").encode()),
        "not utf-8-sig or gb18030 text: NUL characters (the first in line 3), as in a binary file; "
        "if it is text, set the site's encoding",
    ),
    "a NUL byte before a line break, which reads as UTF-16 line breaks": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.replace("小船", "小船\x00").encode()),
        "not utf-8-sig or gb18030 text: NUL characters (the first in line 3), as in a binary file; "
        "if it is text, set the site's encoding",
    ),
    "a UTF-16 part and a UTF-8 part joined, whose second chapter read as one line of no heading": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT[:14].encode("utf-16") + BOOK_TXT[14:].encode()),
        "read as utf-16, line 3 holds U+0A82, a line break's byte paired with another: part of the file "
        "is in another encoding (a file joined from parts saved in two?); save it in one encoding",
    ),
    "an undecodable byte": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode() + "第三章\n".encode("big5") + b"\xff\n"),
        "not utf-8-sig or gb18030 text (utf-8-sig cannot read a byte in line 5); if the file is in another "
        "encoding, set the site's encoding",
    ),
    "windows-1252 English, which GB18030 reads as Chinese characters": (
        EN_TEXT,
        lambda t: text_file(t, "Chapter 1\nMira didn\u2019t light it.\n".encode("cp1252")),
        "not utf-8-sig text (utf-8-sig cannot read a byte in line 2); if the file is in another encoding, "
        "set the site's encoding",
    ),
    "an empty file": (TEXT, lambda t: text_file(t, b""), "book.txt is empty"),
    "an EPUB under a text site": (
        TEXT,
        lambda t: write_epub(t / "book.epub", [GOOD]),
        "book.epub is a zip archive (an EPUB goes under a site of kind: epub), not a text file",
    ),
    "no heading in the encoding it was read with": (
        TEXT,
        lambda t: text_file(t, "第一章 點燈\n米拉點了燈。\n".encode("big5")),
        "book.txt: no line matches the default chapter headings (第N章, Chapter N, ...; for others set the site's heading) (read as gb18030; if the file is in "
        "another encoding, set the site's encoding)",
    ),
    "more headings than the cap": (
        TEXT,
        lambda t: text_file(t, BOOK_TXT.encode()),
        "more than 0 chapter headings (cap): does the heading pattern match lines that are no headings, "
        "such as '第一章 点灯'?",
    ),
}


@pytest.mark.parametrize("case", DETAILS)
def test_a_rejection_says_what_is_wrong_with_the_book(tmp_path, case):
    site, make, detail = DETAILS[case]
    caps = {"chapters": 0} if "cap" in case else {}
    assert rejection_details(site, make(tmp_path), tmp_path, **caps) == [detail]


def test_a_codec_that_reads_no_bytes_is_a_bad_encoding(tmp_path):
    site = Site(
        name="txt", lang="zh", url="file:///", serve=None, selectors=None, kind="text", encoding="undefined"
    )  # type: ignore[arg-type]
    journal = tmp_path / "j.jsonl"
    read_local(site, text_file(tmp_path, BOOK_TXT.encode()), journal)
    failure = read_journal(journal).toc_failure
    assert (failure["reason"], failure["detail"]) == (
        "bad_encoding",
        "not undefined text (undefined: decoding with 'undefined' codec failed (UnicodeError: undefined encoding))",
    )


def test_an_unreadable_text_book_is_a_named_rejection(tmp_path, monkeypatch):
    path = text_file(tmp_path, BOOK_TXT.encode())

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "open", refuse)
    assert outcome(TEXT, path, tmp_path) == ([], ["file_unreadable"])
