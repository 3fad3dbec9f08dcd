import itertools
import json

from core import user_regex
from core.schemas import CLEAN_CHAPTERS, REJECTED
from filters.clean_stage import clean_book
from tests.filters.books import EN_BODY, EN_TWO, ZH_BODY, column_names, raw_row


def test_clean_book(book):
    result = clean_book(book, {"zh": [], "en": [r"^Sponsored by"]})
    rows, rejected, stats = result.rows, result.rejections, result.stats
    assert all(set(row) == column_names(CLEAN_CHAPTERS) for row in rows)
    assert all(set(row) == column_names(REJECTED) for row in rejected)
    assert sorted((r["item_id"], r["reason"], r["stage"]) for r in rejected) == [
        ("b/zh/00005", "mojibake", "clean"),
        ("b/zh/00006", "empty_chapter", "clean"),
    ]
    first = rows[0]
    assert first["title"] == "第一章空信" and first["paragraphs"] == [ZH_BODY]
    assert (first["chapter_no"], first["part"]) == (1, None)
    assert first["sentences"][0] == "他推开门，屋里很暗。" and len(first["sentences"]) == 5
    assert first["n_chars"] == len(ZH_BODY)
    assert [(r["chapter_no"], r["part"]) for r in rows if r["title"].startswith("第二章")] == [(2, 1), (2, 3)]
    en_first = next(r for r in rows if r["raw_id"] == "b/en/00000")
    assert en_first["paragraphs"] == [EN_BODY]
    assert stats["in"] == 13 and stats["out"] == 11
    assert stats["rejected"] == {"mojibake": 1, "empty_chapter": 1}
    assert stats["removed_lines"] == {"title": 2, "ads": 1, "site": 1, "navigation": 1}
    json.dumps(stats)


def test_a_site_boilerplate_pattern_that_backtracks_without_end_rejects_the_chapter():
    rows = [raw_row("en", 0, "Chapter 1", EN_BODY), raw_row("en", 1, "Chapter 2", "a" * 40 + "b\n" + EN_TWO)]
    result = clean_book(rows, {"en": [r"^(a|aa)+$"]})
    assert [r["raw_id"] for r in result.rows] == ["b/en/00000"]
    assert [(r["item_id"], r["reason"], r["detail"]) for r in result.rejections] == [
        ("b/en/00001", "regex_timeout", "pattern '^(a|aa)+$' took over 0.25 s on a 41-character line")
    ]


def test_a_site_pattern_slow_on_every_line_rejects_the_chapter_past_its_budget(monkeypatch):
    # each search takes 0.1 s by this clock, under the limit per line: a chapter of 100 such lines is
    # over its 5 s and 1 ms a line after 50 (before: read to the end, hours for a long chapter)
    monkeypatch.setattr(user_regex, "_clock", itertools.count(0, 0.1).__next__)
    lines = "\n".join(f"Line {n} of a long notice." for n in range(100))
    rows = [raw_row("en", 0, "Chapter 1", EN_BODY), raw_row("en", 1, "Chapter 2", lines)]
    result = clean_book(rows, {"en": [r"^zzz$"]})
    assert [r["raw_id"] for r in result.rows] == ["b/en/00000"]  # each chapter has a budget of its own
    assert [(r["item_id"], r["reason"], r["detail"]) for r in result.rejections] == [
        (
            "b/en/00001",
            "regex_timeout",
            "patterns took 5.1 s in 50 searches of one text's lines, over 5 s plus 1 ms a search (the last: '^zzz$')",
        )
    ]


def test_a_chapter_over_the_splitters_cap_is_rejected_before_any_work_on_it(monkeypatch):
    import filters.clean_stage

    monkeypatch.setattr(filters.clean_stage, "MAX_SPLIT_CHARS", 60)
    rows = [
        raw_row("en", 0, "Chapter 1", EN_BODY[:30] + "\n" + EN_BODY[:30]),
        raw_row("en", 1, "Chapter 2", EN_TWO * 9),
    ]
    result = clean_book(rows, {"en": []})
    assert [r["raw_id"] for r in result.rows] == ["b/en/00000"]  # 60 characters: its line break not counted
    assert [(r["item_id"], r["reason"], r["detail"]) for r in result.rejections] == [
        ("b/en/00001", "chapter_too_long", f"{len(EN_TWO) * 9} characters (cap 60)")
    ]


def test_control_characters_are_deleted_and_counted_and_the_line_breaks_among_them_end_a_line():
    # a terminal's escape sequence goes whole, its characters counted ("[31m" was left in the text)
    text = f"\x1b[31m{EN_BODY[:20]}\x07{EN_BODY[20:]}\x9b\x00\n{EN_TWO[:10]}\x85{EN_TWO[10:]}\x0c"
    result = clean_book([raw_row("en", 0, "\x1b[1mChapter 1\x1b[0m", text)], {"en": []})
    assert result.rows[0]["title"] == "Chapter 1"
    assert result.rows[0]["paragraphs"] == [EN_BODY, EN_TWO[:10].strip(), EN_TWO[10:].strip()]
    assert result.stats["removed_chars"] == {"control": 8}


def test_a_side_in_the_other_language_is_rejected_not_cleaned():
    """A config whose en side named the book's Chinese file built a corpus of Chinese-Chinese pairs."""
    rows = [raw_row("zh", 0, "第一章", ZH_BODY), raw_row("en", 0, "Chapter 1", ZH_BODY)]
    result = clean_book(rows, {})
    assert [r["raw_id"] for r in result.rows] == ["b/zh/00000"]
    assert [(r["item_id"], r["reason"]) for r in result.rejections] == [("b/en/00000", "wrong_language")]
