"""Preloading before Luigi forks: each family's warm-up once per process, failures reported, objects frozen."""

from __future__ import annotations

import gc

import pytest

from pipeline import preload as module
from pipeline.preload import WARM_UPS, preload


@pytest.fixture
def warm_ups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Warm-ups that record their calls, in a process that has warmed nothing yet."""
    calls: list[str] = []

    def broken() -> None:
        raise OSError("model not installed")

    monkeypatch.setattr(module, "_done", {})
    monkeypatch.setattr(
        module,
        "WARM_UPS",
        {
            "CleanBook": (lambda: calls.append("shared"), lambda: calls.append("clean")),
            "MineBook": (lambda: calls.append("mine"),),
            "AlignBook": (broken,),
        },
    )
    yield calls
    gc.unfreeze()


def test_each_family_is_warmed_once_per_process_and_families_without_a_warm_up_are_skipped(warm_ups):
    took = preload(["CleanBook", "BuildCorpus"])
    assert list(took) == ["CleanBook"] and isinstance(took["CleanBook"], float)
    assert preload(["CleanBook", "MineBook"]).keys() == {"MineBook"}
    assert preload(["CleanBook", "MineBook"]) == {}
    assert warm_ups == ["shared", "clean", "mine"]


def test_nothing_to_run_warms_nothing_and_freezes_nothing(warm_ups):
    frozen = gc.get_freeze_count()
    assert preload([]) == {} and warm_ups == [] and gc.get_freeze_count() == frozen


def test_the_objects_loaded_are_frozen_so_forked_tasks_collections_pass_them_by(warm_ups):
    gc.unfreeze()
    preload(["MineBook"])
    assert gc.get_freeze_count() > 0


def test_a_failed_warm_up_is_reported_in_one_line_and_not_tried_again(warm_ups):
    assert preload(["AlignBook"]) == {"AlignBook": "OSError: model not installed"}
    assert preload(["AlignBook"]) == {}


def test_every_stage_family_of_a_build_has_a_warm_up():
    assert set(WARM_UPS) == {"CleanBook", "DedupCorpus", "FilterBook", "AlignBook", "MineBook"}
