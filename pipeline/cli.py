"""Command line: ``python -m pipeline corpus|update|export|report|inspect|stats`` (also installed as ``bwb``)."""

from __future__ import annotations

import argparse
import datetime
import json
import logging
import os
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import luigi

from pipeline import tasks
from pipeline.cli_args import OneLineParser, iso_date, output_folder, port, workers as worker_count
from pipeline.config import Config, ConfigError, load_config
from core.layout import Layout
from core.storage import DamagedFile
from pipeline.lock import OutputBusy, build_lock
from pipeline.progress import BuildProgress

@dataclass(frozen=True)
class Target:
    """What a command works on: the config, where its output goes, and the task parameters for both."""

    config: Config
    layout: Layout
    params: dict[str, str]

    @classmethod
    def of(cls, args: argparse.Namespace) -> Target:
        config = load_config(args.config)
        output = Path(args.output).resolve() if args.output else config.output
        run_id = f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}"
        return cls(config, Layout(output),
                   {"config": args.config, "output_dir": args.output and str(output) or "", "run_id": run_id})

    @property
    def book_ids(self) -> list[str]:
        return [b.book_id for b in self.config.books]

    def summary(self) -> str:
        from pipeline.summary import corpus_summary, format_runs, format_summary, task_runs

        summary = format_summary(corpus_summary(self.layout, [b.book_id for b in self.config.books]))
        return f"{summary}\n{format_runs(task_runs(self.layout, self.params['run_id']))}"


class _NoTracebackForOneLiners(logging.Filter):
    """Drop Luigi's traceback of a task failure that explains itself in one line (the FAIL line prints it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        from crawlers.raw import TocFailure

        return not (record.exc_info and isinstance(record.exc_info[1], TocFailure))


def _build(target: Target, stages: list[list[luigi.Task]], args: argparse.Namespace) -> bool:
    """Run each stage with Luigi (local scheduler, or a central luigid); True when every task is done."""
    from core.storage import sweep_temporaries

    logging.getLogger("luigi-interface").addFilter(_NoTracebackForOneLiners())
    scheduler: dict = {"local_scheduler": True}
    if args.scheduler_host:  # a central luigid: stay while the stage has pending tasks, to take a share
        luigi.configuration.get_config().set("worker", "keep_alive", "true")
        scheduler = {"scheduler_host": args.scheduler_host, "scheduler_port": args.scheduler_port}
    # one build per output folder, unless luigid shares the tasks out
    with nullcontext() if args.scheduler_host else build_lock(target.layout.root):
        sweep_temporaries(target.layout.root)  # what a killed run left half-written
        with BuildProgress(per_task=bool(args.scheduler_host)).watch() as progress:
            return _run_stages(stages, args, scheduler, progress)


def _run_stages(stages: list[list[luigi.Task]], args: argparse.Namespace, scheduler: dict,
                progress: BuildProgress) -> bool:
    for stage in stages:
        while True:
            progress.plan(stage)
            result = luigi.build(stage, workers=args.workers, detailed_summary=True, log_level="WARNING", **scheduler)
            if result.status in (luigi.LuigiStatusCode.SUCCESS, luigi.LuigiStatusCode.SUCCESS_WITH_RETRY):
                break
            if result.status != luigi.LuigiStatusCode.NOT_RUN:
                print(result.summary_text, file=sys.stderr)
                return False
            # NOT_RUN: another worker holds some of the stage's tasks; wait for them (and take them over,
            # through the next build, if that worker dies), then go on to the next stage.
            if _wait_until_complete(stage, seconds=30):
                break
    return True


def _wait_until_complete(stage: list[luigi.Task], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(t.complete() for t in stage):
            return True
        time.sleep(1)
    return False


def cmd_corpus(args: argparse.Namespace) -> int:
    target = Target.of(args)
    books = target.book_ids
    print(f"Building {len(books)} books from {args.config} into {target.layout.root}", file=sys.stderr)
    if not _build(target, tasks.BuildCorpus(**target.params).stages(args.until), args):
        return 1
    print(target.summary())
    return 0


def cmd_update(args: argparse.Namespace) -> int:
    target = Target.of(args)
    date = args.date or datetime.date.today()
    print(f"Updating {len(target.config.books)} books from {args.config} ({date}): new chapters only", file=sys.stderr)
    stages = tasks.BuildCorpus(**target.params).stages(refresh=date.isoformat(), recheck=args.recheck)
    if not _build(target, [*stages, [tasks.UpdateCorpus(**target.params, date=date)]], args):
        return 1
    print(target.summary())
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from exports.run import FORMATS

    formats = list(FORMATS) if args.formats in ("all", "") else args.formats.replace(",", " ").split()
    unknown = sorted(set(formats) - set(FORMATS))
    if unknown:
        print(f"unknown export format(s): {', '.join(unknown)} (known: {', '.join(FORMATS)})", file=sys.stderr)
        return 2
    target = Target.of(args)
    export = tasks.ExportCorpus(**target.params, formats=tuple(sorted(formats)))
    if not _build(target, [*tasks.BuildCorpus(**target.params).stages(), [export]], args):
        return 1
    summary = json.loads((target.layout.export_dir() / "summary.json").read_text(encoding="utf-8"))
    print(f"Exported to {target.layout.export_dir()}: {', '.join(sorted(formats))}")
    for split, n in summary["splits"].get("chapters", {}).items():
        print(f"  {split}: {n} chapters")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    target = Target.of(args)
    if not _build(target, [*tasks.BuildCorpus(**target.params).stages(), [tasks.BuildReport(**target.params)]], args):
        return 1
    print(f"Report: {target.layout.report_dir() / 'index.html'} (Markdown twin: index.md)")
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    from exports.chapter_view import describe_chapter, inspect_problem

    target = Target.of(args)
    if problem := inspect_problem(target.layout, args.chapter_id, target.book_ids):
        print(problem, file=sys.stderr)
        return 1
    print(describe_chapter(target.layout, args.chapter_id))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from exports.plan import plan_splits
    from exports.stats import render_table, table6

    from exports.corpus import aligned_books

    target = Target.of(args)
    if not aligned_books(target.layout):
        print(f"no aligned corpus in {target.layout.root} (run: make corpus)", file=sys.stderr)
        return 1
    print(render_table(table6(target.layout, plan_splits(target.layout, tasks.split_config(target.config)))))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from pipeline.status import corpus_status

    target = Target.of(args)
    print(corpus_status(target.params, target.layout, target.book_ids))
    return 0


@contextmanager
def _quiet_interrupts() -> Iterator[None]:
    """On Ctrl-C this process raises KeyboardInterrupt (``main`` says one line); its forked workers (Luigi's,
    the aligner's) exit at once without a traceback."""
    parent = os.getpid()

    def interrupted(signum: int, frame: object) -> None:
        if os.getpid() != parent:
            os._exit(130)
        raise KeyboardInterrupt

    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:  # e.g. started with SIGINT ignored
        yield
        return
    signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def main(argv: list[str] | None = None) -> int:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", default=str(tasks.DEFAULT_CONFIG), help="pipeline YAML (default: the demo)")
    common.add_argument("--output", type=output_folder, help="output folder (default: the config's, inside output/)")
    workers = argparse.ArgumentParser(add_help=False)
    workers.add_argument("--workers", type=worker_count, default=1, help="Luigi worker processes (1 to 256)")
    workers.add_argument("--scheduler-host", help="use a central luigid instead of the local scheduler")
    workers.add_argument("--scheduler-port", type=port, default=8082, help="the central luigid's port")

    parser = OneLineParser(prog="python -m pipeline", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    corpus = sub.add_parser("corpus", parents=[common, workers],
                            help="build the corpus (crawl → clean → dedup → filter → align → mine)")
    corpus.add_argument("--until", choices=tasks.UNTIL, help="stop after this stage")
    corpus.set_defaults(run=cmd_corpus)
    update = sub.add_parser("update", parents=[common, workers],
                            help="refetch every table of contents, fetch new chapters, rebuild what changed")
    update.add_argument("--date", type=iso_date, help="the run's date, YYYY-MM-DD (default today); one update per date")
    update.add_argument("--recheck", action="store_true",
                        help="refetch chapters already fetched too, to pick up edits (compared by content hash)")
    update.set_defaults(run=cmd_update)
    export = sub.add_parser("export", parents=[common, workers], help="split by book and export (Parquet, text, ...)")
    export.add_argument("--formats", default="all", help="comma-separated: parquet,text,doc,bwb,jsonl,tmx (or all)")
    export.set_defaults(run=cmd_export)
    report = sub.add_parser("report", parents=[common, workers], help="write output/report/index.html and index.md")
    report.set_defaults(run=cmd_report)
    inspect = sub.add_parser("inspect", parents=[common], help="a chapter's journey: raw, cleaned, rejected, aligned")
    inspect.add_argument("chapter_id", help="BOOK_ID/CHAPTER_NO, e.g. city-star/3")
    inspect.set_defaults(run=cmd_inspect)
    stats = sub.add_parser("stats", parents=[common], help="print the Table-6 statistics per split")
    stats.set_defaults(run=cmd_stats)
    status = sub.add_parser("status", parents=[common],
                            help="per book and stage: built, stale (and why) or not built, with rejections")
    status.set_defaults(run=cmd_status)
    from pipeline.annotation_cli import add_commands

    add_commands(sub, common, workers)  # qc sample | qc import | evaluate-mt

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        with _quiet_interrupts():
            return args.run(args)
    except ConfigError as err:
        print(f"config error: {err}", file=sys.stderr)
        return 2
    except DamagedFile as err:  # read outside a build (a build rebuilds a damaged output first)
        print(f"damaged output: {err}; run the build again to rebuild it", file=sys.stderr)
        return 1
    except OutputBusy as err:
        print(err, file=sys.stderr)
        return 1
    except BrokenPipeError:  # output piped into head or less, which closed early
        return 0
    except KeyboardInterrupt:  # Ctrl-C: every output is written atomically, so a rerun resumes
        print("interrupted; run the same command again to resume", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
