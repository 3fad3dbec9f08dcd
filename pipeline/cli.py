"""Command line:
``python -m pipeline corpus|update|export|report|inspect|stats|status|qc|evaluate-mt|where|clean``
(also installed as ``bwb``)."""

from __future__ import annotations

# first: from here on, Ctrl-C while the rest imports is one line (core.processes.quiet_start)
from core.processes import Terminated, end_process, exit_status, quiet_interrupts, started

import argparse
import configparser
import datetime
import errno
import json
import logging
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import nullcontext
from pathlib import Path

from pipeline import luigi_config

if problem := luigi_config.environment_problem():
    print(problem, file=sys.stderr)
    sys.exit(2)
try:  # Luigi reads luigi.cfg as it is imported
    from luigi.rpc import RPCError
except (configparser.Error, UnicodeDecodeError) as err:
    print(luigi_config.import_problem(err), file=sys.stderr)
    sys.exit(2)

from pipeline.build_task import UNTIL, BuildCorpus
from pipeline.corpus_tasks import BuildReport, ExportCorpus
from pipeline.update_task import UpdateCorpus
from pipeline.stage_task import DEFAULT_CONFIG, StageTask
from pipeline.cli_args import iso_date, port, scheduler_host, workers as worker_count
from core.arg_types import OneLineParser, output_folder as output_arg
from pipeline import output_folder
from pipeline.cli_build import Target, build, finish, print_summary
from pipeline.config_reader import ConfigError
from core.files import os_problem
from core.layout import Layout
from core.rejection import quoted
from core.storage import DamagedFile, sweep_temporaries
from core.stdio import LAST_WORDS, check_standard_streams, output_may_be_cut
from pipeline.lock import OutputBusy, build_lock


LUIGID_PORT = 8082  # luigid's own default
READ_ONLY = frozenset({"inspect", "stats", "status", "where"})  # commands that write nothing: none to resume


def last_words(command: str) -> dict[int, str]:
    """The line a command stopped by SIGINT or SIGTERM ends with: every output is written atomically, so the
    same command run again resumes one that writes."""
    resume = "" if command in READ_ONLY else "; run the same command again to resume"
    return {signum: f"{words}{resume}" for signum, words in LAST_WORDS.items()}


def command_parser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> OneLineParser:
    """A parser whose errors name the subcommand run (``python -m pipeline qc sample: error: ...``), as
    argparse's own errors in a subcommand do."""
    words = [parser.prog, args.command, getattr(args, "qc_command", None)]
    return OneLineParser(prog=" ".join(word for word in words if word), add_help=False)


def cmd_corpus(args: argparse.Namespace) -> int:
    target = Target.of(args)
    books = target.corpus_books(adopting=args.adopt)
    adopted = output_folder.adopted_note(len(books) - len(target.book_ids))
    print(
        f"Building {len(books)} books{adopted} from {args.config} into {target.layout.root}", file=sys.stderr
    )
    unfinished = build(target, lambda: BuildCorpus(**target.params).stages(args.until), args)
    print_summary(target, unfinished, args.until)
    return finish(target, unfinished)


def cmd_update(args: argparse.Namespace) -> int:
    since = started()  # a crawl started since this command did refreshes for it (another update's included)
    target = Target.of(args)
    date = args.date or datetime.date.today()
    books = target.corpus_books(adopting=args.adopt)
    adopted = output_folder.adopted_note(len(books) - len(target.book_ids), ", not crawled")
    print(
        f"Updating {len(books)} books{adopted} from {args.config} ({date}): new chapters only",
        file=sys.stderr,
    )
    corpus = BuildCorpus(**target.params)
    update = UpdateCorpus(**target.params, date=date, since=since)

    def stages() -> Iterator[list[StageTask]]:
        crawls, *built = corpus.stages(refresh=date.isoformat(), recheck=args.recheck, since=since)
        yield crawls
        update.record_crawls()  # once the crawls are done, before the build
        yield from built
        yield [update]

    unfinished = build(target, stages, args)
    print_summary(target, unfinished)
    return finish(target, unfinished)


def export_formats(text: str, known: Sequence[str]) -> list[str]:
    """The formats ``--formats`` names (commas or spaces between; "all" among them: every one of
    ``known``); ValueError for a name not known, or for none (empty, blank, only commas: an unset
    variable)."""
    names = text.replace(",", " ").split()
    if not names:
        raise ValueError(f"no export format in {quoted(text)} (known: {', '.join(known)}, or all)")
    if unknown := sorted(set(names) - {*known, "all"}):
        shown = ", ".join(map(quoted, unknown))
        raise ValueError(f"unknown export format(s): {shown} (known: {', '.join(known)})")
    return list(known) if "all" in names else list(dict.fromkeys(names))


def cmd_export(args: argparse.Namespace) -> int:
    from exports.stage import FORMATS

    try:
        formats = export_formats(args.formats, list(FORMATS))
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    target = Target.of(args)
    output_folder.check_hand_made(target.layout)
    export = ExportCorpus(**target.params, formats=tuple(sorted(formats)))
    if status := finish(
        target, build(target, lambda: [*BuildCorpus(**target.params).stages(), [export]], args)
    ):
        return status
    summary = json.loads((target.layout.export_dir() / "summary.json").read_text(encoding="utf-8"))
    print(f"Exported to {target.layout.export_dir()}: {', '.join(sorted(formats))}")
    for split, n in summary["splits"].get("chapters", {}).items():
        print(f"  {split}: {n} chapters")
    for warning in summary["splits"].get("warnings", []):
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    target = Target.of(args)
    output_folder.check_hand_made(target.layout)
    report = BuildReport(**target.params)
    if status := finish(
        target, build(target, lambda: [*BuildCorpus(**target.params).stages(), [report]], args)
    ):
        return status
    print(f"Report: {target.layout.report_dir() / 'index.html'} (Markdown twin: index.md)")
    return 0


def cmd_inspect(args: argparse.Namespace) -> int:
    from exports.chapter_view import (
        RAW_ID,
        chapter_of,
        describe_chapter,
        describe_raw,
        inspect_problem,
        item_problem,
    )

    target = Target.of(args)
    item_id = chapter_of(args.item_id)  # a bead's or candidate's chapter
    problem = inspect_problem(target.layout, item_id, target.book_ids, target.build_command(), args.config)
    if problem := problem or item_problem(target.layout, args.item_id):
        print(problem, file=sys.stderr)
        return 1
    print((describe_raw if RAW_ID.fullmatch(item_id) else describe_chapter)(target.layout, item_id))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    from exports.plan import plan_splits
    from exports.stats import render_table, table6
    from pipeline.status import stale_aligned

    target = Target.of(args)
    output_folder.check_hand_made(target.layout)
    if problem := target.corpus_problem():
        print(problem, file=sys.stderr)
        return 1
    assignment = plan_splits(target.layout, target.config.settings.split)
    print(render_table(table6(target.layout, assignment)))
    if stale := stale_aligned(target.params, target.layout, target.book_ids, target.build_command()):
        print(f"warning: {stale}", file=sys.stderr)
    for warning in assignment.report.get("warnings", []):
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def cmd_where(args: argparse.Namespace) -> int:
    print(Target.of(args, owned=False).layout.root)
    return 0


def cmd_clean(args: argparse.Namespace) -> int:
    """Empty the output folder, holding its build lock (not while a build or luigid workers write there)."""
    root = Target.of(args, owned=False).layout.root
    if not root.exists():
        print(f"nothing to clean: {root} does not exist")
        return 0
    if root.is_dir() and not output_folder.built_entries(Layout(root)):  # cleaned already: its lock too
        print(f"nothing to clean: {root} holds no built file")
        return 0
    output_folder.check_built_in(Layout(root))  # before the lock, which leaves its file there
    try:
        with build_lock(root) if root.is_dir() else nullcontext():
            kept = output_folder.clean(Layout(root))
            sweep_temporaries(root)  # what a killed run left half-written (a report's beside report/)
    except OutputBusy:
        raise OutputBusy(f"a build is writing to {root}: clean it once the build has ended") from None
    notes = (
        [f"kept {', '.join(f'{k}/' for k in kept)} (hand-made: delete by hand if you mean to)"]
        if kept
        else []
    )
    print("; ".join([f"cleaned {root}", *notes, *output_folder.hand_made_in_the_way(Layout(root))]))
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    from pipeline.status import corpus_status

    target = Target.of(args)
    output_folder.check_folders(target.layout)  # its tasks' outputs under a file in the way read as missing
    print(corpus_status(target.params, target.layout, target.book_ids))
    if not target.layout.root.exists():  # a corpus built with --output, asked about without it
        print(
            f"no build has run in {target.layout.root}: give the --output it was built in, "
            f"or build it ({target.build_command()})",
            file=sys.stderr,
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv``; None: this process's command line, and the process ends with the command
    (``end_process``), an interrupt up to its very end one line and exit 130 or 143 too."""
    status = 0  # where stdout's reader quit early (``| head``): the rest is dropped, as ``cat`` drops it
    try:
        check_standard_streams()
        with output_may_be_cut():  # also --help, which argparse prints and exits inside
            status = _command(argv)
    except SystemExit as done:  # argparse's errors and --help, a closed stdout
        if argv is not None:
            raise
        status = exit_status(done)
    if argv is None:
        end_process(status)
    return status


def _command(argv: list[str] | None) -> int:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--config", default=str(DEFAULT_CONFIG), help="pipeline YAML (default: the demo)")
    common.add_argument(
        "--output", type=output_arg, help="output folder (default: the config's, inside output/)"
    )
    workers = argparse.ArgumentParser(add_help=False)
    workers.add_argument("--workers", type=worker_count, default=1, help="Luigi worker processes (1 to 256)")
    workers.add_argument(
        "--scheduler-host", type=scheduler_host, help="use a central luigid instead of the local scheduler"
    )
    workers.add_argument(
        "--scheduler-port", type=port, help=f"the central luigid's port (default {LUIGID_PORT})"
    )
    foreign = workers.add_mutually_exclusive_group()
    foreign.add_argument(
        "--prune",
        action="store_true",
        help="delete the built files of books the output folder holds but the config does not list "
        "(corrections and QC verdicts kept)",
    )
    foreign.add_argument(
        "--adopt",
        action="store_true",
        help="keep such books as part of this corpus (recorded in the folder's _adopted.json)",
    )

    # the name it was run by in errors and usage: the ``bwb`` console script named "python -m pipeline",
    # which runs only with the project's Python, in the project's folder
    prog = "bwb" if Path(sys.argv[0]).name == "bwb" else "python -m pipeline"
    parser = OneLineParser(prog=prog, description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    corpus = sub.add_parser(
        "corpus",
        parents=[common, workers],
        help="build the corpus (crawl → clean → dedup → filter → align → mine)",
    )
    corpus.add_argument("--until", choices=UNTIL, help="stop after this stage")
    corpus.set_defaults(run=cmd_corpus)
    update = sub.add_parser(
        "update",
        parents=[common, workers],
        help="refetch every table of contents, fetch new chapters, rebuild what changed",
    )
    update.add_argument(
        "--date", type=iso_date, help="the run's date, YYYY-MM-DD (default today); one update per date"
    )
    update.add_argument(
        "--recheck",
        action="store_true",
        help="refetch chapters already fetched too, to pick up edits (compared by content hash)",
    )
    update.set_defaults(run=cmd_update)
    export = sub.add_parser(
        "export", parents=[common, workers], help="split by book and export (Parquet, text, ...)"
    )
    export.add_argument(
        "--formats", default="all", help="comma-separated: parquet,text,doc,bwb,jsonl,tmx (or all)"
    )
    export.set_defaults(run=cmd_export)
    report = sub.add_parser(
        "report", parents=[common, workers], help="write the output folder's report/index.html and index.md"
    )
    report.set_defaults(run=cmd_report)
    inspect = sub.add_parser(
        "inspect", parents=[common], help="a chapter's journey: raw, cleaned, rejected, aligned"
    )
    inspect.add_argument(
        "item_id",
        metavar="ID",
        help="BOOK_ID/CHAPTER_NO (city-star/3), or an id of rejected/: a raw chapter (city-star/zh/00002), a bead "
        "or a candidate (city-star/3/12, city-star/3/c4)",
    )
    inspect.set_defaults(run=cmd_inspect)
    stats = sub.add_parser("stats", parents=[common], help="print the Table-6 statistics per split")
    stats.set_defaults(run=cmd_stats)
    status = sub.add_parser(
        "status",
        parents=[common],
        help="per book and stage: built, stale (and why) or not built, with rejections",
    )
    status.set_defaults(run=cmd_status)
    where = sub.add_parser(
        "where", parents=[common], help="print the output folder of the config (or --output)"
    )
    where.set_defaults(run=cmd_where)
    clean = sub.add_parser(
        "clean",
        parents=[common],
        help="delete the output folder's built files; corrections/ and qc/ (hand-made) are kept",
    )
    clean.set_defaults(run=cmd_clean)
    from pipeline.annotation_cli import add_commands

    add_commands(sub, common, workers)  # qc sample | qc import | evaluate-mt

    args = parser.parse_args(argv)
    if hasattr(args, "scheduler_port"):
        if args.scheduler_port and not args.scheduler_host:  # the local scheduler ran, the port unread
            command_parser(parser, args).error(
                "--scheduler-port names a central luigid's port: give its --scheduler-host too"
            )
        args.scheduler_port = args.scheduler_port or LUIGID_PORT
    if problem := luigi_config.value_problem():
        print(problem, file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    words = last_words(args.command)
    try:
        with quiet_interrupts(words if argv is None else None):
            status = args.run(args)
            sys.stdout.flush()  # here, not at exit: ended by a late signal, the process prints nothing more
            return status
    except ConfigError as err:
        print(f"config error: {err}", file=sys.stderr)
        return 2
    except DamagedFile as err:  # read outside a build (a build rebuilds a damaged output first)
        print(f"damaged output: {err}; {output_folder.repair(err.path)}", file=sys.stderr)
        return 1
    except OutputBusy as err:
        print(err, file=sys.stderr)
        return 1
    except OSError as err:  # read through a file or a looping link where a folder of the output goes
        if err.errno not in (errno.ENOTDIR, errno.ELOOP) or not err.filename:
            raise
        advice = output_folder.repair(Path(err.filename))
        print(f"damaged output: {err.filename}: {os_problem(err)}; {advice}", file=sys.stderr)
        return 1
    except output_folder.FolderRefused as err:
        print(err, file=sys.stderr)
        return 2
    except RPCError as err:  # --scheduler-host where no luigid answers
        print(f"{err}; is luigid running there?", file=sys.stderr)
        return 1
    except Terminated:
        print(words[signal.SIGTERM], file=sys.stderr)
        return 143
    except KeyboardInterrupt:  # Ctrl-C
        print(words[signal.SIGINT], file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
