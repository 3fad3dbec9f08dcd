"""A real build of a BWB-shaped synthetic corpus, stage by stage, beside the scale bench's prediction for it.

Usage: ``python -m bench.real_build [--books 5] [--chapters 530] [--workers 2] [--folder DIR]
[--costs output/bench/scale.json]``, after ``make bench BENCH=scale`` (which writes the costs); or
``python -m bench.real_build --report --folder DIR`` to report on a finished build again (e.g. with
costs measured since).

Writes ``bench.synthetic_books`` text books with renumbered translations (default: 5 books of 530
chapters, 2.14M English words) and their config into DIR (default: a new temporary folder, kept),
then runs ``python -m pipeline corpus --workers N`` on them once per stage (``--until crawl``, clean,
dedup, filter, align, then the rest: mine and the summary), its progress log in ``DIR/build.log``.
Per stage it prints the CPU seconds of its tasks (the sum of the log's per-task ``s cpu`` figures)
and of the preloading for them in the process that forks them (the log's ``preload`` lines,
``pipeline.preload``), the CPU seconds of the whole command (``DIR/runs.json``: its process and
every worker, startup and scheduling included), the wall seconds of the command, and the CPU
seconds the scale bench's cost model (``bench.bwb``) predicts for this corpus, with the difference
in percent from the tasks' and the preloading's CPU.
Makes no assertions.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import yaml

from bench.bench_scale import SAVED, children_cpu, load
from bench.bwb import FAMILY, STAGES, StageCost, corpus_units
from bench.synthetic_books import BOOKS, CHAPTERS, write_books
from core.arg_types import OneLineParser, output_folder
from pipeline.cli_args import workers as worker_count
from core.storage import DamagedFile, read_json
from core.stdio import exit_with

RUNS = ("crawl", "clean", "dedup", "filter", "align", None)  # --until of each command; None: the whole build
FAMILIES = {
    "CrawlBook": "crawl",
    **{family: stage for stage, family in FAMILY.items()},
    "BuildCorpus": "summary",
}
# a task's line of the progress log: its family, its unit (a book, book/lang), wall and CPU seconds
TASK_LINE = re.compile(
    r"^\s*done\s+(?P<family>\w+)\s+(?P<unit>\S+)\s+(?P<wall>[\d.]+)s\s+(?P<cpu>[\d.]+)s cpu$"
)
PRELOAD_LINE = re.compile(r"^\s*preload\s+(\w+)\s+([\d.]+)s cpu$")


def build(config: Path, output: Path, workers: int, log: Path, record: Path) -> bool:
    """Run the build one stage per command; after each, ``record`` gets its wall and CPU seconds (by its last
    stage). False, after one line on stderr, where a command failed."""
    runs: dict[str, dict[str, float]] = {}
    for until in RUNS:
        command = [
            sys.executable,
            "-m",
            "pipeline",
            "corpus",
            "--config",
            str(config),
            "--output",
            str(output),
        ]
        command += ["--workers", str(workers), *(["--until", until] if until else [])]
        print(f"$ {' '.join(command[1:])}", flush=True)
        wall, cpu = time.monotonic(), children_cpu()
        with log.open("a", encoding="utf-8") as stderr:
            status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=stderr).returncode
        if status:  # its own lines are in the log
            print(f"error: the command above failed (exit status {status}); see {log}", file=sys.stderr)
            return False
        runs[until or "mine"] = {"wall": time.monotonic() - wall, "cpu": children_cpu() - cpu}
        record.write_text(json.dumps({"workers": workers, "commands": runs}) + "\n", encoding="utf-8")
    return True


def task_cpu(log: Path) -> tuple[dict[str, float], dict[str, float], dict[str, int]]:
    """Per stage, from the log's lines: the CPU seconds of its tasks, of the preloading for them in the
    process that forked them (``pipeline.preload``), and the number of tasks."""
    seconds: dict[str, float] = defaultdict(float)
    preload: dict[str, float] = defaultdict(float)
    tasks: dict[str, int] = defaultdict(int)
    for line in log.read_text(encoding="utf-8").splitlines():
        if m := TASK_LINE.match(line):
            seconds[FAMILIES.get(m["family"], m["family"])] += float(m["cpu"])
            tasks[FAMILIES.get(m["family"], m["family"])] += 1
        elif m := PRELOAD_LINE.match(line):
            preload[FAMILIES.get(m[1], m[1])] += float(m[2])
    return seconds, preload, tasks


def report(folder: Path, costs_path: Path, costs: dict[str, StageCost]) -> None:
    """The measured stages of the build in ``folder`` beside the prediction from ``costs`` (read from
    ``costs_path``; empty: none)."""
    config = yaml.safe_load((folder / "config.yaml").read_text(encoding="utf-8"))
    runs = read_json(folder / "runs.json")
    units = corpus_units(folder / "output", [book["id"] for book in config["books"]])
    tasks_s, preload_s, tasks = task_cpu(folder / "build.log")
    seconds = {stage: tasks_s.get(stage, 0.0) + preload_s.get(stage, 0.0) for stage in tasks_s}
    print(f"\n{folder}: {units.books} books, {units.chapters} chapter pairs kept, {units.pairs} sentence pairs,"
          f" {units.words} words (both languages); {units.shape()}; --workers {runs['workers']}")  # fmt: skip
    if costs:
        at = costs["filter"].units.chapters / costs["filter"].units.books
        print(f"predicted from {costs_path} (measured at {at:.0f} chapters/book); CPU = user + sys seconds")
    else:
        print(
            f"{costs_path}: no costs, so no prediction: run `make bench BENCH=scale`, then this with --report"
        )
    print(f"{'stage':<9}{'tasks':>6}{'task cpu s':>12}{'preload s':>11}{'command cpu s':>15}{'wall s':>9}"
          f"{'predicted cpu s':>17}{'diff':>8}")  # fmt: skip
    predicted_total = measured_total = 0.0
    for stage in ("crawl", *STAGES, "summary"):
        predicted = costs[stage].predict(units) if stage in costs else None
        run = runs["commands"].get(stage)
        cells = [
            f"{stage:<9}{tasks.get(stage, 0):>6}{tasks_s.get(stage, 0.0):>12.1f}{preload_s.get(stage, 0.0):>11.1f}",
            f"{run['cpu']:>15.1f}{run['wall']:>9.1f}" if run else f"{'':>15}{'':>9}",
            f"{predicted:>17.1f}{100 * (predicted / seconds[stage] - 1):>+7.0f}%" if predicted and seconds.get(stage) else "",
        ]  # fmt: skip
        print("".join(cells))
        if predicted is not None and seconds.get(stage):  # a stage not run yet is left out of the total
            predicted_total += predicted
            measured_total += seconds[stage]
    if costs and measured_total:
        print(f"{'post-crawl':<9}{'':>6}{measured_total:>12.1f}{'':>35}{predicted_total:>17.1f}"
              f"{100 * (predicted_total / measured_total - 1):>+7.0f}%  (tasks + preload)")  # fmt: skip
    print("(the mine command also runs the summary; crawl reads the local text files)")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.real_build", description=__doc__.splitlines()[0])
    parser.add_argument("--books", type=BOOKS, default=5, help="synthetic books (default 5)")
    parser.add_argument("--chapters", type=CHAPTERS, default=530, help="Chinese chapters per book")
    parser.add_argument("--workers", type=worker_count, default=2, help="Luigi workers (1 to 256, default 2)")
    parser.add_argument("--folder", type=output_folder, help="where the books, the output and build.log go")
    parser.add_argument(
        "--costs", type=Path, default=SAVED, help=f"the scale bench's costs (default {SAVED})"
    )
    parser.add_argument(
        "--report", action="store_true", help="only report on the build in --folder (done so far)"
    )
    args = parser.parse_args(argv)
    try:  # before the build: damaged costs would end the command only after it
        costs = load(args.costs) if args.costs.exists() else {}
    except DamagedFile as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if args.report:
        for name in ("runs.json", "config.yaml"):
            if not (args.folder and (args.folder / name).is_file()):
                print(f"error: {args.folder}: no build ({name}) to report on", file=sys.stderr)
                return 1
        try:
            report(args.folder, args.costs, costs)
        except DamagedFile as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        return 0
    folder = args.folder or Path(tempfile.mkdtemp(prefix="bwb-real-build-"))
    if (folder / "output").exists() or (folder / "build.log").exists():
        print(f"error: {folder}: holds an earlier build; give an empty or new folder", file=sys.stderr)
        return 1
    config = write_books(folder, args.books, args.chapters, renumber=True)
    if not build(config, folder / "output", args.workers, folder / "build.log", folder / "runs.json"):
        return 1
    report(folder, args.costs, costs)
    return 0


if __name__ == "__main__":
    exit_with(main)
