import pytest

from alignment.similarity import ChapterScorer, idf, length_factor
from tests.alignment.texts import EN, ZH


def test_length_factor():
    assert length_factor(10, 10) == 1.0
    assert length_factor(10, 0) == 0.0
    assert length_factor(10, 30) == pytest.approx(0.415, abs=1e-3)


def test_idf_weights_rare_items_more():
    weights = idf([frozenset({"a", "b"}), frozenset({"a"})])
    assert weights["b"] > weights["a"] > 0


def test_translation_scores_above_neighbours(lexicon):
    scorer = ChapterScorer(ZH, EN, lexicon)
    assert scorer.score(0, 1, 0, 1) > 0.3
    assert scorer.score(0, 1, 0, 1) > scorer.score(0, 1, 1, 2)
    assert scorer.score(1, 2, 1, 3) > max(scorer.score(1, 2, 1, 2), scorer.score(1, 2, 2, 3))
    assert scorer.score(5, 6, 4, 5) < 0.1  # the dropped sentence has no real counterpart
    assert scorer.score(0, 1, 0, 1) <= scorer.bound(0, 1, 0, 1)
    assert 0 in scorer.partners(0)


def test_explained_words_include_pinyin_names(lexicon):
    scorer = ChapterScorer(ZH, EN, lexicon)
    words, stems = scorer.explained(0, 1, 0, 1)
    assert {"林晚", "封信"} <= words
    assert {"lin", "wan", "letter"} <= stems
