"""``pipeline.tasks``, the module Luigi's own entry points load: every task registered under its own name."""

from __future__ import annotations

import luigi.task_register

import pipeline.tasks  # noqa: F401 - what ``luigi --module pipeline.tasks`` imports

FAMILIES = [  # the task ids, manifests (_manifests/FAMILY/) and luigi.cfg sections of existing folders
    "AlignBook",
    "BuildCorpus",
    "BuildReport",
    "CleanBook",
    "CrawlBook",
    "DedupCorpus",
    "ExportCorpus",
    "FilterBook",
    "MineBook",
    "RangeDaily",
    "UpdateCorpus",
]


def test_the_module_of_luigis_entry_points_registers_every_task_under_its_own_name():
    registered = luigi.task_register.Register.task_names()
    assert [name for name in FAMILIES if name not in registered] == []
    assert [luigi.task_register.Register.get_task_cls(name).__name__ for name in FAMILIES] == FAMILIES
