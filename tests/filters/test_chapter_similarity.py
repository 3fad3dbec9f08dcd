import gc
import math
import weakref

import numpy as np
import pytest

from filters.chapter_similarity import MAX_SENTENCES, Profile, SimilarityModel, profile
from text.lexicon import Lexicon


def _zh(*sentences):
    """A zh profile of (place, {word: gloss}) sentences, 100 characters long."""
    return Profile(
        "zh", tuple((place, {w: frozenset(g) for w, g in terms.items()}) for place, terms in sentences), 100
    )


def _en(*sentences):
    return Profile("en", tuple((place, tuple(stems)) for place, stems in sentences), 100)


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


def test_profile_places_each_sentence_by_the_characters_before_it():
    lexicon = Lexicon({"猫": ("cat",), "狗": ("dog",)})
    zh = profile("zh", ["猫来了。", "狗"], lexicon, [["猫", "来"], ["狗"]])
    assert zh.chars == 5
    assert [place for place, _ in zh.sentences] == [0.0, 4 / 5]
    assert [terms for _, terms in zh.sentences] == [{"猫": {"cat"}, "来": {"lai"}}, {"狗": {"dog"}}]
    assert zh.terms == {"猫", "来", "狗"}
    en = profile("en", ["A cat.", "Two cats sat down.", "Dog"], lexicon)
    assert en.chars == 23  # spaces not counted
    assert [place for place, _ in en.sentences] == [0.0, 5 / 23, 20 / 23]
    assert [list(terms) for _, terms in en.sentences] == [["cat"], ["2", "cat", "sit"], ["dog"]]


def test_profile_of_a_long_chapter_reads_sentences_spread_evenly():
    long = profile("en", ["Cat."] * (2 * MAX_SENTENCES), Lexicon({}))
    assert [place for place, _ in long.sentences] == [k / MAX_SENTENCES for k in range(MAX_SENTENCES)]


def test_a_model_keeps_no_profile_and_is_freed_without_the_cycle_collector():
    """A long book's profiles (sets of terms per sentence) were held for as long as the model, and a model's
    arrays, in a cycle (side -> layout -> side), until a full collection, after the chapters were paired."""
    zh = [_zh((0.0, {"猫": {"cat"}}), (0.5, {"狗": {"dog"}}))]
    en = [_en((0.0, ["cat"]), (0.5, ["dog"]))]
    profiles = [weakref.ref(p) for p in zh + en]
    paused = gc.isenabled()
    gc.disable()
    try:
        model = SimilarityModel(zh, en)
        del zh, en
        assert [p() for p in profiles] == [None, None]
        assert model.similarity((0,), (0,)).score == 1.0
        sides = [weakref.ref(model._zh), weakref.ref(model._en)]
        del model
        assert [side() for side in sides] == [None, None]
    finally:
        if paused:
            gc.enable()


def test_an_en_sentence_keeps_its_stems_once_each_as_a_tuple():
    en = profile("en", ["Cats sat on a cat.", "Dog"], Lexicon({}))
    assert [terms for _, terms in en.sentences] == [("cat", "sit"), ("dog",)]


def test_term_and_gloss_ids_are_held_as_int32():
    """A long book's layouts hold a term id per (segment, term) and a gloss id per stem of each: 4 bytes each."""
    model = SimilarityModel([_zh((0.0, {"猫": {"cat"}}))], [_en((0.0, ["cat"]))])
    assert model.similarity((0,), (0,)).score == 1.0
    zh = model._zh.layout(0, 0.0, 100.0)
    en = model._en.layout(0, 0.0, 100.0)
    assert (zh.term.dtype, en.term.dtype, zh.gloss(1)[0].dtype) == (np.int32, np.int32, np.int32)
    assert (model._zh.terms[0].dtype, model._zh.sentence_of[0].dtype) == (np.int32, np.int16)
