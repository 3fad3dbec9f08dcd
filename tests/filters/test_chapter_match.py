import random
import statistics

from filters import chapter_match
from filters.chapter_match import (
    MatchConfig,
    _anchors,
    _backfilled,
    _corridor,
    _expected,
    _mean,
    _proposed,
    _windows,
    match_chapters,
)
from filters.chapter_similarity import Similarity


def test_windows_cover_each_failed_stretch_with_a_margin_of_passed_pairs():
    anchors = [(0, 0), (1, 1), (2, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 7)]  # zh 3 has no checked partner
    assert _windows(anchors, 9, 8, 1) == [((2, 2), (5, 4))]
    assert _windows(anchors, 9, 8, 2) == [((1, 1), (6, 5))]
    assert _windows(anchors, 10, 8, 1) == [((2, 2), (5, 4)), ((8, 7), (10, 8))]  # the end is searched too
    assert _windows([(1, 1), (2, 2)], 3, 3, 1) == [((0, 0), (2, 2))]
    assert _windows([], 3, 2, 2) == [((0, 0), (3, 2))]


def _score(partner):
    """Scores of a book whose zh chapter i is en chapter partner[i] (1.0, else 0.1)."""

    def score(zh, en, prefix=False):
        same = len(zh) == len(en) == 1 and partner.get(zh[0]) == en[0]
        return Similarity(1.0 if same else 0.1, 1.0 if same else 0.1, 1.0)

    return score


def test_pairs_that_pass_the_check_are_taken_and_the_rest_searched():
    # en chapter numbers are one too high from en chapter 3 on: zh 3 -> en 3 (numbered 4) and so on
    zh_numbers, en_numbers = list(range(1, 9)), [1, 2, 3, 5, 6, 7, 8, 9]
    matches = match_chapters(zh_numbers, en_numbers, _score({i: i for i in range(8)}))
    assert [(m.zh, m.en, m.numbers_agree) for m in matches] == [
        ((0,), (0,), True),
        ((1,), (1,), True),
        ((2,), (2,), True),
        ((3,), (3,), False),
        ((4,), (4,), False),
        ((5,), (5,), False),
        ((6,), (6,), False),
        ((7,), (7,), False),
    ]
    searched = match_chapters(
        zh_numbers, en_numbers, _score({i: i for i in range(8)}), MatchConfig(check=float("inf"))
    )
    assert searched == matches  # no pair passes: the whole book searched


def test_a_prologue_shift_is_checked_one_chapter_off_and_needs_no_search():
    # an unnumbered en prologue: en chapter j is numbered j, and is the translation of zh chapter j (numbered j + 1)
    zh_numbers, en_numbers = list(range(1, 9)), [None, *range(1, 8)]
    score = _score({i: i for i in range(8)})
    corridor = _corridor(_expected(zh_numbers, en_numbers), 8, MatchConfig().band)
    proposed = _proposed(zh_numbers, en_numbers)
    assert proposed == {i: i + 1 for i in range(7)}  # the numbers point one en chapter too far
    expected = _expected(zh_numbers, en_numbers)
    # zh 7 (numbered 8, a number the en side lacks) is found at the shift of the anchors before it
    assert _anchors(proposed, expected, corridor, 8, 8, score, MatchConfig()) == [(i, i) for i in range(8)]
    matches = match_chapters(zh_numbers, en_numbers, score)
    assert [(m.zh, m.en, m.numbers_agree) for m in matches] == [((i,), (i,), False) for i in range(8)]
    assert matches == match_chapters(zh_numbers, en_numbers, score, MatchConfig(check=float("inf")))


def test_anchors_follow_the_shift_of_the_last_anchors_as_it_adds_up():
    # zh 2 and 5 are not translated: the numbers point one en chapter too far from zh 3 on, two from zh 6 on;
    # zh 8's check also passes one chapter past its number (a stray pair)
    partner = {0: 0, 1: 1, **{i: i - 1 for i in (3, 4)}, **{i: i - 2 for i in range(6, 16)}}
    score = _score(partner)

    def with_stray(zh, en, prefix=False):
        return score((8,), (6,)) if (zh, en) == ((8,), (9,)) else score(zh, en)

    zh_numbers, en_numbers = list(range(1, 17)), list(range(1, 15))
    expected = _expected(zh_numbers, en_numbers)
    corridor = _corridor(expected, 14, MatchConfig().band)
    proposed = _proposed(zh_numbers, en_numbers)
    assert proposed == {i: i for i in range(14)}
    # zh 6 and 7 are found at the shift of the last anchor; the stray pair is no anchor (the chapters after
    # it read as translated at that shift, not at its own), so zh 8 to 13 are found there too; zh 14 and 15,
    # numbered past the en side's last number, at that shift too
    assert _anchors(proposed, expected, corridor, 16, 14, with_stray, MatchConfig()) == [
        (0, 0),
        (1, 1),
        (3, 2),
        (4, 3),
        *((i, i - 2) for i in range(6, 16)),
    ]


def test_anchors_keep_only_pairs_that_go_forward_on_both_sides():
    score = _score({0: 0, 1: 2, 2: 1})  # zh 1 and 2 crossed: each passes its own check
    corridor = [(0, 3)] * 4
    anchors = _anchors({0: 0, 1: 2, 2: 1}, [0, 1, 2, 3], corridor, 3, 3, score, MatchConfig())
    assert anchors == [(0, 0), (1, 2)]


def _drifting_book() -> list[tuple[int, ...]]:
    """The zh chapters (of 200) each en chapter translates, in order: every 10 chapters one is not
    translated and two are translated as one."""
    truth, k = [], 0
    while k < 200:
        if k % 10 == 5:
            k += 1
        elif k % 10 == 8:
            truth.append((k, k + 1))
            k += 2
        else:
            truth.append((k,))
            k += 1
    return truth


def _drifting_book_pairs(truth: list[tuple[int, ...]], chance: set = frozenset()) -> list:
    """The (zh, en) pairs ``match_chapters`` makes of ``_drifting_book``'s 200 zh chapters, numbered in
    order, and en chapters that open with an unnumbered prologue and number the rest in order, where the
    true pairs (and ``chance``) score 1.0 and every other pair 0.1."""
    pairs = {(zh, (e,)) for e, zh in enumerate(truth)} | set(chance)

    def score(zh, en, prefix=False):
        return Similarity(1.0, 1.0, 1.0) if (zh, en) in pairs else Similarity(0.1, 0.1, 1.0)

    matches = match_chapters(list(range(1, 201)), [None, *range(1, len(truth))], score)
    return [(m.zh, m.en) for m in matches]


def test_the_search_follows_the_shift_of_the_anchors_past_the_band():
    # 200 zh chapters; the en side opens with an unnumbered prologue (the translation of zh 0) and numbers
    # its chapters 1, 2, ... in order, while every 10 chapters a zh chapter is not translated and two are
    # translated as one: the numbers end up 40 chapters off, five times the band
    truth = _drifting_book()
    assert _drifting_book_pairs(truth) == [(zh, (e,)) for e, zh in enumerate(truth)]


def test_a_pair_of_the_band_that_the_next_two_chapters_pass_behind_moves_no_shift():
    # the book of the test above, where every fourth merge's second zh chapter also scores 1.0 with the en
    # chapter seven after its partner (a chapter that passes by chance in the band), while the next two zh
    # chapters pass behind it: taken, it moved the shift seven on, every later partner was behind the
    # anchors and 94 of 160 pairs were lost
    truth = _drifting_book()
    chance = {((zh[1],), (e + 7,)) for e, zh in enumerate(truth) if len(zh) == 2 and zh[0] % 40 == 38}
    assert _drifting_book_pairs(truth, chance) == [(zh, (e,)) for e, zh in enumerate(truth)]


def test_a_pair_of_the_band_beside_the_second_half_of_a_merge_moves_no_shift_unconfirmed():
    # the book of the tests above, where every fourth merge's first zh chapter also scores 1.0 with the en
    # chapter seven after its partner: the next zh chapter is the merge's second half (no pair of its own),
    # so no run of pairs behind contradicts it; taken, it moved the shift seven on and 100 of 160 pairs
    # were lost. The chapters after it read as translated at the shift before, not at its shift
    truth = _drifting_book()
    chance = {((zh[0],), (e + 7,)) for e, zh in enumerate(truth) if len(zh) == 2 and zh[0] % 40 == 38}
    assert _drifting_book_pairs(truth, chance) == [(zh, (e,)) for e, zh in enumerate(truth)]


def test_a_pair_the_numbers_propose_far_from_the_shift_moves_it_only_where_the_next_chapters_agree():
    # every tenth zh chapter is not translated and the en numbers run on without gaps: the numbers end 20
    # off. zh 96 also scores 1.0 with the en chapter one before its number's, 9 after its partner: taken,
    # the band went back to the numbers, past every later partner, and 86 of 180 pairs were lost
    partner = {i: e for e, i in enumerate(k for k in range(200) if k % 10 != 5)}
    score = _score(partner)

    def chance(zh, en, prefix=False):
        return Similarity(1.0, 1.0, 1.0) if (zh, en) == ((96,), (95,)) else score(zh, en)

    matches = match_chapters(list(range(1, 201)), list(range(1, len(partner) + 1)), chance)
    assert [(m.zh, m.en) for m in matches] == [((i,), (j,)) for i, j in partner.items()]


def test_anchors_lost_by_a_cluster_of_defects_are_found_again_in_the_band():
    # every 10 chapters two zh chapters in a row are not translated: the shift jumps by two, past the
    # pairs one off the numbers and one off the last anchor's shift, and ends 20 chapters off (the anchors
    # were lost at the first jump; the search, centred on the numbers, lost every pair more than 8 off)
    partner, e = {}, 0
    for i in range(100):
        if i % 10 not in (5, 6):
            partner[i], e = e, e + 1
    matches = match_chapters(list(range(1, 101)), list(range(1, e + 1)), _score(partner))
    assert [(m.zh, m.en) for m in matches] == [((i,), (j,)) for i, j in partner.items()]


def test_chapters_without_numbers_on_the_en_side_are_anchored_at_the_shift_of_the_anchors_before():
    # no en title has a number, and every 10 chapters the en side has one text of its own (an interlude):
    # the partners drift 10 chapters off the zh positions (the whole book was searched, in a band of 8 around them)
    partner, e = {}, 0
    for i in range(100):
        e += i % 10 == 9
        partner[i], e = e, e + 1
    matches = match_chapters(list(range(1, 101)), [None] * e, _score(partner))
    assert [(m.zh, m.en) for m in matches] == [((i,), (j,)) for i, j in partner.items()]


def _split_book(n, every, parts):
    """zh chapter i -> its en chapters: every ``every``-th chapter (from the third) cut in ``parts``."""
    truth, e = [], 0
    for i in range(n):
        count = parts if i % every == 2 else 1
        truth.append(((i,), tuple(range(e, e + count))))
        e += count
    return truth, e


def _split_score(truth):
    """1.0 for a true pair (all parts of a split chapter); a run of its parts scores by its share of them."""
    parts = {zh: en for zh, en in truth}

    def score(zh, en, prefix=False):
        whole = parts.get(zh, ())
        if len(zh) == 1 and set(en) <= set(whole) and len(whole) > 1:
            share = len(en) / len(whole)
            return Similarity(share, share, share)
        return Similarity(1.0, 1.0, 1.0) if parts.get(zh) == en else Similarity(0.1, 0.1, 1.0)

    return score


def test_a_chapter_translated_as_three_numbered_chapters_is_one_split_pair():
    truth, e = _split_book(
        12, 5, 3
    )  # zh 2 and 7 each in three en chapters, numbered on: en numbers drift by 4
    matches = match_chapters(list(range(1, 13)), list(range(1, e + 1)), _split_score(truth))
    assert [(m.zh, m.en) for m in matches] == truth


def test_anchors_follow_a_shift_that_jumps_by_two_at_each_split_in_three():
    # every 5th zh chapter is three en chapters numbered as chapters: the numbers end 40 chapters off; each
    # jump of two after an unanchored split is past the band around the numbers until the anchors follow it
    truth, e = _split_book(100, 5, 3)
    matches = match_chapters(list(range(1, 101)), list(range(1, e + 1)), _split_score(truth))
    assert [(m.zh, m.en) for m in matches] == truth


def _long_split_score(truth):
    """A book whose split chapters' translations are long: a chapter's last two parts score above all its
    parts (their length is nearer the book's ratio), its first part explains much of it alone."""
    parts = {zh: en for zh, en in truth if len(en) > 1}

    def score(zh, en, prefix=False):
        whole = parts.get(zh, ())
        if en == whole:
            return Similarity(0.8, 0.5, 0.5)
        if en == whole[1:]:
            return Similarity(0.8, 0.8, 1.0)
        if whole and en == whole[:1]:
            return Similarity(0.6, 0.6, 0.2)
        return _split_score(truth)(zh, en)

    return score


def test_a_part_left_out_of_its_split_chapter_by_length_is_joined_to_it():
    truth, e = _split_book(12, 5, 3)  # zh 2 and 7 each in three en chapters, numbered as chapters
    matches = match_chapters(list(range(1, 13)), list(range(1, e + 1)), _long_split_score(truth))
    assert [(m.zh, m.en) for m in matches] == truth
    assert [m.similarity for m in matches if m.zh == (2,)] == [Similarity(0.8, 0.5, 0.5)]
    assert [m.numbers_agree for m in matches if len(m.en) > 1] == [True, False]


def test_an_en_chapter_no_zh_chapter_explains_stays_out_of_its_neighbours_pairs():
    truth, e = _split_book(12, 5, 3)
    score = _long_split_score(truth)

    def unexplained(zh, en, prefix=False):  # the first part of zh 7 (en 9) is a translator's note
        return Similarity(0.1, 0.1, 0.2) if en == (9,) else score(zh, en)

    matches = match_chapters(list(range(1, 13)), list(range(1, e + 1)), unexplained)
    assert [(m.zh, m.en) for m in matches] == [(zh, en if zh != (7,) else en[1:]) for zh, en in truth]


def test_mean_is_statistics_mean_to_the_last_bit():
    rng = random.Random(0)
    cases = [[0.1, 0.2], [0.1, 0.2, 0.7], [1 / 3, 2 / 3, 0.0], [0.0, 0.0]]
    for _ in range(2000):
        cases.append([rng.random() * 10 ** rng.randint(-20, 2) for _ in range(rng.choice((2, 3, 4)))])
    for values in cases:
        assert _mean(values) == statistics.mean(values), values


def test_numbers_in_order_put_chapters_in_order():
    # the translation starts at chapter 4, and skips chapters 7 to 9
    assert _expected([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [4, 5, 6, 10, 11]) == [0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 5]
    assert _expected([1, 2, 3], [1, 2, 3]) == [0, 1, 2, 3]


def test_a_translation_starting_halfway_or_skipping_half_the_book_is_searched_in_a_band():
    """Content that tells no chapter apart leaves every pair to the search; where the numbers put a zh
    chapter past a gap, or before the first en chapter at its own position, the corridor was a triangle:
    score calls quadratic in the book's chapters (200 chapters: 36,849 and 21,985)."""
    n = 200
    for en_numbers in (
        list(range(n // 2 + 1, n // 2 + n + 1)),  # zh 101-200 are en 1-100
        list(range(1, n // 4 + 1)) + list(range(3 * n // 4 + 1, n + 1)),  # en skips 51-150
    ):
        calls = []

        def score(zh, en, prefix=False):
            calls.append((zh, en))
            return Similarity(0.5, 0.5, 1.0)

        match_chapters(list(range(1, n + 1)), en_numbers, score)
        assert len(calls) < 70 * n  # 1-3 moves: 9,202 and 12,214


def test_an_en_chapters_chance_level_reads_only_the_zh_chapters_whose_band_holds_it(monkeypatch):
    """Each en chapter's baseline scanned every zh chapter's band: time quadratic in the book's chapters
    (16,000 chapters: 44 s of a pairing's 88)."""
    reads = []

    class Corridor(list):
        def __getitem__(self, key):
            reads.append(key)
            return list.__getitem__(self, key)

    monkeypatch.setattr(chapter_match, "_corridor", lambda *args: Corridor(_corridor(*args)))
    n = 400
    score = lambda zh, en, prefix=False: Similarity(0.5, 0.5, 1.0)  # noqa: E731
    matches = match_chapters(list(range(1, n + 1)), list(range(1, n + 1)), score)
    assert len(matches) == n
    assert len(reads) < 40 * n


def test_the_anchors_between_the_searched_stretches_are_read_once(monkeypatch):
    """Every stretch the search decides looked through all the anchors after the one before it for those
    before its start: time quadratic in a long book with a failed check every few chapters (20,000
    chapters: 5.8 s of 6.2)."""
    comparisons = []

    class Cell(tuple):
        def __gt__(self, other):
            comparisons.append(other)
            return tuple.__gt__(self, other)

    def windows(*args):
        return [(Cell(start), end) for start, end in _windows(*args)]

    monkeypatch.setattr(chapter_match, "_windows", windows)
    n = 1000
    partner = {i: i for i in range(n) if i % 5}  # every fifth pair fails its check: a stretch to search
    matches = match_chapters(list(range(1, n + 1)), list(range(1, n + 1)), _score(partner))
    assert [(m.zh, m.en) for m in matches] == [((i,), (i,)) for i in range(n)]
    assert len(comparisons) < 2 * n


def _pairs(zh_numbers, en_numbers, partner):
    """The (zh, en) index pairs ``match_chapters`` makes where zh chapter i is en chapter partner[i]."""
    return [(m.zh, m.en) for m in match_chapters(zh_numbers, en_numbers, _score(partner))]


def test_a_run_of_translations_missing_and_numbered_on_is_found_again_after_the_run():
    # zh 40-69 are not translated and the en numbers run on without a gap: from zh 70 on, every partner is 30
    # en chapters before its number and the last anchor's shift; the band followed the numbers and the search
    # paired 42 zh chapters with en chapters of others
    partner = {i: i if i < 40 else i - 30 for i in range(120) if not 40 <= i < 70}
    pairs = _pairs(list(range(1, 121)), list(range(1, 91)), partner)
    assert pairs == [((i,), (j,)) for i, j in partner.items()]


def test_a_run_of_translations_missing_is_found_again_where_the_numbers_put_it():
    # zh 40-69 are not translated and the en numbers keep the gap: the band followed the last anchor's shift,
    # 30 chapters past where the numbers put zh 70 on, and lost 34 pairs
    partner = {i: i if i < 40 else i - 30 for i in range(120) if not 40 <= i < 70}
    pairs = _pairs(list(range(1, 121)), [i + 1 for i in partner], partner)
    assert pairs == [((i,), (j,)) for i, j in partner.items()]


def test_a_run_of_en_chapters_of_no_zh_chapter_is_swept_past():
    # en 40-69 translate no zh chapter (another book's chapters, numbered on): every later partner is 30 en
    # chapters past its number and the last anchor's shift; found some chapters on by a sweep past the band,
    # the pairs before back to the run are taken at its shift (main kept 40 of 120, 79 pairs wrong). zh 39's
    # pair is kept: the search's band reaches back from zh 40's, 30 en chapters on, to it (it was lost)
    partner = {i: i if i < 40 else i + 30 for i in range(120)}
    pairs = _pairs(list(range(1, 121)), list(range(1, 151)), partner)
    assert pairs == [((i,), (j,)) for i, j in partner.items()]


def test_pairs_after_a_block_posted_in_another_order_are_found_again_by_their_numbers():
    # en 40-59 translate zh 60-79 and en 60-79 zh 40-59, numbered in posting order: one block can be paired
    # (pairs go forward on both sides); after it the numbers are right again. Main found no anchor from zh 40
    # to 79 and its search paired each with the en chapter of its number: 40 pairs wrong. zh 39's pair is
    # kept: the band reaches back to it from the jump to the block's pairs (it was lost)
    order = [*range(40), *range(60, 80), *range(40, 60), *range(80, 120)]
    partner = {i: order.index(i) for i in range(120)}
    pairs = _pairs(list(range(1, 121)), list(range(1, 121)), partner)
    assert pairs == [((i,), (partner[i],)) for i in range(120) if not 60 <= i < 80]


def test_a_run_of_translations_missing_with_fewer_en_chapters_of_no_zh_chapter_in_their_place():
    # zh 40-79 are not translated and 25 en chapters of no zh chapter stand in their place, numbered on after
    # a prologue (the numbers never agree): from zh 80 on, every partner is 15 en chapters behind the last
    # anchor's shift, between the run's first en chapters and the band. Main found it only by searching the
    # whole rest of the book, where numbers that agree by chance paired 24 zh chapters with en chapters of
    # none; now every pair is an anchor, and numbers agree by chance between anchors they disagree on
    partner = {i: i if i < 40 else i - 15 for i in range(160) if not 40 <= i < 80}
    zh_numbers, en_numbers = list(range(1, 161)), [None, *range(1, 145)]
    assert _pairs(zh_numbers, en_numbers, partner) == [((i,), (j,)) for i, j in partner.items()]
    corridor = _corridor(_expected(zh_numbers, en_numbers), len(en_numbers), MatchConfig().band)
    proposed = _proposed(zh_numbers, en_numbers)
    anchors = _anchors(
        proposed, _expected(zh_numbers, en_numbers), corridor, 160, 145, _score(partner), MatchConfig()
    )
    assert anchors == list(partner.items())


def test_the_pairs_before_a_pair_found_beyond_the_band_are_brought_back_past_a_merged_pair():
    # zh 10-19 not translated; from zh 20 on, zh i is en i - 5, but zh 24 and 25 are one en chapter (19),
    # each half of it too short to pass; the pair (28, 22) found beyond the band: main brought back 26 and 27
    # and stopped at the merge (two zh chapters in a row without a pair), and the search's band, around the
    # found pair's shift, did not reach back to all of the rest
    partner = {i: i if i < 10 else i - 5 if i < 25 else i - 6 for i in range(40) if not 10 <= i < 20}

    def score(zh, en, prefix=False):
        same = len(zh) == len(en) == 1 and partner.get(zh[0]) == en[0]
        half = zh[0] in (24, 25)
        return Similarity(1.0 if same else 0.1, 1.0 if same else 0.1, 0.5 if half else 1.0)

    pairs = _backfilled(28, 22, (9, 9), 40, 34, score, MatchConfig())
    assert pairs == [(20, 15), (21, 16), (22, 17), (23, 18), (26, 20), (27, 21)]


def test_the_band_reaches_back_from_a_jump_of_its_centre_past_the_band():
    assert _corridor([0, 1, 2, 30, 31, 32], 40, 2) == [(0, 2), (0, 3), (0, 4), (1, 32), (29, 33), (30, 40)]
