"""The cost model that scales the benchmarks up to BWB: fixed cost per task, variable cost per unit of the basis."""

from __future__ import annotations

import pytest

from bench.bwb import BWB, StageCost, Units, hours_on

MEASURED = Units(books=2, chapters=100, pairs=5000, words=150_000)


def test_bwb_counts_and_shape():
    assert (BWB.books, BWB.chapters, BWB.pairs, BWB.words) == (384, 196_304, 9_581_816, 460_800_000)
    assert BWB.shape() == "511 chapters/book, 48.8 sentence pairs/chapter, 48.1 words/sentence pair"


def test_a_per_book_stage_pays_its_load_once_per_book_and_scales_by_its_basis():
    align = StageCost.measured("align", load_s=2.0, seconds=30.0, units=MEASURED)  # basis: words
    assert align.rate == pytest.approx(30.0 / 150_000) and align.per_task_s == 2.0
    assert align.predict(Units(books=10, chapters=1, pairs=1, words=1_500_000)) == pytest.approx(
        10 * 2.0 + 300.0
    )
    pairing = StageCost.measured("filter", load_s=1.0, seconds=50.0, units=MEASURED)  # basis: chapters
    assert pairing.predict(Units(books=4, chapters=1000, pairs=1, words=1)) == pytest.approx(4 * 1.0 + 500.0)


def test_what_a_smaller_corpus_cost_beyond_its_share_is_paid_per_task():
    smaller = Units(books=1, chapters=20, pairs=1000, words=50_000)
    mine = StageCost.measured("mine", load_s=3.0, seconds=30.0, units=MEASURED, smaller=(20.0, smaller))
    assert mine.rate == pytest.approx(10.0 / 100_000)  # the slope through (50k words, 20 s) and (150k, 30 s)
    assert mine.per_task_s == pytest.approx(3.0 + 15.0)  # load + the intercept
    more_per_word = StageCost.measured(
        "mine", load_s=3.0, seconds=30.0, units=MEASURED, smaller=(5.0, smaller)
    )
    assert (more_per_word.rate, more_per_word.per_task_s) == (
        pytest.approx(30.0 / 150_000),
        3.0,
    )  # no fixed part
    pairing = StageCost.measured("filter", load_s=1.0, seconds=50.0, units=MEASURED, smaller=(40.0, smaller))
    assert (pairing.rate, pairing.per_task_s) == (0.5, 1.0)  # per chapter at the larger size's book length


def test_dedup_is_one_task_for_the_corpus():
    dedup = StageCost.measured("dedup", load_s=5.0, seconds=15.0, units=MEASURED)
    assert dedup.predict(Units(books=100, chapters=1, pairs=1, words=1_500_000)) == pytest.approx(5.0 + 150.0)


def test_hours_on_n_cores_spread_the_book_stages_but_not_dedup():
    seconds = {"clean": 3600.0, "dedup": 3600.0, "align": 7200.0}
    assert hours_on(seconds, 1, books=384) == pytest.approx(4.0)
    assert hours_on(seconds, 2, books=384) == pytest.approx(1.0 + 1.5)
    assert hours_on(seconds, 1000, books=3) == pytest.approx(1.0 + 3.0 / 3)  # no more workers than books
