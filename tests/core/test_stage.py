"""The result every domain stage returns."""

from __future__ import annotations

import dataclasses

import pytest

from core.stage import StageResult


def test_a_result_starts_empty_and_each_gets_its_own_lists():
    a, b = StageResult(), StageResult()
    assert (a.rows, a.rejections, a.stats) == ([], [], {})
    a.rows.append({"x": 1})
    assert b.rows == []


def test_a_result_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        StageResult().rows = []  # type: ignore[misc]
