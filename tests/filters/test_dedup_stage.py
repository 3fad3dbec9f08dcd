import copy
import statistics
from collections import Counter, defaultdict

from core.rejection import Rejection
from filters.clean_stage import clean_book
from filters.dedup import find_duplicates
from filters.dedup_stage import dedup_books, dedup_corpus
from tests.filters.books import EN_TWO, ZH_BODY, raw_row


def test_dedup_corpus_within_and_across_books(book):
    rows = clean_book(book, {}).rows
    mirror_raw = [
        raw_row("zh", 0, "第一章", ZH_BODY * 3 + "新的一句。", book="m"),
        raw_row("en", 1, "Chapter 2", EN_TWO, book="m"),
    ]
    mirror = clean_book(mirror_raw, {}).rows
    near_base = [r for r in rows if r["raw_id"] == "b/zh/00000"][0]
    near_base["paragraphs"] = [ZH_BODY * 3]
    result = dedup_corpus(rows + mirror)
    kept, rejected, stats = result.rows, result.rejections, result.stats
    reasons = {r["item_id"]: (r["reason"], r["stage"]) for r in rejected}
    assert reasons == {
        "b/en/00004": ("near_duplicate", "dedup"),  # b/en/00000 without its sponsor line
        "b/en/00005": ("near_duplicate", "dedup"),  # same text as b/en/00004
        "m/zh/00000": ("near_duplicate", "dedup"),
        "m/en/00001": ("exact_duplicate", "dedup"),
    }
    assert "b/zh/00000" in next(r["detail"] for r in rejected if r["item_id"] == "m/zh/00000")
    assert stats["in"] == len(rows) + 2 and stats["out"] == len(kept) == len(rows) - 2
    assert stats["rejected"] == {"near_duplicate": 3, "exact_duplicate": 1}
    assert all("b/en/00000" in r["detail"] for r in rejected if r["item_id"].startswith("b/en"))
    assert stats["en_per_zh"] > 1


def _in_memory_dedup(rows):
    """Rejections and en/zh ratio of the in-memory dedup: ``find_duplicates`` on every text of a language."""
    book_of = {row["raw_id"]: row["book_id"] for row in rows}
    rejected = []
    for lang in ("zh", "en"):
        items = [(row["raw_id"], "\n".join(row["paragraphs"])) for row in rows if row["lang"] == lang]
        rejected += [
            Rejection(dup.reason, dup.detail).row("dedup", dup.item_id, book_of[dup.item_id], lang)
            for dup in find_duplicates(items, lang)
        ]
    removed = {row["item_id"] for row in rejected}
    chars = defaultdict(Counter)
    for row in rows:
        if row["raw_id"] not in removed and row["chapter_no"] is not None:
            chars[row["book_id"], row["chapter_no"]][row["lang"]] += row["n_chars"]
    en_per_zh = statistics.median(c["en"] / c["zh"] for c in chars.values() if c["zh"] and c["en"])
    return rejected, en_per_zh


def test_dedup_books_streams_and_matches_in_memory_dedup(book):
    b_rows = clean_book(book, {}).rows  # b/en/00004 and b/en/00005: a near and an exact copy in b
    poem = "月落乌啼霜满天，江枫渔火对愁眠。姑苏城外寒山寺，夜半钟声到客船。"
    other = "The quick brown fox jumps over the lazy dog, then naps by the quiet river until dusk."
    mirror_raw = [
        raw_row("zh", 0, "第一章", f"{ZH_BODY * 3}新的一句。", book="m"),  # near b/zh/00000
        raw_row("en", 1, "Chapter 2", EN_TWO, book="m"),  # exact b/en/00001
        raw_row(
            "zh", 2, "第一章", f"{ZH_BODY * 3}新的一句！", book="m"
        ),  # exact m/zh/00000, so near b/zh/00000
        raw_row("en", 3, "Chapter 3", other, book="m"),
        raw_row("en", 4, "Chapter 3", f"{other}!", book="m"),  # exact m/en/00003
    ]
    m_rows = clean_book(mirror_raw, {}).rows
    c_rows = clean_book(
        [raw_row("zh", 0, "第一章", poem, book="c"), raw_row("en", 0, "Chapter 1", other[:40], book="c")], {}
    ).rows
    next(r for r in b_rows if r["raw_id"] == "b/zh/00000")["paragraphs"] = [ZH_BODY * 3]
    books = {"b": b_rows, "m": m_rows, "c": c_rows}
    loads = []

    def load(book_id):
        loads.append(book_id)
        return copy.deepcopy(books[book_id])

    streamed = dedup_books(list(books), load)
    stats = streamed.stats

    rows = b_rows + m_rows + c_rows
    rejected, en_per_zh = _in_memory_dedup(rows)
    assert streamed.rows == [] and streamed.rejections == rejected
    assert {r["item_id"]: (r["reason"], r["book_id"]) for r in streamed.rejections} == {
        "m/zh/00002": ("near_duplicate", "m"),
        "m/zh/00000": ("near_duplicate", "m"),
        "b/en/00005": ("near_duplicate", "b"),
        "m/en/00001": ("exact_duplicate", "m"),
        "m/en/00004": ("exact_duplicate", "m"),
        "b/en/00004": ("near_duplicate", "b"),
    }
    assert stats == {
        "in": len(rows),
        "out": len(rows) - 6,
        "rejected": {"near_duplicate": 4, "exact_duplicate": 2},
        "en_per_zh": en_per_zh,
    }
    assert loads == ["b", "m", "c", "b", "m"]  # pass 2 reloads only the books with candidates, once each
    result = dedup_corpus(rows)
    kept, corpus_rejected, corpus_stats = result.rows, result.rejections, result.stats
    assert (corpus_rejected, corpus_stats) == (rejected, stats)
    assert kept == [row for row in rows if row["raw_id"] not in {r["item_id"] for r in rejected}]
