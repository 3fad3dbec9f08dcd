import time

from crawlers.textbook import split_chapters


def test_a_long_blank_run_inside_a_line_is_read_in_linear_time():
    """A line with 40,000 spaces inside took 5 s to trim (a blank run was tried at each of its characters),
    a million of them an hour."""
    started = time.perf_counter()
    chapters = split_chapters("\ufeff第1章 \u200b\n 甲" + " " * 1_000_000 + "乙 \n")
    assert time.perf_counter() - started < 2
    assert [(c.title, c.paragraphs) for c in chapters] == [("第1章", ["甲" + " " * 1_000_000 + "乙"])]
