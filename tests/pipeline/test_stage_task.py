import pytest

from pipeline import tasks
from pipeline.stage_task import _code_inputs


@pytest.mark.parametrize(
    ("task", "module"),
    [
        (tasks.CrawlBook, "crawlers/stage.py"),
        (tasks.CleanBook, "filters/clean_stage.py"),
        (tasks.DedupCorpus, "filters/dedup_stage.py"),
        (tasks.FilterBook, "filters/filter_stage.py"),
        (tasks.AlignBook, "alignment/stage.py"),
        (tasks.MineBook, "cohesion/stage.py"),
        (tasks.ExportCorpus, "exports/stage.py"),
    ],
)
def test_a_tasks_code_fingerprint_covers_its_stage_module_and_its_own_class_only(task, module):
    code = _code_inputs(task)
    assert f"code:{module}" in code
    assert f"code:pipeline/tasks.py#{task.__name__}" in code
    assert not any("#StageTask" in key or "#BookTask" in key or "stage_task.py" in key for key in code)
