"""What the CLI's build commands share: the ``Target`` a command works on, running its stages with Luigi,
and the exit status from the failures the tasks recorded."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import luigi

from core.layout import Layout
from core.processes import die_with
from core.storage import DamagedFile
from pipeline import output_folder
from pipeline.build_log import luigi_logging_to
from pipeline.config import Config, load_config
from pipeline.failures import any_recorded, collect, failure_lines
from pipeline.failures import make_folder as make_failures_folder
from pipeline.lock import build_lock, check_held
from pipeline.preload import preload
from pipeline.progress import BuildProgress
from pipeline.scheduler import CheckedFactory, check_reachable
from pipeline.stage_task import DEFAULT_CONFIG, completions_kept

IDLE = "30 seconds"  # how long a worker sharing a luigid waits for work before it adds the stage again
IDLE_KEYS = ("max_keep_alive_idle_duration", "max-keep-alive-idle-duration")  # in luigi.cfg's [worker]
SUCCEEDED = (luigi.LuigiStatusCode.SUCCESS, luigi.LuigiStatusCode.SUCCESS_WITH_RETRY)


@dataclass(frozen=True)
class Target:
    """What a command works on: the config, where its output goes, and the task parameters for both."""

    config: Config
    layout: Layout
    params: dict[str, str]

    @classmethod
    def of(cls, args: argparse.Namespace, owned: bool = True) -> Target:
        """The command's target; with ``owned``, one whose folder is an output folder or new
        (``output_folder.check_output_or_new``) and holds only the config's books, else ``FolderRefused``;
        with ``--prune`` or ``--adopt``, ``build`` makes it so, under the build lock."""
        config = load_config(args.config)
        output = Path(args.output).resolve() if args.output else config.output
        run_id = f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
        target = cls(
            config,
            Layout(output),
            # the config's own folder named by --output is no other folder: the same tasks (``FolderParameter``)
            {
                "config": args.config,
                "output_dir": str(output) if output != config.output else "",
                "run_id": run_id,
            },
        )
        if owned:
            output_folder.check_output_or_new(target.layout)  # before the lock, which leaves its file there
        if owned and not any(_prune_or_adopt(args)):
            target.claim_folder(prune=False, adopt=False)
        return target

    def command(self, command: str) -> str:
        """``python -m pipeline COMMAND`` with the options that name this target's config and folder (none for
        the demo's own)."""
        given = (
            []
            if Path(self.params["config"]).resolve() == DEFAULT_CONFIG
            else ["--config", self.params["config"]]
        )
        given += ["--output", self.params["output_dir"]] if self.params["output_dir"] else []
        return " ".join([f"python -m pipeline {command}", *map(shlex.quote, given)])

    def build_command(self, command: str = "corpus") -> str:
        """The ``command`` (``corpus``: the one that builds it) for this target's folder, for a hint: ``make
        corpus`` for the demo's own."""
        given = self.command(command)
        return f"make {command}" if given == f"python -m pipeline {command}" else given

    def corpus_problem(self) -> str | None:
        """Why the folder holds no aligned corpus to read, on one line: a file or a broken link where its
        folders go (a build would stop there), or no build yet; None when it holds one."""
        from exports.corpus import aligned_books

        if aligned_books(self.layout):
            return None
        folders = (self.layout.aligned("_").parent, self.layout.chapters("_").parent)
        problem = next(filter(None, map(output_folder.in_the_way, folders)), None)
        return problem or f"no aligned corpus in {self.layout.root} (run: {self.build_command()})"

    def claim_folder(self, prune: bool, adopt: bool) -> None:
        foreign = output_folder.foreign_books(self.layout, self.book_ids)
        if prune:
            self._kept_adopted()
        if not foreign:
            return
        if prune:
            n = output_folder.prune(self.layout, foreign)
            print(
                f"pruned {len(foreign)} books not in {self.config.path} ({n} files): {', '.join(foreign)}",
                file=sys.stderr,
            )
        elif adopt:
            output_folder.adopt(self.layout, foreign)
            print(f"adopted {len(foreign)} books into this corpus: {', '.join(foreign)}", file=sys.stderr)
        else:
            raise output_folder.FolderRefused(output_folder.refusal(self.layout, self.config.path, foreign))

    def _kept_adopted(self) -> None:
        """One line naming the adopted books that ``--prune`` keeps, and how to drop one (it said nothing)."""
        held = output_folder.adopted(self.layout) & output_folder.held_books(self.layout)
        if kept := sorted(held - set(self.book_ids)):
            print(
                f"--prune kept {len(kept)} adopted books: {', '.join(kept)} (to drop one, delete its id from "
                f"{output_folder.adopted_path(self.layout)} and run with --prune again)",
                file=sys.stderr,
            )

    @property
    def log_path(self) -> Path:
        return self.layout.build_log(self.params["run_id"])

    @property
    def book_ids(self) -> list[str]:
        return [b.book_id for b in self.config.books]

    def corpus_books(self, adopting: bool = False) -> list[str]:
        """The corpus's books (``output_folder.corpus_books``); with ``adopting`` (``--adopt``, before the build
        adopts them), the folder's other books too."""
        others = output_folder.foreign_books(self.layout, self.book_ids) if adopting else []
        return output_folder.corpus_books(self.layout, self.book_ids, others)

    def summary(self, finished: bool = True, until: str | None = None) -> str:
        from pipeline.summary import corpus_summary, format_runs, format_summary, task_runs

        summary = format_summary(corpus_summary(self.layout, self.book_ids), finished, until)
        return f"{summary}\n{format_runs(task_runs(self.layout, self.params['run_id']))}"


def build(
    target: Target, stages: Callable[[], Iterable[list[luigi.Task]]], args: argparse.Namespace
) -> str | None:
    """Run each stage with Luigi (local scheduler, or a central luigid); None when every task is done,
    else Luigi's summary of the stage that failed (the stages after it are not run). ``stages`` makes them
    once the folder is claimed: a book adopted by this run (``--adopt``) is among the corpus's books."""
    from core.storage import sweep_temporaries

    _fork_tasks()
    scheduler: dict = {"local_scheduler": True}
    if args.scheduler_host:
        _share_with_workers(luigi.configuration.get_config())
        scheduler = {"scheduler_host": args.scheduler_host, "scheduler_port": args.scheduler_port}
    # a local build alone in its output folder; workers sharing a luigid together, but not beside one
    with build_lock(target.layout.root, shared=bool(args.scheduler_host), config=target.config):
        if args.scheduler_host:
            check_reachable(args.scheduler_host, args.scheduler_port)
        target.claim_folder(*_prune_or_adopt(args))  # not before: a prune deletes no file under a build
        sweep_temporaries(target.layout.root)  # what a killed run left half-written
        output_folder.check_folders(target.layout)
        make_failures_folder(target.layout.root)
        with (
            luigi_logging_to(target.log_path),
            BuildProgress(per_task=bool(args.scheduler_host)).watch() as progress,
        ):
            # workers of another config, started since, share the lock: the folder is checked at each stage
            return _run_stages(stages(), args, scheduler, progress, partial(_still_ours, target))


def _fork_tasks() -> None:
    """Start Luigi's task processes (``--workers`` > 1) by fork, the default on Linux up to Python 3.13:
    a task holds the build's lock through its inherited open file and ``lock.holds``, and would be refused
    by its own build if started by spawn or forkserver (Python 3.14's default); each dies with the build
    (``DieWithBuild``)."""
    if multiprocessing.get_start_method(allow_none=True) != "fork":
        multiprocessing.set_start_method("fork", force=True)
    luigi.configuration.get_config().set("worker", "task_process_context", CONTEXT)


class DieWithBuild:
    """Luigi's ``task_process_context`` around every task: a task process the build forked
    (``--workers`` > 1) is killed when the build dies, even when it is killed alone (SIGKILL to its pid),
    rather than go on holding the build lock and writing beside the rerun. Replaces a context luigi.cfg names."""

    def __init__(self, process: luigi.worker.TaskProcess) -> None:
        self.forked = process.use_multiprocessing

    def __enter__(self) -> None:
        if self.forked and (parent := multiprocessing.parent_process()):
            die_with(parent.pid)

    def __exit__(self, *exc_info: object) -> None:
        return None


CONTEXT = f"{__name__}.{DieWithBuild.__name__}"


def _prune_or_adopt(args: argparse.Namespace) -> tuple[bool, bool]:
    """The command's ``--prune`` and ``--adopt`` (False where it has none)."""
    return getattr(args, "prune", False), getattr(args, "adopt", False)


def _share_with_workers(config: luigi.configuration.LuigiConfigParser) -> None:
    """With a central luigid, stay while the stage has pending tasks, to take a share; but leave after
    ``IDLE`` without work (unless luigi.cfg says otherwise), so that the next build of the stage adds its
    tasks again, which takes over those of a worker that died (luigid fails them, to retry 15 min later)."""
    config.set("worker", "keep_alive", "true")
    if not any(config.has_option("worker", key) for key in IDLE_KEYS):
        config.set("worker", IDLE_KEYS[0], IDLE)


def _still_ours(target: Target) -> None:
    """``FolderRefused`` where the output folder is no longer the one the build locked (moved or deleted since)
    or now holds books the config does not list."""
    check_held(target.layout.root)
    target.claim_folder(prune=False, adopt=False)


def _run_stages(
    stages: Iterable[list[luigi.Task]],
    args: argparse.Namespace,
    scheduler: dict,
    progress: BuildProgress,
    still_ours: Callable[[], None],
) -> str | None:
    """Each stage in turn, after ``still_ours`` (``FolderRefused`` if not), which also ends the run."""
    shared = "scheduler_host" in scheduler
    for stage in stages:
        still_ours()
        while True:
            with completions_kept():  # each task of the stage and its upstream judged once, not once per book
                progress.plan(stage)
                progress.preloaded(preload(progress.todo))  # before Luigi forks a process per task
                result = luigi.build(
                    stage,
                    worker_scheduler_factory=CheckedFactory(),
                    workers=args.workers,
                    detailed_summary=True,
                    log_level="WARNING",
                    **scheduler,
                )
            succeeded = result.status in SUCCEEDED
            if not succeeded:  # the folder moved or deleted meanwhile: one line, not a failure per task
                still_ours()
            if succeeded and (not shared or all(t.complete() for t in stage)):
                break
            if not succeeded and (result.status != luigi.LuigiStatusCode.NOT_RUN or not shared):
                return result.summary_text  # the stage's other books are built; the next stage needs them all
            # (luigid) NOT_RUN, or a success with tasks left to other workers: wait for them (and take them
            # over, through the next build, if that worker dies), then go on to the next stage. With the local
            # scheduler no other worker runs a task not run (a resource luigi.cfg sets to 0): waiting on it
            # held the build for ever.
            if _wait_until_complete(stage, seconds=30):
                break
    still_ours()
    return None


def print_summary(target: Target, unfinished: str | None, until: str | None = None) -> None:
    """The corpus summary on stdout, headed "NOT finished" where a stage failed or a book failed (a crawl
    that failed a side of a book completes), or naming the last stage run (``--until``); one line instead
    where a damaged output keeps it from being read (the build's failures, listed by ``finish``, follow
    either way)."""
    finished = unfinished is None and not any_recorded(target.layout.root, target.params["run_id"])
    try:
        print(target.summary(finished=finished, until=until))
    except DamagedFile as err:
        print(f"no summary: damaged output: {err}; {output_folder.repair(err.path)}", file=sys.stderr)


def finish(target: Target, unfinished: str | None) -> int:
    """The exit status: 1, after one line per failed book and their count among the corpus's books (adopted
    ones too), when a book failed or the build did not finish."""
    failed = collect(target.layout.root, target.params["run_id"])
    lines = failure_lines(failed)
    if unfinished and not lines:  # a failure no task recorded (e.g. scheduling): Luigi's own account
        print(unfinished, file=sys.stderr)
    for line in lines:
        print(line, file=sys.stderr)
    corpus = target.corpus_books()
    if books := [book for book in failed if book in corpus]:
        if len(books) < len(corpus):
            failed_books = f"{len(books)} of {len(corpus)} books failed (the others are built); fix them"
        else:
            failed_books = (
                "the book failed; fix it" if len(books) == 1 else f"all {len(books)} books failed; fix them"
            )
        print(f"{failed_books} and run the same command again", file=sys.stderr)
    if target.log_path.exists():
        print(f"Luigi's log of this run (tracebacks): {target.log_path}", file=sys.stderr)
    return 1 if lines or unfinished else 0


def _wait_until_complete(stage: list[luigi.Task], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(t.complete() for t in stage):
            return True
        time.sleep(1)
    return False
