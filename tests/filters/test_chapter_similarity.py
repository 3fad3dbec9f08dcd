import math

import pytest

from filters.chapter_similarity import Profile, SimilarityModel


def _zh(*sentences):
    """A zh profile of (place, {word: gloss}) sentences, 100 characters long."""
    return Profile(
        "zh", tuple((place, {w: frozenset(g) for w, g in terms.items()}) for place, terms in sentences), 100
    )


def _en(*sentences):
    return Profile(
        "en", tuple((place, {s: frozenset({s}) for s in stems}) for place, stems in sentences), 100
    )


def test_shares_of_explained_terms_weighted_by_rarity():
    zh = [_zh((0.0, {"猫": {"cat"}, "狗": {"dog"}})), _zh((0.0, {"狗": {"dog"}}))]
    en = [_en((0.0, ["cat", "house"])), _en((0.0, ["dog"]))]
    model = SimilarityModel(zh, en)
    similarity = model.similarity((0,), (0,))
    rare, common = math.log(3 / 1), math.log(3 / 2)  # 猫 in one zh chapter, 狗 in both
    assert similarity.zh_explained == rare / (rare + common)
    assert similarity.en_explained == 0.5  # cat, not house (both in one en chapter)
    assert similarity.length == 1.0
    assert model.similarity((1,), (1,)).score == 1.0


def test_a_translation_far_away_in_the_other_text_explains_nothing():
    zh = [_zh((0.0, {"猫": {"cat"}}), (0.9, {"狗": {"dog"}}))]
    near = SimilarityModel(zh, [_en((0.0, ["cat"]), (0.9, ["dog"]))]).similarity((0,), (0,))
    far = SimilarityModel(zh, [_en((0.0, ["cat", "dog"]), (0.9, ["house"]))]).similarity((0,), (0,))
    assert (near.zh_explained, near.en_explained) == (1.0, 1.0)
    assert far.zh_explained == 0.5  # 狗 (late) finds only house near it
    assert far.en_explained == pytest.approx(
        1 / 3
    )  # dog (early) finds only 猫's gloss near it; house nothing


def test_two_chapters_read_as_one_score_the_least_explained():
    zh = [_zh((0.0, {"猫": {"cat"}})), _zh((0.0, {"狗": {"dog"}}))]
    model = SimilarityModel(zh, [_en((0.0, ["cat"]), (0.5, ["dog"])), _en((0.0, ["cat"]))])
    assert model.similarity((0, 1), (0,)).zh_explained == 1.0
    assert model.similarity((0, 1), (1,)).zh_explained == 0.0  # 狗 has no translation there
    assert model.similarity((0,), (1,)).zh_explained == 1.0
