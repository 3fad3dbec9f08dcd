from core.layout import Layout
from pipeline.manifest import Manifest
from pipeline.summary import format_runs, format_summary, task_runs


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


def test_the_summary_names_each_site_the_crawl_stopped_and_why():
    crawl = {"requests": 4, "failed": 1, "failed_reasons": {"not_fetched": 1}}
    stopped = {"en-site": "site unreachable: 10 requests in a row failed to connect"}
    summary = {
        "output": "out",
        "books": 1,
        "raw_chapters": {"zh": 2, "en": 0},
        "chapters": 0,
        "sentence_pairs": 0,
        "sentence_pairs_both_sides": 0,
        "rejected": {},
        "cohesion_candidates": {},
        "crawl": {**crawl, "stopped_sites": stopped},
    }
    lines = format_summary(summary).splitlines()
    assert lines[3:5] == [
        "  crawl failures (retried on the next run): not_fetched 1",
        "  STOPPED en-site (site unreachable: 10 requests in a row failed to connect): nothing more was sent to it",
    ]
