"""Commands ``qc sample``, ``qc import`` and ``evaluate-mt`` (registered by ``pipeline.cli``)."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

from core.arg_types import input_path, name, positive, whole
from core.files import missing, os_problem
from core.rejection import shorten
from core.storage import sweep_temporaries
from pipeline.build_task import BuildCorpus
from pipeline.corpus_tasks import ExportCorpus
from pipeline.cli_build import Target, build, finish
from pipeline.lock import OutputBusy, build_lock
from pipeline.output_folder import check_hand_made, file_in_the_way, link_in_the_way
from pipeline.stage_task import StageTask


# Why qc sample and evaluate-mt take the build's options (their --help said nothing of a build)
_BUILD_OPTIONS = "--workers, --scheduler-host, --scheduler-port and --prune/--adopt apply to that build."


def _built(args: argparse.Namespace, *extra: object) -> Target | None:
    """The command's Target after bringing the corpus (and ``extra`` tasks) up to date; None on failure."""
    target = Target.of(args)
    check_hand_made(target.layout)  # qc sample skips corrected chapters; evaluate-mt's export applies them

    def stages() -> list[list[StageTask]]:  # made once the folder is claimed (``build``)
        corpus = BuildCorpus(**target.params).stages()
        return [*corpus, [task(**target.params) for task in extra]] if extra else corpus

    return None if finish(target, build(target, stages, args)) else target


def _cannot_write(command: str, err: OSError) -> int:
    """Exit status 2 after one line naming the file or folder a command could not write (e.g. a file, or a
    symbolic link that loops or points to nothing, where its folder goes)."""
    problem = os_problem(err)
    if isinstance(err, (NotADirectoryError, FileExistsError)) and err.filename:
        if link := link_in_the_way(Path(err.filename)):
            problem = f"{link} is {missing(link)}: remove that link"
        elif blocking := file_in_the_way(Path(err.filename)):
            problem = f"{blocking} is a file where a folder goes: remove that file"
    print(f"{command}: cannot write {err.filename}: {problem}", file=sys.stderr)
    return 2


def cmd_qc_sample(args: argparse.Namespace) -> int:
    from exports.plan import plan_splits
    from qc.run import sample_review

    target = _built(args)
    if target is None:
        return 1
    split = None
    if args.split:
        assignment = plan_splits(target.layout, target.config.settings.split)
        split = (args.split, {cid for cid, name in assignment.chapters.items() if name == args.split})
    try:
        folder, drawn = sample_review(target.layout, args.chapters, args.seed, split)
    except OSError as err:
        return _cannot_write("qc sample", err)
    if not drawn:
        why = (
            f"the {args.split} split has none: python -m pipeline stats says why"
            if args.split
            else "none aligned, or each corrected already"
        )
        print(f"qc sample: no chapter to draw ({why}); nothing written", file=sys.stderr)
        return 1
    fewer = f"; {args.chapters} asked, every chapter there is to draw" if len(drawn) < args.chapters else ""
    chapters = "1 chapter" if len(drawn) == 1 else f"{len(drawn)} chapters"
    print(f"QC sample of {chapters} (seed {args.seed}{fewer}) in {folder}:")
    print(
        "  per chapter: BOOK/N.tsv (fill verdict and correction) and BOOK/N.tasks.json (Label Studio, with "
        "label_config.xml); beads lowest score first"
    )
    for chapter_id in drawn:
        print(f"  {chapter_id}")
    print(f"Once reviewed: {target.command(f'qc import {shlex.quote(str(folder))} --reviewer NAME')}")
    return 0


def cmd_qc_import(args: argparse.Namespace) -> int:
    from qc.accuracy import format_accuracy
    from qc.run import NoCorpus, NothingToImport, import_verdicts

    target = Target.of(args)
    root = target.layout.root
    try:
        with build_lock(root) if root.is_dir() else nullcontext():  # it writes qc/ and corrections/
            sweep_temporaries(root)  # what a killed import (or build) left half-written
            result = import_verdicts(target.layout, [Path(p) for p in args.paths], args.reviewer)
    except OutputBusy:
        raise OutputBusy(f"a build is writing to {root}: import the verdicts once it has ended") from None
    except NothingToImport as err:
        print(f"qc import: {err}", file=sys.stderr)
        return 1
    except NoCorpus as err:  # a mistyped --output: named with the build that would make one
        print(f"qc import: nothing imported: {target.corpus_problem() or err}", file=sys.stderr)
        return 1
    except (FileNotFoundError, ValueError) as err:
        print(f"qc import: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        return _cannot_write("qc import", err)
    corrected = result.corrections or result.withdrawn  # corrections/ written
    if corrected:
        print(
            f"Imported {result.verdicts} verdicts and {result.corrections} corrected beads "
            f"into {target.layout.qc_dir()} and {target.layout.corrections('_').parent}"
        )
    else:
        print(f"Imported {result.verdicts} verdicts (no corrections) into {target.layout.qc_dir()}")
    if result.withdrawn:
        beads = "1 bead" if result.withdrawn == 1 else f"{result.withdrawn} beads"
        print(f"  corrections withdrawn from {beads} now judged correct")
    if result.repeated:
        beads = "1 bead" if result.repeated == 1 else f"{result.repeated} beads"
        print(f"  {beads} given the same verdict more than once: counted once")
    if result.cancelled:
        annotations = "1 annotation" if result.cancelled == 1 else f"{result.cancelled} annotations"
        print(f"  {annotations} cancelled in Label Studio: skipped")
    if result.rejected:
        counts = Counter(r["reason"] for r in result.rejected)
        print(
            f"  rejected {len(result.rejected)} ({', '.join(f'{k}: {n}' for k, n in sorted(counts.items()))}), "
            f"listed in {target.layout.rejected('qc', 'import')}:"
        )
        for r in result.rejected[:10]:
            print(f"    {shorten(r['item_id'])}: {r['reason']}: {r['detail']}")
    if result.stale:
        print(f"  stale corrections (not applied): {len(result.stale)}")
        for pair_id, reason in list(result.stale.items())[:10]:
            print(f"    {pair_id}: {reason}")
    if result.accuracy:
        print("Alignment accuracy (reviewed beads judged correct):")
        print(format_accuracy(result.accuracy))
    if corrected:
        print(
            "Exports and the report use the corrections from the next "
            f"`{target.build_command('export')}` / `{target.build_command('report')}`."
        )
    else:
        print(f"The report shows the verdicts from the next `{target.build_command('report')}`.")
    return 0


def cmd_evaluate_mt(args: argparse.Namespace) -> int:
    from mteval.inputs import InputError, check_system_file
    from mteval.run import evaluate_system, leaderboard, system_name

    try:  # named before the build, which can take minutes
        system_name(args.name, args.hyp)
        check_system_file(args.hyp)
    except InputError as err:
        print(f"evaluate-mt: {err}", file=sys.stderr)
        return 2
    target = _built(args, ExportCorpus)
    if target is None:
        return 1
    try:
        system, rows = evaluate_system(target.layout, args.split, args.hyp, args.name)
    except InputError as err:
        print(f"evaluate-mt: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # its scores not written: a file where mt/ or mt/SPLIT/ goes
        return _cannot_write("evaluate-mt", err)
    print(f"{system} on {args.split}: scores in {target.layout.mt_scores(args.split, system)}")
    shown = [
        r for r in rows if r["metric"] in ("bleu", "chrf", "ter", "meteor") or r["metric"].endswith("-f1")
    ]
    for row in shown:
        value = "n/a" if row["value"] is None else f"{row['value']:.2f}"
        print(f"  {row['metric']:<24} {value:>8}  {row['signature']}")
    if any(row["value"] is None for row in shown):
        print("  n/a: none of these words in the references, or none in the system output: no F1 to take")
    board = [r for r in leaderboard(target.layout) if r["split"] == args.split]
    print(f"Leaderboard ({args.split}):")
    for r in board:
        other = "" if r["test set"] == "this export" else f"  (test set: {r['test set']}; score it again)"
        print(
            f"  {r['system']:<20} BLEU {r.get('bleu')}  chrF {r.get('chrf')}  TER {r.get('ter')}  "
            f"METEOR {r.get('meteor')}  discourse F1 {r.get('discourse-f1')}{other}"
        )
    return 0


def add_commands(
    sub: argparse._SubParsersAction, common: argparse.ArgumentParser, workers: argparse.ArgumentParser
) -> None:
    qc = sub.add_parser("qc", help="alignment quality control: review samples, verdicts, corrections")
    qc_sub = qc.add_subparsers(dest="qc_command", required=True)
    sample = qc_sub.add_parser(
        "sample",
        parents=[common, workers],
        help="draw chapters (stratified by book) and write review files",
        description="Draw chapters (stratified by book) and write review files. The corpus is brought up to "
        f"date first: {_BUILD_OPTIONS}",
    )
    sample.add_argument("--chapters", type=positive, required=True, help="how many chapters to draw")
    sample.add_argument("--seed", type=whole, default=0, help="random seed of the draw (default 0)")
    sample.add_argument(
        "--split",
        choices=("train", "valid", "test"),
        help="draw from this split only (review files in qc/sample-SEED-SPLIT/)",
    )
    sample.set_defaults(run=cmd_qc_sample)
    imp = qc_sub.add_parser(
        "import",
        parents=[common],
        help="read verdicts (correct|ok|yes|y|1 or misaligned|wrong|no|n|0) and corrections "
        "(TSV or Label Studio JSON), report accuracy",
    )
    imp.add_argument("paths", nargs="+", type=input_path, help="review files or folders")
    imp.add_argument("--reviewer", type=name, default="reviewer", help="name recorded for TSV verdicts")
    imp.set_defaults(run=cmd_qc_import)
    mt = sub.add_parser(
        "evaluate-mt",
        parents=[common, workers],
        help="score a system's outputs: BLEU, chrF, TER, METEOR, discourse P/R/F1",
        description="Score a system's outputs: BLEU, chrF, TER, METEOR, discourse P/R/F1. The corpus and its "
        f"export are brought up to date first: {_BUILD_OPTIONS}",
    )
    mt.add_argument(
        "--split",
        default="test",
        choices=("train", "valid", "test"),
        help="split whose references are scored (default test)",
    )
    mt.add_argument(
        "--hyp",
        required=True,
        type=input_path,
        help="one line per line of text/{split}.ids, or a BWB-layout folder",
    )
    mt.add_argument("--name", type=name, help="system name (default: the file name)")
    mt.set_defaults(run=cmd_evaluate_mt)
