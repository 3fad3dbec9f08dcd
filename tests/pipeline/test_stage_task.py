from collections.abc import Iterator
from pathlib import Path

import luigi
import pytest

from core import storage
from pipeline import tasks
from pipeline.lock import LOCK_NAME, OutputBusy, build_lock
from pipeline.output_folder import adopt
from pipeline.stage_task import StageTask, _code_inputs
from tests.helpers import params, write_config
from tests.pipeline.lock_holder import LOCAL, held_in_another_process


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


@pytest.mark.parametrize(
    ("task", "modules"),
    [
        (tasks.CleanBook, {"filters/settings.py", "filters/clean.py"}),
        (tasks.DedupCorpus, {"filters/dedup.py"}),
        (tasks.FilterBook, {"filters/chapter_filters.py", "filters/chapter_match.py"}),
        (tasks.AlignBook, {"alignment/settings.py"}),
        (tasks.ExportCorpus, {"exports/splits.py"}),
        (tasks.BuildReport, {"exports/splits.py"}),
    ],
)
def test_a_tasks_code_fingerprint_covers_the_defaults_of_the_settings_it_reads(task, modules):
    """``filters/settings.py`` holds the clean stage's default ``CleanSettings`` and no stage imports it: a
    default edited there reran nothing, the fingerprint recording only settings that differ from it."""
    code = _code_inputs(task)
    assert {module for module in modules if f"code:{module}" in code} == modules


@pytest.mark.parametrize("task", [tasks.CleanBook, tasks.DedupCorpus, tasks.FilterBook, tasks.AlignBook])
def test_a_tasks_code_fingerprint_covers_the_table_writer(task):
    """``core.storage`` turns every task's rows into its Parquet files; only tasks whose stage imported it had
    it in their fingerprint."""
    assert "code:core/storage.py" in _code_inputs(task)


class Probe(StageTask):
    """Writes, as its output, what a local build started during its run gets."""

    name = luigi.Parameter(default="probe")

    def output_paths(self) -> list[Path]:
        return [self.layout.root / f"{self.name}.json"]

    def run(self) -> None:
        self.write_probe()

    def write_probe(self) -> None:
        path = self.output_paths()[0]
        self.write_outputs([(path, lambda: storage.write_json(_local_build(self.layout.root), path))])


class Stepwise(Probe):
    """A generator run: a dynamic dependency first, then its own probe."""

    def run(self) -> Iterator[Probe]:
        yield self.clone(Probe, name=f"{self.name}-first")
        self.write_probe()


def _local_build(root: Path) -> str:
    try:
        with build_lock(root):
            return "free"
    except OutputBusy as err:
        return str(err)


FAILURES: list[str] = []
Probe.event_handler(luigi.Event.FAILURE)(lambda task, error: FAILURES.append(f"{task.name}: {error}"))


def _build(*tasks: Probe, workers: int = 1) -> list[str]:
    """Run ``tasks`` as Luigi's own entry points do (local scheduler); the failures, as Luigi met them."""
    FAILURES.clear()
    luigi.build(list(tasks), local_scheduler=True, workers=workers, log_level="CRITICAL")
    return list(FAILURES)


@pytest.fixture
def probe(tmp_path: Path) -> Probe:
    return Probe(**params(write_config(tmp_path, books=["city-star"])))


def _probed(task: Probe) -> str | None:
    path = task.output_paths()[0]
    return storage.read_json(path) if path.exists() else None


def test_a_run_outside_a_build_holds_the_folder_shared_and_lets_go(probe):
    root = probe.layout.root
    assert _build(probe) == []
    assert (
        _probed(probe)
        == f"luigid workers or a run of Luigi's own (the cron line) are building in {root}: wait for them, "
        "or join luigid workers with --scheduler-host"
    )
    assert _local_build(root) == "free"


def test_a_run_beside_a_local_build_fails_naming_it_and_writes_nothing(probe):
    root = probe.layout.root
    with held_in_another_process(root, LOCAL):
        assert _build(probe) == [f"probe: a local build is writing to {root}: wait for it to end"]
    assert _probed(probe) is None and not probe.manifest_path().exists()
    assert sorted(p.name for p in root.iterdir()) == [LOCK_NAME]  # no failure record either


@pytest.mark.parametrize("workers", [1, 2], ids=["in-process", "forked"])
def test_a_run_inside_a_build_takes_no_lock_of_its_own(probe, workers):
    root = probe.layout.root
    with build_lock(root):
        assert _build(probe, workers=workers) == []
    assert _probed(probe) == (  # the build's own lock, which a shared one of the task's would have met
        f"another build is writing to {root}: wait for it to end, "
        "or share one luigid between builds with --scheduler-host"
    )


def test_a_run_in_a_folder_with_another_configs_books_is_refused_unless_adopted(probe):
    layout = probe.layout
    (layout.root / "raw" / "zh").mkdir(parents=True)
    (layout.root / "raw" / "zh" / "other.parquet").touch()
    assert _build(probe) == [
        f"probe: output folder {layout.root} holds books that {probe.cfg.path} does not list: other; prune or "
        f"adopt them once with python -m pipeline corpus --config {probe.config} --prune (or --adopt)"
    ]
    assert _probed(probe) is None
    adopt(layout, ["other"])
    assert _build(probe) == [] and _probed(probe) is not None


def test_a_generator_run_holds_the_folder_while_it_runs_and_lets_go_when_luigi_drops_it(probe):
    stepwise = probe.clone(Stepwise, name="stepwise")
    root = probe.layout.root
    assert _build(stepwise) == []  # run, dropped at its dependency, run again once the dependency is done
    for task in (stepwise, probe.clone(Probe, name="stepwise-first")):
        assert _probed(task).startswith(
            "luigid workers or a run of Luigi's own (the cron line) are building in"
        )
    assert _local_build(root) == "free"


def test_a_dependency_runs_in_the_process_of_a_generator_run_that_holds_the_folder(probe):
    first = probe.clone(Probe, name="stepwise-first")
    steps = probe.clone(Stepwise, name="stepwise").run()
    assert next(steps) == first  # the generator holds the folder shared now
    assert _build(first) == []  # shared beside shared, in one process
    assert _probed(first).startswith("luigid workers or a run of Luigi's own (the cron line) are building in")
    steps.close()  # as Luigi drops it
    assert _local_build(probe.layout.root) == "free"


def test_the_corpus_books_are_the_configs_then_the_cleaned_books_adopted_into_the_folder(tmp_path):
    """An adopted book was exported with the config's but never deduplicated against them: dedup's books, and
    those that filter, align and mine after it, are the corpus's now (a book adopted with no cleaned table
    has nothing to deduplicate)."""
    task = tasks.DedupCorpus(**params(write_config(tmp_path, books=["city-star", "sword-sect"])))
    storage.write_table([], "clean_chapters", task.layout.clean("old-sword"))
    adopt(task.layout, ["old-sword", "only-crawled", "city-star"])
    assert task.corpus_books() == ["city-star", "sword-sect", "old-sword"]
