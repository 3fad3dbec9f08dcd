import pytest

from evals.metric import Counts, count, scores, line_accuracy

GOLD = [((0,), (0,)), ((1,), (1, 2)), ((2, 3), (3,)), ((4,), ())]


def test_perfect():
    assert scores(count(GOLD, GOLD)) == pytest.approx(
        {f"{k}_{m}": 1.0 for k in ("strict", "lax") for m in "p r f1".split()} | {"strict_r": 1.0}
    )


def test_hand_computed_case():
    test = [((0,), (0,)), ((1,), (1,)), ((), (2,)), ((2, 3), (3,)), ((4,), ())]
    counts = count(test, GOLD)
    # precision over 5 test beads: exact [0]:[0], [2,3]:[3], [4]:[] -> 3; lax adds [1]:[1] -> 4
    # recall over 3 gold beads with both sides: exact 2; lax 3 ([1]:[1,2] overlapped by [1]:[1])
    assert counts == Counts(strict_p=3, lax_p=4, test=5, strict_r=2, lax_r=3, gold=3)
    result = scores(counts)
    assert result["strict_p"] == pytest.approx(0.6)
    assert result["strict_r"] == pytest.approx(2 / 3)
    assert result["strict_f1"] == pytest.approx(2 * 0.6 * (2 / 3) / (0.6 + 2 / 3))
    assert result["lax_f1"] == pytest.approx(2 * 0.8 * 1.0 / 1.8)


def test_micro_average_sums_counts_first():
    total = Counts()
    total += count([((0,), (0,))], [((0,), (0,))])
    total += count([((0,), (0, 1))], [((0,), (0,)), ((), (1,))])
    assert total == Counts(strict_p=1, lax_p=2, test=2, strict_r=1, lax_r=2, gold=2)
    assert scores(total)["strict_f1"] == pytest.approx(0.5)


def test_line_accuracy_counts_groups_recovered_by_a_run_of_beads():
    gold = [((0, 1), (0, 1)), ((2,), (2,)), ((3,), ()), ((), ())]
    test = [((0,), (0,)), ((1,), (1,)), ((2, 3), (2,))]  # first group split but exact; the rest glued
    assert line_accuracy(test, gold) == (1, 3)
    assert line_accuracy([((0, 1), (0, 1)), ((2,), (2,)), ((3,), ())], gold) == (3, 3)
    assert line_accuracy([], gold) == (0, 3)


def test_a_bead_of_twenty_thousand_sentences_a_side_is_counted_without_copying_its_links():
    """Each zh sentence of a gold bead held a copy of its English side: a line of 20,000 sentences a side
    took 24 GB and was killed."""
    giant = (tuple(range(20_000)), tuple(range(20_000)))
    halves = [(tuple(range(10_000)), tuple(range(10_000))), (tuple(range(10_000, 20_000)), (20_000,))]
    assert count(halves, [giant]) == Counts(strict_p=0, lax_p=1, test=2, strict_r=0, lax_r=1, gold=1)
    assert count([giant], halves) == Counts(strict_p=0, lax_p=1, test=1, strict_r=0, lax_r=1, gold=2)
