import pytest

from qc.accuracy import accuracy_rows, wilson


def test_wilson_interval_known_values():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(93, 100) == pytest.approx((0.8626, 0.9657), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_accuracy_per_book_and_overall():
    verdicts = [{"book_id": "b", "correct": c} for c in (True, True, False)] + [
        {"book_id": "a", "correct": True}
    ]
    assert accuracy_rows(verdicts) == [
        {"book": "a", "beads": 1, "correct": 1, "accuracy %": 100.0, "95% interval": "20.7–100.0"},
        {"book": "b", "beads": 3, "correct": 2, "accuracy %": 66.7, "95% interval": "20.8–93.9"},
        {"book": "all", "beads": 4, "correct": 3, "accuracy %": 75.0, "95% interval": "30.1–95.4"},
    ]
