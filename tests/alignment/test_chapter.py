"""One chapter through the pipeline's path (``align_chapters``, the default method), which reaches
``alignment.chapter`` through ``alignment.book``."""

import pytest

from alignment.beads import Bead
from tests.alignment.cover import assert_cover
from alignment import chapter
from alignment.chapter import align_tokens, count_problem, realign_tokens
from alignment.similarity import ChapterTokens, glosses
from text.lexicon import Lexicon
from alignment.methods import align_chapters
from core.rejection import Rejection
from tests.alignment.texts import EN, GOLD, ZH


def align_one(zh: list[str], en: list[str], lexicon: Lexicon) -> list[Bead] | Rejection:
    (result,), _ = align_chapters("default", [(zh, en)], ["book/1"], lexicon=lexicon)
    return result


def test_exact_beads_with_split_merge_dropped_and_added_sentences(lexicon):
    beads = align_one(ZH, EN, lexicon)
    assert [bead.key for bead in beads] == GOLD
    assert_cover(beads, len(ZH), len(EN))


def test_deterministic(lexicon):
    assert align_one(ZH, EN, lexicon) == align_one(list(ZH), list(EN), lexicon)


def test_empty_chapter(lexicon):
    assert align_one([], [], lexicon) == []


def test_one_line_chapter(lexicon):
    assert [bead.key for bead in align_one(ZH[:1], EN[:1], lexicon)] == [((0,), (0,))]


def test_one_side_empty_short_chapter_is_all_skips(lexicon):
    assert [bead.key for bead in align_one(ZH[:2], [], lexicon)] == [((0,), ()), ((1,), ())]


def test_very_unbalanced_chapter_is_rejected(lexicon):
    result = align_one(ZH[:2], EN * 2, lexicon)
    assert isinstance(result, Rejection) and result.reason == "unbalanced_chapter"


@pytest.mark.parametrize("method", ["default", "hybrid", "galechurch"])
def test_a_chapter_too_long_to_align_is_rejected_unsearched(lexicon, method):
    (result,), _ = align_chapters(method, [(ZH[:1] * 2001, EN[:1] * 2000)], ["book/1"], lexicon=lexicon)
    assert result == Rejection(
        "chapter_too_long",
        "2001 zh and 2000 en sentences: the aligner takes at most 2,000 a side (a book read as one chapter?)",
    )


def test_balance_limits():
    assert count_problem(10, 40) is None
    assert count_problem(10, 41) is not None
    assert count_problem(10, 2) is not None
    assert count_problem(1, 4) is None  # too small to judge
    assert count_problem(2000, 2000) is None  # the longest chapter aligned


def test_realignment_fills_a_short_chapters_tables_whole(lexicon, monkeypatch):
    tokens = ChapterTokens.of(ZH * 3, EN * 3)  # 27 en sentences: two blocks of 16 if filled by blocks
    gloss = glosses(tokens, lexicon)
    beads, _ = align_tokens(tokens, gloss)
    scorers, search = [], chapter.realign_near

    def realign_near(n, m, scorer, *args):
        scorers.append(scorer)
        return search(n, m, scorer, *args)

    monkeypatch.setattr(chapter, "realign_near", realign_near)
    assert realign_tokens(tokens, gloss, beads) == beads
    assert scorers[0]._zh.sums.shape[2] == 27
