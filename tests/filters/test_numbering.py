import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from filters.numbering import (
    _EN_CHAPTER,
    MAX_NUMBER,
    ZH_NUMERAL,
    ChapterNumber,
    parse_chapter_number,
    parse_title,
    parse_url,
    parse_zh_numeral,
    run_on,
)


@pytest.mark.parametrize(
    ("numeral", "value"),
    [
        ("一百二十三", 123),
        ("十", 10),
        ("十五", 15),
        ("二十", 20),
        ("两千零五", 2005),
        ("一千零一十", 1010),
        ("〇", 0),
        ("一万零一", 10001),
        ("一二三", 123),
        ("１０", 10),
        ("壹佰零捌", 108),
    ],
)
def test_zh_numerals(numeral, value):
    assert parse_zh_numeral(numeral) == value


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("第一百二十三章 风起云涌", (123, None)),
        ("第十章", (10, None)),
        ("第两千零五章 重逢", (2005, None)),
        ("第〇章 楔子", (0, None)),
        ("第10章 夜雨", (10, None)),
        ("第１２章", (12, None)),
        ("第十一回 闹天宫", (11, None)),
        ("第一卷 第三十五章 归来", (35, None)),
        ("第十章（上）", (10, 1)),
        ("第十章 下", (10, 3)),
        ("第十章 下山", (10, None)),
        ("第十章 风起（二）", (10, 2)),
        ("第十章(2)", (10, 2)),
        ("Chapter 12", (12, None)),
        ("Ch. 12", (12, None)),
        ("Chapter 12 - The Duel", (12, None)),
        ("Chapter 12: The Duel", (12, None)),
        ("Chapter 12 (Part 2)", (12, 2)),
        ("Chapter 12.2", (12, 2)),
        ("12. The Duel", (12, None)),
        ("Chapter Twenty-Three: The Duel", (23, None)),
        ("CHAPTER ONE HUNDRED AND FIVE", (105, None)),
        ("Chapter XIV (Part 2)", (14, 2)),
    ],
)
def test_titles(title, expected):
    assert parse_title(title) == ChapterNumber(*expected)


def test_titles_without_number():
    assert parse_title("Prologue") is None
    assert parse_title("楔子") is None
    assert parse_title("Chapter One Two") is None  # words that make no number
    assert parse_title("Chapter Onward") is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://en.example.org/novel/chapter-12.html", ChapterNumber(12, None)),
        ("https://zh.example.org/book/12_2.html", ChapterNumber(12, 2)),
        ("https://en.example.org/novel/chapter_3-2/", ChapterNumber(3, 2)),
        ("https://zh.example.org/book/987654.html", None),  # a database id, not a chapter number
        ("file:books/chapter-2.txt#7", None),  # a local book's file numbers none of its chapters
        ("file:///home/u/novel/12_2.epub#ch1.xhtml", None),
    ],
)
def test_urls(url, expected):
    assert parse_url(url) == expected


def test_title_wins_over_url():
    assert parse_chapter_number("第五章", "https://x.org/chapter-7.html") == ChapterNumber(5)
    assert parse_chapter_number("Side story", "https://x.org/chapter-7.html") == ChapterNumber(7)


# Property: any title and URL give a chapter number or None, never an exception.

_NUMERAL = st.lists(st.sampled_from([*ZH_NUMERAL, *"0123456789１٣"]), min_size=1, max_size=14).map("".join)
_PIECE = st.sampled_from(
    ["第", "章", "回", "Chapter ", "ch.", "Part ", "（", "）", "(", ")", "上", "下", "-", ".", " "]
)
_TITLE = st.builds("第{}章{}".format, _NUMERAL, st.text(max_size=4)) | st.lists(
    _PIECE | _NUMERAL | st.text(max_size=3), max_size=10
).map("".join)
_URL = st.lists(st.sampled_from(["/", "chapter", "-", "_", ".html", "?", "#"]) | _NUMERAL, max_size=8).map(
    "".join
)


@settings(max_examples=300, deadline=None)
@given(_TITLE, _URL)
def test_any_title_and_url_give_a_storable_number_or_none(title, url):
    found = parse_chapter_number(title, url)
    assert found is None or (0 <= found.chapter_no <= MAX_NUMBER and 0 <= (found.part or 0) <= MAX_NUMBER)


def test_mixed_and_oversized_numerals():
    assert parse_chapter_number("第一2章") == ChapterNumber(12)
    assert parse_chapter_number("Chapter 12345678901", "/12.html") == ChapterNumber(12)


@pytest.mark.parametrize(
    "title", ["1" * 5000, "第" + "1" * 5000 + "章", "第" + "一" * 5000 + "章", "第十章（" + "2" * 5000 + "）"]
)
def test_a_number_of_thousands_of_digits_is_no_number_not_an_error(title):
    """int() refuses over 4,300 digits: such a title's ValueError failed its whole book's cleaning."""
    assert parse_chapter_number(title, "/12.html") == ChapterNumber(12)
    assert parse_url("/chapter-" + "1" * 5000) is None


def test_the_blanks_before_a_chapter_number_are_split_one_way():
    """With \\s*#?\\s*, "chapter" and a run of blanks without a "#" was split every way between the two blank
    runs: 50,000 spaces took 13 s, a 1 MB heading over an hour (quadratic)."""
    # the pattern's items: b a blank run, o another optional item, r a required one
    blanks = str(re._parser.parse(r"\s*")[0])
    optional = {re._parser.MAX_REPEAT, re._parser.MIN_REPEAT}
    kinds = "".join(
        "b" if str(item) == blanks else "o" if item[0] in optional and item[1][0] == 0 else "r"
        for item in re._parser.parse(_EN_CHAPTER.pattern, _EN_CHAPTER.flags)
    )
    assert re.search("bo*b", kinds) is None  # no two blank runs with only optional items between them
    assert parse_title("Chapter" + " " * 1000) is None
    assert parse_title("Chapter" + " " * 1000 + "# 7") == ChapterNumber(7)


@pytest.mark.parametrize(
    ("rows", "numbers"),
    [
        # two volumes numbered from 1, listed out of order; an unnumbered row stays None
        ([(3, 1), (4, 2), (0, 1), (1, 2), (2, None)], [3, 4, 1, 2, None]),
        # parts of chapter 1 (1, 1) and a re-posted chapter 1 after chapter 3 with no 2 next: no new volume
        ([(0, 1), (1, 1), (2, 2), (3, 3), (4, 1), (5, 4)], [1, 1, 2, 3, 1, 4]),
    ],
)
def test_run_on(rows, numbers):
    assert run_on(rows) == numbers
