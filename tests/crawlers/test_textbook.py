from crawlers.textbook import _EDGES, split_chapters


def test_a_blank_run_is_trimmed_from_its_start_only():
    """Tried at each of its characters, a blank run inside a line scanned the rest of itself each time: 40,000
    spaces took 5 s to trim, a million an hour (quadratic). An attempt inside a run now fails at once (at a
    line's end, such an attempt matched the rest of the run)."""
    line = "甲" + " \u200b" * 3
    assert [start for start in range(len(line)) if _EDGES.match(line, start)] == [1]
    chapters = split_chapters("\ufeff第1章 \u200b\n 甲" + " " * 1000 + "乙 \n")
    assert [(c.title, c.paragraphs) for c in chapters] == [("第1章", ["甲" + " " * 1000 + "乙"])]
