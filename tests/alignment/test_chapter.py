from alignment.beads import check_cover
from alignment.chapter import align_chapter, balance_problem
from core.rejection import Rejection
from tests.alignment.texts import EN, GOLD, ZH


def test_exact_beads_with_split_merge_dropped_and_added_sentences(lexicon):
    beads, _ = align_chapter(ZH, EN, lexicon)
    assert [bead.key for bead in beads] == GOLD
    check_cover(beads, len(ZH), len(EN))


def test_deterministic(lexicon):
    assert align_chapter(ZH, EN, lexicon)[0] == align_chapter(list(ZH), list(EN), lexicon)[0]


def test_empty_chapter(lexicon):
    assert align_chapter([], [], lexicon)[0] == []


def test_one_line_chapter(lexicon):
    beads, _ = align_chapter(ZH[:1], EN[:1], lexicon)
    assert [bead.key for bead in beads] == [((0,), (0,))]


def test_one_side_empty_short_chapter_is_all_skips(lexicon):
    beads, _ = align_chapter(ZH[:2], [], lexicon)
    assert [bead.key for bead in beads] == [((0,), ()), ((1,), ())]


def test_very_unbalanced_chapter_is_rejected(lexicon):
    result = align_chapter(ZH[:2], EN * 2, lexicon)
    assert isinstance(result, Rejection) and result.reason == "unbalanced_chapter"


def test_balance_limits():
    assert balance_problem(10, 40) is None
    assert balance_problem(10, 41) is not None
    assert balance_problem(10, 2) is not None
    assert balance_problem(1, 4) is None  # too small to judge
