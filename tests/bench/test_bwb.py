"""The cost model that scales the benchmarks up to BWB: the preload once, a fixed cost per task, a variable
cost per unit of the basis."""

from __future__ import annotations

import pytest

from bench.bwb import BWB, StageCost, Units, hours_on, words_if_characters

MEASURED = Units(books=2, chapters=100, pairs=5000, words=150_000)


def test_bwb_counts_and_shape():
    assert (BWB.books, BWB.chapters, BWB.pairs, BWB.words) == (384, 196_304, 9_581_816, 460_800_000)
    assert BWB.shape() == "511 chapters/book, 48.8 sentence pairs/chapter, 48.1 words/sentence pair"


def test_the_preload_is_paid_once_per_build_and_a_stage_scales_by_its_basis():
    align = StageCost.measured("align", load_s=2.0, seconds=30.0, units=MEASURED, tasks=2)  # basis: words
    assert (align.rate, align.per_task_s, align.load_s) == (pytest.approx(30.0 / 150_000), 0.0, 2.0)
    assert align.predict(Units(books=10, chapters=1, pairs=1, words=1_500_000)) == pytest.approx(2.0 + 300.0)
    pairing = StageCost.measured("filter", load_s=1.0, seconds=50.0, units=MEASURED)  # basis: chapters
    assert pairing.predict(Units(books=4, chapters=1000, pairs=1, words=1)) == pytest.approx(1.0 + 500.0)


def test_what_a_task_costs_beyond_its_share_is_paid_per_task():
    smaller = Units(books=2, chapters=20, pairs=1000, words=40_000)  # two tasks of 20k words
    mine = StageCost.measured(
        "mine", load_s=3.0, seconds=30.0, units=MEASURED, tasks=1, smaller=(20.0, smaller, 2)
    )
    assert mine.rate == pytest.approx(20.0 / 130_000)  # the slope through (20k words, 10 s) and (150k, 30 s)
    assert mine.per_task_s == pytest.approx(30.0 - 150_000 * 20.0 / 130_000)  # the intercept
    assert mine.predict(Units(books=10, chapters=1, pairs=1, words=1_500_000)) == pytest.approx(
        3.0 + 10 * mine.per_task_s + 1_500_000 * mine.rate
    )
    more_per_word = StageCost.measured(
        "mine", load_s=3.0, seconds=30.0, units=MEASURED, smaller=(2.0, smaller, 2)
    )
    assert (more_per_word.rate, more_per_word.per_task_s) == (
        pytest.approx(30.0 / 150_000),
        0.0,
    )  # no fixed part
    pairing = StageCost.measured(
        "filter", load_s=1.0, seconds=50.0, units=MEASURED, smaller=(40.0, smaller, 2)
    )
    assert (pairing.rate, pairing.per_task_s) == (0.5, 0.0)  # per chapter at the larger size's book length


def test_costs_saved_before_the_preload_keep_their_load_in_the_cost_per_task():
    saved = StageCost("mine", per_task_s=7.7, rate=1e-5, units=MEASURED)
    assert saved.load_s == 0.0
    assert saved.predict(Units(books=10, chapters=1, pairs=1, words=100_000)) == pytest.approx(77.0 + 1.0)


def test_dedup_is_one_task_for_the_corpus():
    dedup = StageCost.measured("dedup", load_s=5.0, seconds=15.0, units=MEASURED)
    assert dedup.predict(Units(books=100, chapters=1, pairs=1, words=1_500_000)) == pytest.approx(5.0 + 150.0)


def test_hours_on_n_cores_spread_the_book_stages_but_not_dedup():
    seconds = {"clean": 3600.0, "dedup": 3600.0, "align": 7200.0}
    assert hours_on(seconds, 1, books=384) == pytest.approx(4.0)
    assert hours_on(seconds, 2, books=384) == pytest.approx(1.0 + 1.5)
    assert hours_on(seconds, 1000, books=3) == pytest.approx(1.0 + 3.0 / 3)  # no more workers than books


def test_words_if_characters_counts_chinese_characters_against_jieba_words(tmp_path):
    (tmp_path / "0.chs_re.txt").write_text("我们走吧。\n好。\n", encoding="utf-8")
    (tmp_path / "0.ref_re.txt").write_text("Let us go.\nFine.\n", encoding="utf-8")
    # jieba words 我们, 走, 吧, 好 (4) + English 4, against characters 我, 们, 走, 吧, 好 (5) + English 4
    assert words_if_characters(tmp_path) == 8 / 9


def test_words_if_characters_without_the_example_is_none(tmp_path):
    assert words_if_characters(tmp_path) is None
