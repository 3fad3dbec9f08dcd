import pytest

from cohesion.agreement import agreement, cohen_kappa


def test_cohen_kappa_hand_computed():
    # po = 3/4; p(accept) = 3/4 and 2/4, pe = 3/4*2/4 + 1/4*2/4 = 1/2; kappa = (3/4 - 1/2) / (1/2)
    assert cohen_kappa([True, True, False, True], [True, False, False, True]) == pytest.approx(0.5)
    assert cohen_kappa([True, False], [True, False]) == pytest.approx(1.0)
    assert cohen_kappa([True, False], [False, True]) == pytest.approx(-1.0)
    assert cohen_kappa([True, True], [True, True]) is None  # chance agreement is 1


def _record(cid: str, annotator: str, phenomenon: str, accept: bool) -> dict:
    return {"candidate_id": cid, "annotator": annotator, "phenomenon": phenomenon, "accept": accept}


def test_only_items_judged_by_both_count():
    records = [
        _record("c1", "ann", "reference", True),
        _record("c1", "bob", "reference", True),
        _record("c2", "ann", "reference", False),
        _record("c2", "bob", "reference", True),
        _record("c3", "ann", "conjunction", True),  # bob did not judge it
        _record("c3", "cid", "conjunction", True),
    ]
    report = agreement(records, ("ann", "bob"))
    assert report["overall"] == {"n": 2, "raw": 0.5, "kappa": 0.0}
    assert report["by_phenomenon"] == {"reference": {"n": 2, "raw": 0.5, "kappa": 0.0}}
    assert agreement(records)["annotators"] == ["ann", "bob"]  # the two most active


def test_a_repeated_record_counts_once():
    records = [
        _record("c1", "ann", "reference", True),
        _record("c1", "bob", "reference", False),
        _record("c2", "ann", "reference", True),
        _record("c2", "bob", "reference", True),
        *[_record("c1", "cid", "reference", True)] * 4,  # one candidate, listed four times
    ]
    report = agreement(records + records[:2])
    assert report["annotators"] == ["ann", "bob"]  # two candidates each; cid judged one
    assert report["overall"] == {"n": 2, "raw": 0.5, "kappa": 0.0}
