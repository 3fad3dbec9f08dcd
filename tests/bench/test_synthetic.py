"""The synthetic corpus of the scale benchmark: deterministic, valid raw rows, paired, renamed, not duplicates."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

import random

from bench.synthetic import (
    DEFECT_EVERY,
    DEMO_NAMES,
    MAX_JOIN,
    Renumbering,
    _lowercase_words,
    join,
    join_beads,
    joinable,
    synthetic_book,
    synthetic_raw,
)
from crawlers.demo.source import Bead, load_books
from core.stage import StageResult
from core.storage import to_table
from filters.chapter_filters import FilterConfig
from filters.dedup import jaccard, shingles
from filters.clean_stage import clean_book
from filters.dedup_stage import dedup_corpus
from filters.filter_stage import pair_and_filter_book
from text.sentences import split_en, split_zh

N_BOOKS, N_CHAPTERS = 4, 6  # four books: every demo book once, one twice under other names


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[dict]]:
    return synthetic_raw(N_BOOKS, N_CHAPTERS, seed=3)


@pytest.fixture(scope="module")
def cleaned(corpus) -> dict[str, StageResult]:
    return {book: clean_book(rows, {}) for book, rows in corpus.items()}


def test_same_seed_same_corpus(corpus):
    assert synthetic_raw(N_BOOKS, N_CHAPTERS, seed=3) == corpus
    assert synthetic_raw(N_BOOKS, N_CHAPTERS, seed=4) != corpus


def test_rows_are_valid_raw_chapters(corpus):
    rows = [row for book_rows in corpus.values() for row in book_rows]
    table = to_table(rows, "raw_chapters")
    assert table.num_rows == N_BOOKS * N_CHAPTERS * 2
    assert len(set(table["raw_id"].to_pylist())) == table.num_rows
    for book, book_rows in corpus.items():
        for row in book_rows:
            assert row["book_id"] == book
            assert row["raw_id"] == f"{book}/{row['lang']}/{row['toc_index']:05d}"


def test_every_chapter_in_both_languages_with_numbered_titles(corpus):
    for book_rows in corpus.values():
        assert Counter(row["lang"] for row in book_rows) == {"zh": N_CHAPTERS, "en": N_CHAPTERS}
        for row in book_rows:
            n = row["toc_index"] + 1
            assert row["title"].startswith(f"第{n}章 " if row["lang"] == "zh" else f"Chapter {n}: ")


def test_cleaning_keeps_every_chapter_and_removes_the_boilerplate(corpus, cleaned):
    for book, result in cleaned.items():
        assert result.rejections == []
        assert len(result.rows) == len(corpus[book])
        assert all(row["chapter_no"] == row["toc_index"] + 1 for row in result.rows)
        text = "\n".join(p for row in result.rows for p in row["paragraphs"])
        assert "Next Chapter" not in text and "一秒记住" not in text


def test_chapters_pair_and_pass_the_chapter_filters(cleaned):
    for cleaned_book in cleaned.values():
        result = pair_and_filter_book(cleaned_book.rows, FilterConfig())
        chapters, rejected = result.rows, result.rejections
        assert rejected == []
        assert len(chapters) == N_CHAPTERS


def test_chapters_are_not_near_duplicates(cleaned):
    rows = [row for result in cleaned.values() for row in result.rows]
    for lang in ("zh", "en"):
        sets = [shingles("\n".join(row["paragraphs"]), lang) for row in rows if row["lang"] == lang]
        assert max(jaccard(a, b) for a, b in combinations(sets, 2)) < 0.5  # dedup flags 0.8
    result = dedup_corpus(rows)
    kept, rejected = result.rows, result.rejections
    assert rejected == [] and len(kept) == len(rows)


def test_demo_names_are_replaced(corpus):
    text = "\n".join(row["title"] + row["text"] for book_rows in corpus.values() for row in book_rows)
    for names in DEMO_NAMES.values():
        for name in names:
            for zh, en in name.forms():
                assert zh not in text and en not in text


def test_renumbering_skips_merges_and_shifts_the_english_numbers():
    renumbering = Renumbering(prologue=True, skipped=frozenset({3}), merged=frozenset({5}))
    assert renumbering.en_chapters(9) == [(0,), (1,), (2,), (4,), (5, 6), (7,), (8,)]
    assert [renumbering.en_title(j, "T") for j in (0, 1, 6)] == [
        "Prologue: T",
        "Chapter 1: T",
        "Chapter 6: T",
    ]
    assert Renumbering().en_title(0, "T") == "Chapter 1: T"


def test_a_bwb_length_book_has_a_skip_and_a_merge_per_defect_every_chapters():
    drawn = Renumbering.draw(1, 2 * DEFECT_EVERY + 10, random.Random(0))
    assert not drawn.prologue and len(drawn.skipped) == len(drawn.merged) == 2
    assert Renumbering.draw(3, 7, random.Random(0)) == Renumbering(prologue=True)  # too short for defects


def test_renumbered_books_pair_exactly_by_content():
    for k in range(2):  # one book with a prologue, one without; a skip and a merge in each
        rows, renumbering = synthetic_book(k, 12, seed=0, renumber=True)
        assert renumbering.prologue == (k == 0) and len(renumbering.skipped) == len(renumbering.merged) == 1
        book = rows[0]["book_id"]
        gold = {
            (tuple(f"{book}/zh/{i:05d}" for i in zh_ids), (f"{book}/en/{j:05d}",))
            for j, zh_ids in enumerate(renumbering.en_chapters(12))
        }
        result = pair_and_filter_book(clean_book(rows, {}).rows, FilterConfig())
        assert {(tuple(r["zh_raw_ids"]), tuple(r["en_raw_ids"])) for r in result.rows} == gold
        (skipped,) = renumbering.skipped
        assert f"{book}/zh/{skipped:05d}" in {r["item_id"] for r in result.rejections if r["stage"] == "pair"}


def test_a_joined_bead_goes_on_the_last_sentence_on_both_sides():
    lowercase = frozenset({"the"})
    first = Bead("他走了。", "He left.")
    assert join(first, Bead("天黑了。", "The sky was dark."), lowercase) == Bead(
        "他走了，天黑了。", "He left; the sky was dark."
    )
    assert join(first, Bead("韩明来了。", "Han Ming came."), lowercase) == Bead(
        "他走了，韩明来了。", "He left; Han Ming came."
    )  # a name keeps its capital


def test_only_plain_statements_are_joined_to_a_bead_without_a_quote():
    then = Bead("天黑了。", "The sky was dark.")
    assert joinable(Bead("他走了。", "He left."), then)
    for first in (
        Bead("他走了吗？", "Did he leave?"),
        Bead("“走吧。”", '"Let\'s go."'),
        Bead("“走吧！”他说。", '"Let\'s go!" he said.'),
        Bead("他走了。", "He left..."),
        Bead("", "He left."),
        Bead("他走了。", ""),
    ):
        assert not joinable(first, then), first
    for after in (Bead("“走吧。”", '"Let\'s go."'), Bead("【提示】", "[Note]"), Bead("", "He left.")):
        assert not joinable(Bead("他走了。", "He left."), after), after


def test_joinable_runs_are_joined_up_to_max_join_beads():
    beads = [Bead(f"第{i}句。", f"Line {i}.") for i in range(MAX_JOIN + 2)] + [Bead("“好。”", '"Fine."')]
    lowercase = frozenset({"line"})
    joined = join_beads(beads, random.Random(0), lowercase, p_join=1)
    assert joined == [
        Bead("第0句，第1句，第2句，第3句。", "Line 0; line 1; line 2; line 3."),
        Bead("第4句，第5句。", "Line 4; line 5."),
        Bead("“好。”", '"Fine."'),
    ]
    assert join_beads(beads, random.Random(0), lowercase, p_join=0) == beads


def test_the_splitters_keep_every_joined_demo_bead_one_sentence_longer():
    lowercase = _lowercase_words()
    joins = 0
    for book in load_books():
        for chapter in book.chapters:
            beads = chapter.beads()
            for first, then in zip(beads, beads[1:]):
                if joinable(first, then):
                    joined = join(first, then, lowercase)
                    for split, side in ((split_zh, "zh"), (split_en, "en")):
                        head, tail, both = (split(getattr(bead, side)) for bead in (first, then, joined))
                        k = len(head) - 1  # the sentence they share
                        assert both[:k] == head[:k] and both[k + 1 :] == tail[1:], joined
                        assert both[k].startswith(head[-1][:-1]) and both[k].endswith(tail[0][1:])
                    joins += 1
    assert joins == 686
