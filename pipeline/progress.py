"""Progress of a build on stderr: per stage (task family), tasks done out of those to run, rate and ETA.

On a terminal each stage has a live line (tqdm's meter), ended when the stage is done. Elsewhere (a
log, CI) each stage prints one line when it is done, and one at most every ``LOG_EVERY_S`` while it
runs (started is when the Luigi run of the stage began); a log also records each task that ran, with
its wall and CPU time (``done  AlignBook  city-star  3.2s  3.0s cpu``; CPU is user + sys of the process
running the task and of its finished children, e.g. an aligner's pool), or ``skip ... up to date`` for a
task that found itself complete as it started, as does each worker sharing a central scheduler.
``bench.real_build`` reads these lines. Crawls add a line per book side: pages fetched and failed. The
counts live in shared memory, so forked Luigi workers (``--workers N``) update the same totals.
"""

from __future__ import annotations

import json
import multiprocessing
import resource
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import luigi
from luigi.task import flatten
from tqdm import tqdm

LOG_EVERY_S = 60.0
UNITS = {
    "CrawlBook": "crawls",
    "CleanBook": "books",
    "FilterBook": "books",
    "AlignBook": "books",
    "MineBook": "books",
}


class BuildProgress:
    """Counts of the tasks a build runs, by family; ``watch()`` hooks it to Luigi's task events."""

    def __init__(self, stream: IO[str] | None = None, per_task: bool = False) -> None:
        self.stream = sys.stderr if stream is None else stream  # as it is now, not at the import
        self.live = self.stream.isatty()
        self.per_task = per_task or not self.live  # also a line per task this process ran
        self.task_started: dict[str, tuple[float, float]] = {}  # task id -> (monotonic, CPU) at its start
        self.todo: dict[str, int] = {}  # family -> tasks to run in this Luigi run
        self.done: dict[str, Any] = {}  # family -> shared counter
        self.started: dict[str, float] = {}
        self.logged: dict[str, float] = {}

    @contextmanager
    def watch(self) -> Iterator[BuildProgress]:
        """Hook to Luigi's task events while the block runs."""
        handlers = {
            luigi.Event.START: self.began,
            luigi.Event.SUCCESS: self.finished,
            luigi.Event.FAILURE: self.failed,
        }
        for event, handler in handlers.items():
            luigi.Task.event_handler(event)(handler)
        try:
            yield self
        finally:
            for event, handler in handlers.items():
                luigi.Task.remove_event_handler(event, handler)

    def plan(self, stage: list[luigi.Task]) -> None:
        """Count the tasks a Luigi run of ``stage`` will do: the incomplete ones and their incomplete requirements."""
        self.todo, self.done, self.started, self.logged = {}, {}, {}, {}
        seen: set[str] = set()
        pending = list(stage)
        while pending:
            task = pending.pop()
            if task.task_id in seen or task.complete():
                continue
            seen.add(task.task_id)
            family = task.task_family
            if family not in self.todo:
                self.todo[family] = 0
                self.done[family] = multiprocessing.get_context("fork").Value("i", 0)
                self.started[family] = time.monotonic()
            self.todo[family] += 1
            pending.extend(flatten(task.requires()))

    def preloaded(self, took: dict[str, float | str]) -> None:
        """Log what ``pipeline.preload`` loaded for each task family: its CPU seconds, or why it failed."""
        if self.per_task:
            for family, cpu in took.items():
                done = f"{cpu:6.1f}s cpu" if isinstance(cpu, float) else f"failed: {cpu}"
                self._line(f"  preload {family:<12} {done}")

    def began(self, task: luigi.Task) -> None:
        self.task_started[task.task_id] = (time.monotonic(), cpu_seconds())

    def finished(self, task: luigi.Task) -> None:
        """A task's line (``done`` with its times; ``skip`` where it found itself up to date as it started,
        as the summary's list of the tasks run leaves it out), then its stage's meter."""
        family = task.task_family
        up_to_date = getattr(task, "up_to_date", False)
        if self.per_task and up_to_date:
            self._line(f"  skip  {family:<12} {label(task):<24} up to date")
        elif self.per_task:
            started, cpu = self.task_started.get(task.task_id, (time.monotonic(), cpu_seconds()))
            took = f"{time.monotonic() - started:6.1f}s {cpu_seconds() - cpu:6.1f}s cpu"
            self._line(f"  done  {family:<12} {label(task):<24} {took}")
        if family not in self.done:
            return
        with self.done[family].get_lock():
            self.done[family].value += 1
            done = self.done[family].value
        if family == "CrawlBook" and not up_to_date:
            self._line(crawl_line(task))
        self.show(family, done)

    def failed(self, task: luigi.Task, error: BaseException) -> None:
        self._line(
            f"  FAIL  {task.task_family:<12} {label(task):<24} {' '.join(str(error).split()) or type(error).__name__}"
        )

    def show(self, family: str, done: int) -> None:
        total = self.todo[family]
        now = time.monotonic()
        meter = tqdm.format_meter(
            done,
            total,
            now - self.started[family],
            prefix=f"  {family:<11}",
            unit=UNITS.get(family, "tasks"),
            ncols=100,
        )
        if self.live:
            self.stream.write("\r" + meter + ("\n" if done >= total else ""))
            self.stream.flush()
        elif done >= total or now - self.logged.get(family, self.started[family]) >= LOG_EVERY_S:
            self.logged[family] = now
            self._line(meter)

    def _line(self, text: str) -> None:
        self.stream.write(("\r\033[K" if self.live else "") + text + "\n")
        self.stream.flush()


def cpu_seconds() -> float:
    """User + sys CPU seconds of this process and of its children that have ended."""
    usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    return sum(u.ru_utime + u.ru_stime for u in usage)


def label(task: luigi.Task) -> str:
    return (
        "/".join(str(getattr(task, name)) for name in ("book_id", "lang") if hasattr(task, name)) or "corpus"
    )


def crawl_line(task: luigi.Task) -> str:
    """Pages fetched and failed of one finished crawl, from the stats the task wrote, and the chapters its table
    of contents no longer lists (``removed_from_toc``); then, on a line of its own, the warning of its journal's
    records edited by hand, if any (``crawlers.journal.edited_warning``)."""
    try:
        stats = json.loads(task.output_paths()[2].read_text(encoding="utf-8"))
    except (OSError, ValueError, IndexError):
        return f"  crawl {label(task)}: done"
    done = (  # a web crawl sent requests, even where none was answered; a local book's reads sent none
        f"{stats.get('responses', 0)} pages fetched"
        if stats.get("requests") or stats.get("responses")
        else f"{stats.get('chapters', 0)} chapters read"
    )
    restored = stats.get("restored_chapters")
    journal = f"; its journal held no chapter: {restored} restored from its raw table, not fetched again"
    removed = stats.get("removed_chapters")
    gone = f"; {removed} no longer listed by its table of contents (removed_from_toc)"
    edited = f"\n  {stats['journal_warning']}" if stats.get("journal_warning") else ""
    return (
        f"  crawl {label(task)}: {done}, {stats.get('failed', 0)} failed"
        + (journal if restored else "")
        + (gone if removed else "")
        + edited
    )
