import itertools

import pytest

from core import user_regex
from crawlers.textbook import _EDGES, TextBookError, heading_number, read_text_book, split_chapters


def test_a_blank_run_is_trimmed_from_its_start_only():
    """Tried at each of its characters, a blank run inside a line scanned the rest of itself each time: 40,000
    spaces took 5 s to trim, a million an hour (quadratic). An attempt inside a run now fails at once (at a
    line's end, such an attempt matched the rest of the run)."""
    line = "甲" + " \u200b" * 3
    assert [start for start in range(len(line)) if _EDGES.match(line, start)] == [1]
    chapters = split_chapters("\ufeff第1章 \u200b\n 甲" + " " * 1000 + "乙 \n")
    assert [(c.title, c.paragraphs) for c in chapters] == [("第1章", ["甲" + " " * 1000 + "乙"])]


def test_a_heading_pattern_slow_on_every_line_rejects_the_book_past_its_budget(monkeypatch):
    # each search takes 0.1 s by this clock, under the limit per line: the book's 5 s and 1 ms a line
    # run out at its 51st line (before: every line read, days for a large book of such lines)
    monkeypatch.setattr(user_regex, "_clock", itertools.count(0, 0.1).__next__)
    text = "第1章\n" + "".join(f"第{n}行。\n" for n in range(200))
    with pytest.raises(TextBookError) as err:
        split_chapters(text)
    assert err.value.reason == "regex_timeout"
    assert err.value.detail.startswith(
        "patterns took 5.1 s in 50 searches of one text's lines, over 5 s plus 1 ms a search"
    )


def test_a_heading_coloured_for_a_terminal_is_a_heading_titled_without_its_escape_sequences():
    # "ESC[31m" before it hid the heading: its chapter joined the one before, "[31m" left in the text
    text = "\x1b[1;31m第1章 甲\x1b[0m\n乙。\n\x1b(B\x1b[m Chapter 2\x1b[0m \n\x1b[32m丙。\x1b[0m\n"
    chapters = split_chapters(text)
    assert [(c.title, c.paragraphs) for c in chapters] == [
        ("第1章 甲", ["乙。"]),
        ("Chapter 2", ["\x1b[32m丙。\x1b[0m"]),  # the clean stage removes and counts those
    ]


def test_a_heading_over_the_length_cap_that_numbers_the_next_chapter_is_a_heading():
    """A long title made its chapter body text of the chapter before, with no rejection (a silent loss); a
    long line that starts like a heading out of the sequence is still body text."""
    title = "第二章 " + "长" * 70
    law = "Chapter 5 of the old rules said nothing at all about any of this, and nobody had asked."
    text = f"第一章\n甲。\n{title}\n乙。\nChapter Three: {'long ' * 14}\n丙。\n{law}\n"
    assert [(c.title, c.paragraphs) for c in split_chapters(text)] == [
        ("第一章", ["甲。"]),
        (title, ["乙。"]),
        (f"Chapter Three: {'long ' * 14}".strip(), ["丙。", law]),
    ]


@pytest.mark.parametrize(
    ("title", "number"),
    [("第十二章 甲", 12), ("第１２章", 12), ("Chapter 12: x", 12), ("CHAPTER Twenty-One", 21), ("Chapter XIV", 14),
     ("Prologue", None)],
)  # fmt: skip
def test_a_headings_number_is_read_in_each_form(title, number):
    assert heading_number(title) == number


def test_an_invisible_character_inside_a_heading_hides_no_chapter():
    # a zero-width space inside the heading or a direction mark after its number read as no heading: the
    # first chapter was dropped as front matter and the second joined to the one before, without a word
    text = "第一\u200b章 甲\n乙。\n\u2067第二章\u2069 丙\n丁。\nChapter\u2060 3\n戊。\n"
    assert [(c.title, c.paragraphs) for c in split_chapters(text)] == [
        ("第一\u200b章 甲", ["乙。"]),
        ("第二章\u2069 丙", ["丁。"]),
        ("Chapter\u2060 3", ["戊。"]),
    ]


def test_the_lines_before_the_first_heading_come_first_titled_empty():
    assert [(c.title, c.paragraphs) for c in split_chapters("书名\n\n作者\n第一章\n甲。\n")] == [
        ("", ["书名", "作者"]),
        ("第一章", ["甲。"]),
    ]


def test_a_line_of_colour_codes_alone_is_no_heading_even_to_a_pattern_matching_any_line():
    chapters = split_chapters("\x1b[31m\x1b[0m\n第一章\n甲。\n", heading="^")
    assert [(c.title, c.paragraphs) for c in chapters] == [
        ("", ["\x1b[31m\x1b[0m"]),
        ("第一章", []),
        ("甲。", []),
    ]


def test_a_book_no_heading_of_the_site_s_own_pattern_matches_names_that_pattern(tmp_path):
    """It named "the chapter heading pattern", the same words as for the default headings."""
    path = tmp_path / "book.txt"
    path.write_text("Part one\nMira lit the lamp.\n", encoding="utf-8")
    with pytest.raises(TextBookError) as err:
        read_text_book(path, heading=r"^[0-9]+\. ", lang="en")
    assert (err.value.reason, err.value.detail) == (
        "no_chapters",
        "book.txt: no line matches the site's heading '^[0-9]+\\. ' (read as utf-8; if the file is in another "
        "encoding, set the site's encoding)",
    )


def test_lines_past_the_line_cap_reject_the_book_naming_the_first_line_over():
    """A book of a word a line was read whole before its chapters were measured: a 256 MB one of
    two-letter lines held 85 million of them (about 8 GB). Lines are counted as they are read."""
    with pytest.raises(TextBookError) as err:
        split_chapters("第1章\n甲\n\n乙\r丙\n", max_paragraphs=3)
    assert (err.value.reason, err.value.detail) == (
        "too_many_paragraphs",
        "more than 3 lines of text (cap; a book of 10,000 chapters has some 1,000,000): is it a word a "
        "line, or a list? Line 4: '丙'",
    )


def test_every_line_break_python_knows_ends_a_line():
    text = "第1章\r\n甲\r乙\x0b丙\x0c丁\x1c戊\x1d己\x1e庚\x85辛\u2028壬\u2029癸"
    assert [(c.title, c.paragraphs) for c in split_chapters(text)] == [
        ("第1章", ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"])
    ]
