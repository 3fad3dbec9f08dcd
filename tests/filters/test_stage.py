import copy
import json
import statistics
from collections import Counter, defaultdict
from datetime import UTC, datetime

import pytest

from core.rejection import Rejection
from text import chinese
from core.schemas import CHAPTERS, CLEAN_CHAPTERS, REJECTED
from filters.chapter_filters import FilterConfig
from text.sentences import paragraph_starts
from filters.dedup import find_duplicates
from filters.stage import clean_book, dedup_books, dedup_corpus, pair_and_filter_book

ZH_BODY = "他推开门，屋里很暗。桌上放着一封信。他拆开信，信是空白的。窗外下着雨。他坐了很久。"
ZH_TWO = "天亮了。她醒来时，屋里只剩下她一个人。炉火早已熄灭。她起身穿衣，推门出去。院子里积了一层薄雪。"
EN_TWO = (
    "Dawn came. When she woke, she was alone in the room. The fire had long gone out. "
    "She dressed and stepped outside. A thin layer of snow covered the yard."
)
EN_BODY = (
    "He opened the door. The room was dark. A letter lay on the table. He opened it. It was blank. "
    "Rain fell outside. He sat for a long time."
)


def _raw(lang, toc, title, text, book="b"):
    return {
        "raw_id": f"{book}/{lang}/{toc:05d}",
        "book_id": book,
        "lang": lang,
        "site": f"{lang}.example.org",
        "toc_index": toc,
        "url": f"https://{lang}.example.org/{book}/page-{toc}.html",
        "page_urls": [],
        "fetched_at": datetime(2025, 1, 1, tzinfo=UTC),
        "encoding": "utf-8",
        "title": title,
        "text": text,
        "content_hash": "",
    }


def _names(schema):
    return set(schema.names)


@pytest.fixture
def book():
    return [
        _raw("zh", 0, "第一章 空信", f"第一章 空信\n{ZH_BODY}\n请收藏本站：www.example.com"),
        _raw("zh", 1, "第二章（上）", ZH_TWO[:20]),
        _raw("zh", 2, "第二章（下）", ZH_TWO[20:]),
        _raw(
            "zh",
            3,
            "第三章 诗",
            "\n".join(["床前明月光，", "疑是地上霜。", "举头望明月，", "低头思故乡。"] * 2),
        ),
        _raw("zh", 4, "第四章", "短短一句。"),
        _raw("zh", 5, "第五章", "乱码\ufffd\ufffd\ufffd"),
        _raw("zh", 6, "第六章", "上一章 返回目录 下一章"),
        _raw(
            "en",
            0,
            "Chapter 1: The Empty Letter",
            f"Chapter 1 - The Empty Letter\n{EN_BODY}\nSponsored by Kim",
        ),
        _raw("en", 1, "Chapter 2", EN_TWO),
        _raw("en", 2, "Chapter 3", " ".join(["The moon shone bright."] * 8)),
        _raw("en", 3, "Chapter 4", "One. Two. Three. Four. Five. Six."),
        _raw("en", 4, "Chapter 7", EN_BODY),
        _raw("en", 5, "Afterword", EN_BODY),
    ]


def test_clean_book(book):
    result = clean_book(book, {"zh": [], "en": [r"^Sponsored by"]})
    rows, rejected, stats = result.rows, result.rejections, result.stats
    assert all(set(row) == _names(CLEAN_CHAPTERS) for row in rows)
    assert all(set(row) == _names(REJECTED) for row in rejected)
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


def test_dedup_corpus_within_and_across_books(book):
    rows = clean_book(book, {}).rows
    mirror_raw = [
        _raw("zh", 0, "第一章", ZH_BODY * 3 + "新的一句。", book="m"),
        _raw("en", 1, "Chapter 2", EN_TWO, book="m"),
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
        _raw("zh", 0, "第一章", f"{ZH_BODY * 3}新的一句。", book="m"),  # near b/zh/00000
        _raw("en", 1, "Chapter 2", EN_TWO, book="m"),  # exact b/en/00001
        _raw("zh", 2, "第一章", f"{ZH_BODY * 3}新的一句！", book="m"),  # exact m/zh/00000, so near b/zh/00000
        _raw("en", 3, "Chapter 3", other, book="m"),
        _raw("en", 4, "Chapter 3", f"{other}!", book="m"),  # exact m/en/00003
    ]
    m_rows = clean_book(mirror_raw, {}).rows
    c_rows = clean_book(
        [_raw("zh", 0, "第一章", poem, book="c"), _raw("en", 0, "Chapter 1", other[:40], book="c")], {}
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


def test_pair_and_filter_book(book):
    rows = clean_book(book, {}).rows
    result = pair_and_filter_book(rows, FilterConfig(), en_per_zh=3.0)
    chapters, rejected, stats = result.rows, result.rejections, result.stats
    assert all(set(row) == _names(CHAPTERS) for row in chapters)
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


def test_a_site_boilerplate_pattern_that_backtracks_without_end_rejects_the_chapter():
    rows = [_raw("en", 0, "Chapter 1", EN_BODY), _raw("en", 1, "Chapter 2", "a" * 40 + "b\n" + EN_TWO)]
    result = clean_book(rows, {"en": [r"^(a|aa)+$"]})
    assert [r["raw_id"] for r in result.rows] == ["b/en/00000"]
    assert [(r["item_id"], r["reason"], r["detail"]) for r in result.rejections] == [
        ("b/en/00001", "regex_timeout", "pattern '^(a|aa)+$' took over 0.25 s on a 41-character line")
    ]
