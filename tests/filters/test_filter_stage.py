from core.schemas import CHAPTERS
from filters.chapter_filters import FilterConfig
from filters.clean_stage import clean_book
from filters.filter_stage import pair_and_filter_book
from tests.filters.books import ZH_TWO, column_names
from text import chinese
from text.sentences import paragraph_starts


def test_pair_and_filter_book(book):
    rows = clean_book(book, {}).rows
    result = pair_and_filter_book(rows, FilterConfig(), en_per_zh=3.0)
    chapters, rejected, stats = result.rows, result.rejections, result.stats
    assert all(set(row) == column_names(CHAPTERS) for row in chapters)
    assert [c["chapter_id"] for c in chapters] == ["b/1", "b/2"]
    second = chapters[1]
    assert second["zh_raw_ids"] == ["b/zh/00001", "b/zh/00002"]
    assert "".join(second["zh_sentences"]) == ZH_TWO
    assert second["title_en"] == "Chapter 2"
    assert second["zh_words"] == [chinese.segment(s) for s in second["zh_sentences"]]  # for the aligner
    assert second["zh_paragraph_starts"] == paragraph_starts(
        [
            p
            for raw_id in second["zh_raw_ids"]
            for row in rows
            if row["raw_id"] == raw_id
            for p in row["paragraphs"]
        ],
        "zh",
    )
    assert sorted((r["stage"], r["item_id"], r["reason"]) for r in rejected) == [
        ("filter", "b/3", "poetry"),
        ("filter", "b/4", "too_few_sentences"),
        ("pair", "b/en/00004", "no_original"),
        ("pair", "b/en/00005", "unmatched"),
    ]
    assert stats["rejected"] == {
        "poetry": 1,
        "too_few_sentences": 1,
        "no_original": 1,
        "unmatched": 1,
    }
    assert stats["in"] == 11 and stats["out"] == 2


def test_length_ratio_rejection(book):
    rows = clean_book(book, {}).rows
    rejected = pair_and_filter_book(rows, FilterConfig(), en_per_zh=0.5).rejections
    assert ("b/1", "length_ratio") in {(r["item_id"], r["reason"]) for r in rejected}
