"""The machinery every Luigi task of the pipeline shares (``pipeline.tasks`` lists the tasks themselves).

A ``StageTask`` names its outputs and the inputs it reads; completeness is content-based
(``pipeline.manifest``): a task reruns only when a file it reads, its settings, or its code or bundled
data changed (``_code_inputs``: its own class source and every project module it imports), or the schema of
a table it read or wrote as it last ran (``core.storage.recording_tables``), or when one of its outputs is
missing or damaged. ``write_outputs`` writes atomically, then the manifest.
Each run holds the output folder (``StageTask.holding_folder``), also where Luigi's own entry points run it.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
import re
from collections.abc import Callable, Iterator, Set as AbstractSet
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import luigi
from luigi.task import flatten

from core import storage
from core.code_digest import code_digests, imported_modules, is_code, source_digest
from core.langdata import data_digests
from core.loaded_code import as_loaded
from core.package_versions import package_versions
from pipeline.config import Config, load_config
from pipeline.settings import section_modules
from core.paths import REPO_ROOT
from core.layout import Layout
from core.stage import StageResult
from pipeline import output_folder
from pipeline.manifest import (
    CODE,
    DATA,
    FILE,
    PACKAGE,
    SETTINGS,
    Manifest,
    changes,
    recorded_tables,
    schema_inputs,
)
from pipeline.failures import failure_message, record
from pipeline.luigi_params import ConfigParameter, FolderParameter
from pipeline.preload import preload
from pipeline.lock import OutputBusy, check_held, still_held, task_lock

DEFAULT_CONFIG = REPO_ROOT / "config" / "demo.yaml"
_memo: dict[str, bool] | None = None  # completeness memo, alive during one top-level complete() call
_kept: set[str] | None = None  # the tasks found complete while ``completions_kept`` runs
# the table declarations, which storage imports: a task counts the schemas of the tables it uses instead
_SCHEMAS = "core/schemas.py"
# the fingerprints' own code, which text.cedict and cohesion.stage run for the keys of their caches, and
# which decides whether a file counts as edited while a build ran (core/loaded_code.py)
_FINGERPRINTS = {
    "core/code_digest.py",
    "core/digest_cache.py",
    "core/loaded_code.py",
    "core/package_versions.py",
    "core/setup_digest.py",
}


@cache
def cached_config(path: str) -> Config:
    return load_config(path)


@cache
def _code_inputs(cls: type[StageTask]) -> dict[str, str]:
    """A task's code: the source of its own classes and every project module (and bundled data) they import,
    or whose settings defaults they read (``section_modules``), and the language data those modules read
    (``core.langdata.data_digests``), and the installed versions of the pinned libraries those modules import
    (``core.package_versions``).

    The shared machinery (``StageTask``, ``BookTask``) is left out: it decides when to run, not what comes out;
    but storage's writer is in. The fingerprints' own code (``_FINGERPRINTS``) is left out too: the CC-CEDICT
    parser and the miner run it for their caches' keys, which decide what a cache holds, not what comes out.
    The table declarations (``core/schemas.py``) are not: a task's manifest holds
    the schema of each table it read or wrote instead (``write_outputs``), so a column added to the books table
    reruns the tasks of the books table alone, and one added to the chapters table rewrites it (where the
    miner would refuse the old one for ever as "written by another version").

    A file modified since this process started counts as edited (``core.loaded_code``): the process may run the
    code it loaded before, which a task must not record as the file's.
    """
    inputs: dict[str, str] = {}
    # every task writes its tables by storage's writer (``write_stage``) and reads them by its reader
    modules: set[str] = {"core.storage"}
    for klass in cls.__mro__:
        if not issubclass(klass, StageTask) or klass in (StageTask, BookTask):
            continue
        path, source = _class_source(klass)
        inputs[f"{CODE}{path}#{klass.__name__}"] = as_loaded(REPO_ROOT / path, source_digest(source.encode()))
        modules |= imported_modules(source, klass.__module__.rpartition(".")[0]) | section_modules(source)
    code = {
        path: sha for path, sha in code_digests(modules).items() if path not in {_SCHEMAS, *_FINGERPRINTS}
    }
    inputs.update(
        {(CODE if is_code(p) else DATA) + p: as_loaded(REPO_ROOT / p, sha) for p, sha in code.items()}
    )
    inputs.update({DATA + name: sha for name, sha in data_digests(code).items()})  # WordNet, punkt
    inputs.update({PACKAGE + name: version for name, version in package_versions(code).items()})
    return inputs


@cache
def _class_parameters(cls: type[StageTask]) -> tuple[tuple[str, luigi.Parameter], ...]:
    """Luigi's ``get_params`` of a task class, listed once."""
    return tuple(super(StageTask, cls).get_params())


def _class_source(klass: type) -> tuple[str, str]:
    """A top-level class's file (relative to the repository when inside it) and source text, up to the next
    top-level statement (a comment at the start of a line inside the class does not end it)."""
    path = Path(inspect.getsourcefile(klass) or "").resolve()
    text = path.read_text(encoding="utf-8")
    start = re.search(rf"^class {klass.__name__}\b", text, re.M)
    end = re.compile(r"^[^\s#]", re.M).search(text, text.index("\n", start.start()) + 1) if start else None
    source = text[start.start() : end.start() if end else len(text)] if start else text
    return (path.relative_to(REPO_ROOT).as_posix() if path.is_relative_to(REPO_ROOT) else path.name), source


def _moved_classes(recorded: dict[str, str], current: dict[str, str]) -> dict[str, str]:
    """``recorded`` inputs with each task class's code (``code:FILE#Class``, ``_code_inputs``) under the key the
    class has now: a class moved to another module (the tasks of ``pipeline/tasks.py``, split), its source the
    same, is the same code, and its folder is not built again."""
    now = {key.partition("#")[2]: key for key in current if key.startswith(CODE) and "#" in key}
    return {
        (now.get(key.partition("#")[2], key) if key.startswith(CODE) and "#" in key else key): sha
        for key, sha in recorded.items()
    }


def input_changes(recorded: dict[str, str], current: dict[str, str]) -> list[str]:
    """``changes`` from ``recorded`` inputs (classes moved since under their keys of now, ``_moved_classes``;
    the fingerprints' own code, ``_FINGERPRINTS``, left out, which a task recorded before it was counted so)
    to ``current`` ones, with the schemas of the tables ``recorded`` names as they are declared now."""
    kept = {
        key: sha
        for key, sha in _moved_classes(recorded, current).items()
        if key.removeprefix(CODE) not in _FINGERPRINTS
    }
    return changes(kept, current | schema_inputs(recorded_tables(recorded)))


def _holding_folder(run: Callable[..., Any]) -> Callable[..., Any]:
    """``run`` inside ``holding_folder``; a generator ``run`` (dynamic dependencies) for as long as it runs
    (Luigi drops it where it yields unfinished tasks, and calls ``run`` again once they are done).

    The run notes the tables it reads (``tables_read``, which ``write_outputs`` records), and its inputs as it
    starts (``inputs_at_start``, which ``write_outputs`` records): a file edited while it runs (a local book,
    a machine translation, an adopted book's table) then differs from the record, and the next build runs the
    task again, where the record of its new digest kept the output made from the old. A task complete by
    the time it starts does not run: Luigi judged it before its upstream task ran in the
    same build (AlignBook behind FilterBook), and that task wrote the same files again (a chapter fetched
    and rejected, an edit that changes no output), so its inputs are those its outputs were made from. Such
    a run sets ``up_to_date`` (the build's progress says so, not that it ran)."""
    if inspect.isgeneratorfunction(run):

        @functools.wraps(run)
        def steps(self: StageTask) -> Iterator[Any]:
            with self.holding_folder(), storage.recording_tables() as self.tables_read:
                self.up_to_date = self.complete()
                if self.up_to_date:
                    return None
                with _inputs_noted(self):
                    return (yield from run(self))

        return steps

    @functools.wraps(run)
    def whole(self: StageTask) -> Any:
        with self.holding_folder(), storage.recording_tables() as self.tables_read:
            self.up_to_date = self.complete()
            if self.up_to_date:
                return None
            with _inputs_noted(self):
                return run(self)

    return whole


@contextmanager
def _inputs_noted(task: StageTask) -> Iterator[None]:
    """``task.inputs_at_start``: its ``current_inputs`` as its run starts, for as long as the run lasts."""
    task.inputs_at_start = task.current_inputs()
    try:
        yield
    finally:
        task.inputs_at_start = None


@contextmanager
def completeness_memo() -> Iterator[dict[str, bool]]:
    global _memo
    outer = _memo is None
    if outer:
        _memo = {}
    try:
        yield _memo
    finally:
        if outer:
            _memo = None


@contextmanager
def completions_kept() -> Iterator[None]:
    """Within, a task found complete is not judged again (as Luigi's own ``cache_task_completion`` keeps it):
    one run of a stage judges each task once, where each top-level ``complete()`` (Luigi's, one per task of
    the stage and each of their requirements, and each task's as it starts) judged again its whole upstream,
    every book's behind the corpus-wide dedup: a number of checks that grew with the square of the books.
    A task found incomplete is judged again: it may be complete once it or its upstream has run."""
    global _kept
    outer = _kept is None
    if outer:
        _kept = set()
    try:
        yield
    finally:
        if outer:
            _kept = None


class StageTask(luigi.Task):
    """A pipeline task with a content manifest; subclasses name their outputs and the inputs they read."""

    config = ConfigParameter(default=str(DEFAULT_CONFIG))
    output_dir = FolderParameter(default="", description="write here instead of the config's output folder")
    run_id = luigi.Parameter(
        default="", significant=False, description="one per command run (retries failures)"
    )
    up_to_date = False  # whether the last run found the task complete as it started, and did nothing
    tables_read: AbstractSet[str] = frozenset()  # the tables its run has read so far (``_holding_folder``)
    inputs_at_start: dict[str, str] | None = None  # ``current_inputs`` as its run started, while it runs

    @classmethod
    def get_params(cls) -> list[tuple[str, luigi.Parameter]]:
        """Luigi's, listed once per class (``_class_parameters``): Luigi lists ``dir(cls)`` at each call, four
        times for each task made, about half of ``status``'s time."""
        return list(_class_parameters(cls))

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass's own ``run`` runs holding the output folder (``holding_folder``)."""
        super().__init_subclass__(**kwargs)
        if "run" in cls.__dict__:
            cls.run = _holding_folder(cls.__dict__["run"])

    @contextmanager
    def holding_folder(self) -> Iterator[None]:
        """Hold the output folder: a build's task holds the build's lock, which checked the folder; a task of
        Luigi's own entry points (the cron line's ``RangeDaily``) holds it shared (``task_lock``), and first
        refuses a folder that holds books its config does not list, as a build does (``FolderRefused``).
        ``OutputBusy`` beside a local build: the task fails, its outputs unwritten; so does ``FolderRefused`` where
        the build's folder was moved or deleted since the build took it (``check_held``)."""
        with task_lock(self.layout.root, self.cfg) as own:
            check_held(self.layout.root)
            foreign = own and output_folder.foreign_books(self.layout, [b.book_id for b in self.cfg.books])
            if foreign:
                raise output_folder.FolderRefused(
                    output_folder.refusal(
                        self.layout,
                        self.cfg.path,
                        foreign,
                        output_folder.TASK_ADVICE.format(config=self.config),
                    )
                )
            yield

    @property
    def cfg(self) -> Config:
        return cached_config(str(self.config))

    @property
    def layout(self) -> Layout:
        return Layout(Path(str(self.output_dir)) if self.output_dir else self.cfg.output)

    @property
    def unit(self) -> str:
        """What this task instance is about: a book, a book and language, or the corpus."""
        return "corpus"

    def output_paths(self) -> list[Path]:
        raise NotImplementedError

    def input_paths(self) -> list[Path]:
        """Files this task reads (outputs of its producers); by default their first output each."""
        return [task.output_paths()[0] for task in self.producers()]

    def settings(self) -> dict[str, Any]:
        """The configuration this task's result depends on (changing it reruns the task)."""
        return {}

    def upstream(self) -> list[StageTask]:
        """Tasks that must be complete for this one to be; by default its requirements."""
        return flatten(self.requires())

    def output(self) -> list[luigi.LocalTarget]:
        return [luigi.LocalTarget(str(p)) for p in self.output_paths()]

    def manifest_path(self) -> Path:
        return self.layout.root / "_manifests" / self.task_family / f"{self.unit}.json"

    def manifest(self) -> Manifest | None:
        return Manifest.load(self.manifest_path())

    def _rel(self, path: Path) -> str:
        return str(path.relative_to(self.layout.root))

    def producers(self) -> list[StageTask]:
        """The tasks whose manifests record the files this task reads; by default its upstream tasks."""
        return self.upstream()

    def corpus_books(self) -> list[str]:
        """The corpus's books: the config's, then those adopted into the folder (``--adopt``) that were cleaned."""
        return output_folder.corpus_books(self.layout, [b.book_id for b in self.cfg.books])

    def read_tables(self) -> list[Path]:
        """Every table the task reads, those of the books adopted into the folder included (``input_paths``
        names those of the config's, which their producers record); none beyond them by default."""
        return []

    def files_read(self) -> dict[str, str]:
        """The SHA-256 of each file no task writes that the task reads (hand-made corrections, evaluation
        results), by path from the output root: one changed, added or deleted since is the reason it names
        ("input changed: evaluation/probe.parquet"); none by default."""
        return {}

    def current_inputs(self) -> dict[str, str] | None:
        """Fingerprints of the input files, as their producers recorded them (None if one is missing), and, by
        content, the tables it reads that no task of the config writes (an adopted book's): such a book pruned
        since, or rebuilt by its own config, changes what the task makes."""
        produced: dict[str, str] = {}
        for task in self.producers():
            manifest = task.manifest()
            if manifest is None:
                return None
            produced.update(manifest.outputs)
        try:
            inputs = {self._rel(p): produced[self._rel(p)] for p in self.input_paths()}
        except KeyError:
            return None
        others = [p for p in self.read_tables() if self._rel(p) not in inputs and p.is_file()]
        inputs |= {self._rel(p): storage.file_sha256(p) for p in others}
        if settings := self.settings():
            inputs[SETTINGS] = hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()
        inputs |= {FILE + rel: sha for rel, sha in self.files_read().items()}
        return inputs | _code_inputs(type(self))

    def complete(self) -> bool:
        if _kept is not None and self.task_id in _kept:
            return True
        with completeness_memo() as memo:
            if self.task_id not in memo:
                memo[self.task_id] = self._complete()
            done = memo[self.task_id]
        if done and _kept is not None:
            _kept.add(self.task_id)
        return done

    def _complete(self) -> bool:
        return self.why_stale() is None

    def why_stale(self) -> str | None:
        """Why the task would run now ('not built', 'code changed: alignment/search.py', ...), or None if done."""
        manifest = self.manifest()
        if manifest is None:
            return "not built"
        if problem := self.output_problem(manifest):
            return f"output {problem}"
        if missing := [p for p in self.output_paths() if not p.exists()]:
            return f"output missing: {self._rel(missing[0])}"
        if waiting := [task for task in self.upstream() if not task.complete()]:
            return f"waits for {waiting[0].task_family} {waiting[0].unit}"
        current = self.current_inputs()
        if current is None:
            return "input missing"
        reasons = input_changes(manifest.inputs, current)
        return "; ".join(reasons or self.due_reasons(manifest.extra)) or None

    def output_problem(self, manifest: Manifest) -> str | None:
        """Why an output is not the file ``manifest`` recorded ('missing: PATH', 'damaged: PATH'), or None. A file
        that another run of the task (another unit) wrote since, as its manifest recorded it, is no damage:
        every export writes ``export/summary.json``, so an export of other formats rewrote it, and the
        export run before it read "output damaged" though nothing was edited."""
        root = self.layout.root
        if manifest.damaged(root) is None:  # the common case: no other manifest read
            return None
        paths = sorted(self.manifest_path().parent.glob("*.json"))
        others = [m for path in paths if path != self.manifest_path() and (m := Manifest.load(path))]
        for rel, sha in manifest.outputs.items():
            if problem := Manifest(outputs={rel: sha}, files=manifest.files).damaged(root):
                written = [
                    Manifest(outputs={rel: m.outputs[rel]}, files=m.files) for m in others if rel in m.outputs
                ]
                if all(record.damaged(root) for record in written):
                    return problem
        return None

    def due_reasons(self, extra: dict[str, Any]) -> list[str]:
        """The task's own reasons to run again, read from its last manifest's ``extra`` (e.g. a failed run)."""
        return []

    def rerun_reasons(self, previous: Manifest | None, inputs: dict[str, str]) -> list[str]:
        """Why this run happened, judged against the manifest of the last one (recorded as ``why``)."""
        if previous is None:
            return ["not built", *self.due_reasons({})]
        problem = self.output_problem(previous)
        return (
            input_changes(previous.inputs, inputs)
            + ([f"output {problem}"] if problem else [])
            + self.due_reasons(previous.extra)
        )

    def on_failure(self, exception: BaseException) -> str:
        """Record the failure for the command's end-of-build list of failed books (Luigi keeps the traceback);
        not a refused hold of the folder (``holding_folder``), which writes nothing to a folder it may not."""
        refused = isinstance(exception, (OutputBusy, output_folder.FolderRefused))
        if not refused and still_held(self.layout.root):  # not into a folder made anew where it was
            self.record_failure(failure_message(exception))
        return super().on_failure(exception)

    def record_failure(self, message: str) -> None:
        book = str(getattr(self, "book_id", "corpus"))
        record(self.layout.root, self.task_family, self.unit, book, str(self.run_id), message)

    def write_outputs(self, writes: list[tuple[Path, Any]], **extra: Any) -> None:
        """Write each (path, writer) pair, then the manifest that makes the task complete.

        The manifest records the inputs as the run started (``inputs_at_start``; as they are now outside a run,
        or where an input was missing then), the schema of each table the run read or wrote (``schema:NAME``),
        this run (``run_id``) and why it ran (``why``), for the summary. With nothing changed, Luigi ran the task because
        it was scheduled behind an upstream task that ran.
        """
        check_held(self.layout.root)  # the folder moved or deleted while the task ran: nothing written
        start = self.inputs_at_start
        inputs = dict(start) if start is not None else self.current_inputs() or {}
        why = self.rerun_reasons(self.manifest(), inputs) or ["after an upstream rerun (inputs unchanged)"]
        with storage.recording_tables() as written:
            outputs = {self._rel(path): write() for path, write in writes}
        inputs |= schema_inputs(self.tables_read | written)
        manifest = Manifest(
            inputs=inputs,
            outputs=outputs,
            extra={**extra, "run_id": str(self.run_id), "why": why},
        )
        manifest.record_files(self.layout.root)
        manifest.save(self.manifest_path())

    def write_stage(self, table: str, result: StageResult, **extra: Any) -> None:
        """The usual stage outputs: main table, rejections, stats (in ``output_paths()`` order)."""
        main, rejected_path, stats_path = self.output_paths()
        self.write_outputs(
            [
                (main, lambda: storage.write_table(result.rows, table, main)),
                (rejected_path, lambda: storage.write_table(result.rejections, "rejected", rejected_path)),
                (stats_path, lambda: storage.write_json(result.stats, stats_path)),
            ],
            **extra,
        )


class BookTask(StageTask):
    book_id = luigi.Parameter()

    @property
    def unit(self) -> str:
        return str(self.book_id)

    def stage_paths(self, stage: str, main: Path) -> list[Path]:
        return [main, self.layout.rejected(stage, self.unit), self.layout.stats(stage, self.unit)]


@StageTask.event_handler(luigi.Event.DEPENDENCY_DISCOVERED)
def _preload(task: StageTask, _dependency: luigi.Task) -> None:
    """Preload a task's family as Luigi schedules the task to run: in the process that forks the tasks, so
    Luigi's own entry points (``luigi --module pipeline.tasks``, the cron line's ``RangeDaily``) preload
    too. The command line has preloaded each stage already (``pipeline.cli_build``), which this finds done."""
    preload([task.task_family])
