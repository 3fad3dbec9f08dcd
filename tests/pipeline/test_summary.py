from core.layout import Layout
from pipeline.manifest import Manifest
from pipeline.summary import format_runs, task_runs


def test_the_summary_says_which_tasks_this_run_ran_and_why(tmp_path):
    runs = {
        "AlignBook/a": ("now", ["code changed: alignment/search.py"]),
        "AlignBook/b": ("now", ["new input"]),
        "AlignBook/c": ("now", ["code changed: alignment/search.py"]),
        "CleanBook/a": ("before", ["not built"]),
    }
    for name, (run_id, why) in runs.items():
        Manifest(extra={"run_id": run_id, "why": why}).save(tmp_path / "_manifests" / f"{name}.json")
    assert format_runs(task_runs(Layout(tmp_path), "now")) == (
        "  tasks run (task: count, why):\n"
        "    AlignBook: 2, code changed: alignment/search.py\n"
        "    AlignBook: 1, new input"
    )
    assert (
        format_runs(task_runs(Layout(tmp_path), "later")) == "  tasks run: none (everything was up to date)"
    )
