"""Scale of the post-crawl stages on BWB-shaped books, extrapolated stage by stage to BWB.

Usage: ``python -m bench.bench_scale [--cores 2,8,32]`` (or ``make bench BENCH=scale``). Sizes are
BOOKSxCHAPTERS, from BWB_BENCH_SMALL (default 2x50) and BWB_BENCH_LARGE (default 1x510: one book of
BWB's average length, 196,304 chapters / 384 books). The books are ``bench.synthetic``'s with
``renumber=True``: prologue offsets, skipped and merged translations, so pairing does its content search;
their sentences are as long as real web novels' (``bench.bench_shape``).

For each size, the synthetic corpus is written as raw Parquet shards into a temporary folder; then
clean → dedup → filter → align → mine run on it through the domain functions the Luigi tasks call,
reading and writing Parquet as the tasks do, and as ``python -m pipeline corpus --workers N`` runs
them: every stage of every size in its own process with one thread per library, which first
preloads what the stage's tasks load (``pipeline.preload``: dictionary, jieba, spaCy; timed apart as
"load s"), then runs each task (a book; dedup: the corpus) in a process forked from it. Times are CPU
seconds (user + sys), so the rates are per core and hold on a shared machine; the peak RSS
(VmHWM, ru_maxrss) is that of the stage's process or of its largest task, whichever is larger (a task's
counts the pages it shares with the stage's process). The extrapolation charges the preload once per
build and, to every task, what a task cost beyond its share of the line through both sizes (filling
look-up caches; ``bench.bwb.StageCost.measured``).

The extrapolation (``bench.bwb``) scales each stage's CPU time at the large size by its basis: words
(both languages) for clean, dedup, align and mine, chapter pairs for filter (pairing costs more per
chapter in longer books, so it is measured at BWB's book length). It writes the measured costs to
``output/bench/scale.json`` for ``bench.real_build``. Linear cost shows as a large/small ratio of
the cost per unit near 1, flat memory as an RSS ratio near 1. Prints tables; makes no assertions.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

from bench.bwb import (
    BASIS,
    BWB,
    FAMILY,
    PER_CORPUS,
    STAGES,
    StageCost,
    Units,
    corpus_units,
    hours_on,
    words_if_characters,
)
from bench.synthetic import synthetic_raw
from bench.synthetic_books import BOOKS, CHAPTERS
from core import storage
from core.arg_types import OneLineParser, input_path, output_file, positive
from core.layout import Layout
from core.paths import REPO_ROOT
from core.stage import StageResult
from core.stdio import exit_with
from evals.bwb_example import DEFAULT as BWB_EXAMPLE

DEFAULT_SIZES = {"small": "2x50", "large": "1x510"}
DEFAULT_CORES = "2,8,32"
T = TypeVar("T")
SAVED = REPO_ROOT / "output" / "bench" / "scale.json"  # the large size's costs, read by bench.real_build
ONE_THREAD = {var: "1" for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}


# --- the stages, as the tasks run them (pipeline.tasks); each returns the chapter pairs it kept. ---
# --- They import their domain module when called, so a stage's process loads only its own.     ---


def _write_stage(layout: Layout, stage: str, unit: str, table: str, path: Path, result: StageResult) -> None:
    storage.write_table(result.rows, table, path)
    storage.write_table(result.rejections, "rejected", layout.rejected(stage, unit))
    storage.write_json(result.stats, layout.stats(stage, unit))


def _zh(rows: list[dict]) -> int:
    return sum(row["lang"] == "zh" for row in rows)


def clean(layout: Layout, books: list[str]) -> int:
    from filters.clean_stage import clean_book

    kept = 0
    for book in books:
        raw = [
            row for lang in ("zh", "en") for row in storage.read_rows(layout.raw(lang, book), "raw_chapters")
        ]
        result = clean_book(raw, {})
        _write_stage(layout, "clean", book, "clean_chapters", layout.clean(book), result)
        kept += _zh(result.rows)
    return kept


def dedup(layout: Layout, books: list[str]) -> int:
    """As ``DedupCorpus`` does it: stream the books, keep signatures only, one book in memory at a time."""
    from filters.dedup_stage import dedup_books

    def load(book: str) -> list[dict]:
        return storage.read_rows(layout.clean(book), "clean_chapters")

    result = dedup_books(books, load)
    removed = {row["item_id"] for row in result.rejections}
    storage.write_table(result.rejections, "rejected", layout.rejected("dedup", "corpus"))
    storage.write_json(result.stats, layout.stats("dedup", "corpus"))
    kept_zh = 0
    for book in books:
        kept = [r for r in load(book) if r["raw_id"] not in removed]
        storage.write_table(kept, "clean_chapters", layout.deduped(book))
        kept_zh += _zh(kept)
    return kept_zh


def filter_(layout: Layout, books: list[str]) -> int:
    from filters.chapter_filters import FilterConfig
    from filters.filter_stage import pair_and_filter_book

    kept = 0
    for book in books:
        result = pair_and_filter_book(
            storage.read_rows(layout.deduped(book), "clean_chapters"), FilterConfig()
        )
        _write_stage(layout, "filter", book, "chapters", layout.chapters(book), result)
        kept += len(result.rows)
    return kept


def align(layout: Layout, books: list[str]) -> int:
    from alignment.stage import align_chapter_rows

    kept = 0
    for book in books:
        result = align_chapter_rows(storage.read_rows(layout.chapters(book), "chapters"))
        _write_stage(layout, "align", book, "aligned_pairs", layout.aligned(book), result)
        kept += result.stats["chapters_aligned"]
    return kept


def mine(layout: Layout, books: list[str]) -> int:
    from cohesion.stage import mine_book

    kept = 0
    for book in books:
        chapters = storage.read_rows(layout.chapters(book), "chapters")
        result = mine_book(chapters, storage.read_rows(layout.aligned(book), "aligned_pairs"))
        storage.write_table(result.rows, "candidates", layout.candidates(book))
        storage.write_json(result.stats, layout.stats("cohesion", book))
        kept += result.stats["chapters"]
    return kept


STAGE_RUNS: dict[str, Callable[[Layout, list[str]], int]] = {
    "clean": clean,
    "dedup": dedup,
    "filter": filter_,
    "align": align,
    "mine": mine,
}
assert tuple(STAGE_RUNS) == STAGES


def run_stage(stage: str, root: Path, books: list[str]) -> dict:
    """Run one stage as a build does: its preload in this process, then each task in a forked process.
    Returns {load_s, seconds (the tasks' CPU), tasks, kept, rss_mb}."""
    from pipeline.preload import preload

    start = time.process_time()
    failed = {family: why for family, why in preload([FAMILY[stage]]).items() if isinstance(why, str)}
    if failed:
        raise SystemExit(f"preload of {stage} failed: {failed}")
    load_s = time.process_time() - start
    tasks = [books] if stage in PER_CORPUS else [[book] for book in books]
    before = children_cpu()
    kept = sum(in_forked_process(partial(STAGE_RUNS[stage], Layout(root), task)) for task in tasks)
    return {
        "load_s": load_s,
        "seconds": children_cpu() - before,
        "tasks": len(tasks),
        "kept": kept,
        "rss_mb": max(own_peak_mb(), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024),
    }


def own_peak_mb() -> float:
    """This process's peak resident memory in MB: Linux's VmHWM, which starts afresh at exec, where
    ``ru_maxrss`` keeps the peak of the process that started this one (a bench holding a large corpus
    lent its size to every stage it ran); ``ru_maxrss`` where there is no VmHWM."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        status = ""
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def children_cpu() -> float:
    """CPU seconds (user + sys) of this process's children that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def in_forked_process(call: Callable[[], T]) -> T:
    """``call()`` in a process forked from this one, as Luigi runs a task with ``--workers`` > 1; its result."""
    fork = multiprocessing.get_context("fork")
    receive, send = fork.Pipe(duplex=False)
    task = fork.Process(target=lambda: send.send(call()))
    task.start()
    try:
        result = receive.recv()
    except EOFError:  # it died before sending
        result = None
    task.join()
    if task.exitcode:
        raise RuntimeError(f"the forked process failed (exit code {task.exitcode})")
    return result


# --- the benchmark: corpora, one process per stage and size, the report ---


def core_counts(text: str) -> list[int]:
    """An argparse type: comma-separated core counts, each a positive whole number (checked before
    the minutes of measuring, not after)."""
    return [positive(n) for n in text.split(",")]


def parse_size(text: str) -> tuple[int, int]:
    """BOOKSxCHAPTERS, each at most what ``bench.synthetic_books`` writes (``99999x99999`` wrote for ever)."""
    books, sep, chapters = text.lower().partition("x")
    try:
        if sep and books.isascii() and chapters.isascii():
            return BOOKS(books), CHAPTERS(chapters)
        problem = "expected BOOKSxCHAPTERS, e.g. 4x10"
    except argparse.ArgumentTypeError as err:
        problem = f"{err}; expected BOOKSxCHAPTERS, e.g. 4x10"
    raise SystemExit(f"bad size {text!r}: {problem}")


def write_corpus(layout: Layout, n_books: int, chapters: int) -> list[str]:
    return write_raw(layout, synthetic_raw(n_books, chapters, seed=0, renumber=True))


def write_raw(layout: Layout, corpus: dict[str, list[dict]]) -> list[str]:
    """Each book's RAW_CHAPTERS rows as the crawl stage writes them; the book ids."""
    for book, rows in corpus.items():
        for lang in ("zh", "en"):
            storage.write_table(
                [r for r in rows if r["lang"] == lang], "raw_chapters", layout.raw(lang, book)
            )
    return list(corpus)


def add_stage_child(parser: argparse.ArgumentParser) -> None:
    """The (internal) arguments by which ``run_child`` has a module run one stage in a child process."""
    parser.add_argument("--stage", choices=STAGES, help="(internal) run one stage on --root and print JSON")
    parser.add_argument("--root", type=input_path, help="(internal) the output folder")
    parser.add_argument("books", nargs="*", help="(internal) the book ids")


def answered_as_child(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    run: Callable[[str, Path, list[str]], dict] = run_stage,
) -> bool:
    """Has this process run (with ``run``) and printed the one stage ``run_child`` asked of it (``--stage``)?
    ``--root`` or book ids without ``--stage``, or ``--stage`` without ``--root``, is an argparse error:
    they were ignored, and the whole bench ran."""
    if not args.stage and (args.root or args.books):
        parser.error(f"{'--root' if args.root else 'book ids'}: only with --stage (internal)")
    if args.stage and not args.root:
        parser.error("--stage: only with --root (internal)")
    if args.stage:
        print(json.dumps(run(args.stage, args.root, args.books)))
    return bool(args.stage)


def run_child(stage: str, root: Path, books: list[str], module: str = "bench.bench_scale") -> dict:
    """``module``'s ``--stage`` run in a process of its own, one thread per library; the JSON it prints."""
    command = [sys.executable, "-m", module, "--stage", stage, "--root", str(root)]
    env = {**os.environ, **ONE_THREAD}
    done = subprocess.run([*command, *books], env=env, stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def measure(sizes: dict[str, tuple[int, int]], tmp: Path) -> dict[str, list[dict]]:
    """Per size, a row per stage: every stage on a synthetic corpus of that size, each in a child process."""
    measured = {}
    for size, (n_books, chapters) in sizes.items():
        layout = Layout(tmp / size)
        books = write_corpus(layout, n_books, chapters)
        rows = []
        for stage in STAGES:
            rows.append({"stage": stage, **run_child(stage, layout.root, books)})
            print(
                f"  {size} {stage}: load {rows[-1]['load_s']:.1f} s, {rows[-1]['tasks']} tasks {rows[-1]['seconds']:.1f} s CPU",
                flush=True,
            )
        units = corpus_units(layout.root, books)
        measured[size] = [{**row, "units": units} for row in rows]
    return measured


def costs(measured: dict[str, list[dict]]) -> dict[str, StageCost]:
    """The cost model of each stage from its large size, its cost per task found with the small size."""
    small = {r["stage"]: r for r in measured["small"]}
    return {
        r["stage"]: StageCost.measured(
            r["stage"],
            r["load_s"],
            r["seconds"],
            r["units"],
            r["tasks"],
            (small[r["stage"]]["seconds"], small[r["stage"]]["units"], small[r["stage"]]["tasks"]),
        )
        for r in measured["large"]
    }


def report(measured: dict[str, list[dict]], cores: list[int]) -> None:
    print(f"{'stage':<8}{'size':<7}{'chapters':>9}{'words':>10}{'load s':>8}{'cpu s':>9}{'words/s':>10}"
          f"{'ms/chapter':>11}{'peak RSS MB':>12}")  # fmt: skip
    for stage in STAGES:
        for size, rows in measured.items():
            r = next(r for r in rows if r["stage"] == stage)
            u = r["units"]
            print(f"{stage:<8}{size:<7}{u.chapters:>9}{u.words:>10}{r['load_s']:>8.1f}{r['seconds']:>9.2f}"
                  f"{u.words / r['seconds']:>10.0f}{1000 * r['seconds'] / u.chapters:>11.1f}{r['rss_mb']:>12.0f}")  # fmt: skip
    for size, rows in measured.items():
        u = rows[0]["units"]
        print(
            f"{size}: {u.books} books, {u.chapters} chapter pairs kept, {u.pairs} sentence pairs, {u.words} words; {u.shape()}"
        )
        for r in rows:
            if r["kept"] < u.chapters:
                print(f"  note: {r['stage']} kept {r['kept']} of {u.chapters} chapter pairs")
    print(
        f"BWB: {BWB.books} books, {BWB.chapters} chapters, {BWB.pairs} sentence pairs, {BWB.words} words; {BWB.shape()}"
    )

    print("\nscaling, large / small (linear cost: CPU per unit ratio ≈ 1; flat memory: RSS ratio ≈ 1)")
    print(f"{'stage':<8}{'basis':<10}{'per unit':>9}{'peak RSS':>10}")
    by = {(size, r["stage"]): r for size, rows in measured.items() for r in rows}
    for stage in STAGES:
        small, large = by["small", stage], by["large", stage]
        basis = BASIS[stage]
        per_unit = (large["seconds"] / getattr(large["units"], basis)) / (
            small["seconds"] / getattr(small["units"], basis)
        )
        print(f"{stage:<8}{basis:<10}{per_unit:>9.2f}{large['rss_mb'] / small['rss_mb']:>10.2f}")  # fmt: skip
    extrapolate(costs(measured), cores)


def extrapolate(stage_costs: dict[str, StageCost], cores: list[int], target: Units = BWB) -> dict[str, float]:
    """Print and return each stage's CPU seconds for a corpus of ``target`` units."""
    units = stage_costs["filter"].units
    print(f"\nEXTRAPOLATION, not a measurement: a BWB-sized post-crawl rebuild ({target.words / 1e6:.1f}M words in"
          f" both languages, {target.chapters} chapters in {target.books} books) from the CPU time at the large"
          f" size ({units.chapters / units.books:.0f} chapters/book), with the preload (loading) once and a fixed"
          f" cost per task (filling caches: what a task of the small size cost beyond its share)")  # fmt: skip
    if abs(units.chapters / units.books / (target.chapters / target.books) - 1) > 0.2:
        print(f"  warning: measured at {units.chapters / units.books:.0f} chapters per book, BWB has"
              f" {target.chapters / target.books:.0f}: the filter stage's per-chapter cost depends on book length")  # fmt: skip
    seconds = {stage: cost.predict(target) for stage, cost in stage_costs.items()}
    print(f"  {'stage':<8}{'basis':<10}{'cpu per unit':>15}{'load s':>8}{'per task s':>12}{'core-hours':>12}")
    for stage, cost in stage_costs.items():
        per = (
            f"{1e6 * cost.rate:.1f} us/word"
            if cost.basis == "words"
            else f"{1000 * cost.rate:.0f} ms/chapter"
        )
        print(
            f"  {stage:<8}{cost.basis:<10}{per:>15}{cost.load_s:>8.1f}{cost.per_task_s:>12.1f}{seconds[stage] / 3600:>12.1f}"
        )
    print(f"  {'total':<8}{'':<10}{'':>15}{'':>8}{'':>12}{sum(seconds.values()) / 3600:>12.1f}")
    print(
        "  hours on N cores (Luigi workers, on one machine or several sharing a luigid; dedup on one core):"
    )
    print("  " + "   ".join(f"{n} cores: {hours_on(seconds, n, target.books):.1f} h" for n in cores))
    if target is BWB:
        characters_reading(stage_costs, cores, BWB_EXAMPLE)
    return seconds


def characters_reading(stage_costs: dict[str, StageCost], cores: list[int], example: Path) -> None:
    """Print the total if BWB's word count reads Chinese in characters (``bench.bwb.words_if_characters``)."""
    ratio = words_if_characters(example)
    if ratio is None:
        return
    target = dataclasses.replace(BWB, words=round(BWB.words * ratio))
    seconds = {stage: cost.predict(target) for stage, cost in stage_costs.items()}
    print(
        f"  if BWB counts Chinese in characters (its example chapter: {ratio:.2f} of our words per BWB word),"
        f" {target.words / 1e6:.1f}M words here: {sum(seconds.values()) / 3600:.1f} core-hours, "
        + "   ".join(f"{n} cores: {hours_on(seconds, n, target.books):.1f} h" for n in cores)
    )


def save(stage_costs: dict[str, StageCost], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    storage.write_json([{**vars(c), "units": vars(c.units)} for c in stage_costs.values()], path)


def load(path: Path) -> dict[str, StageCost]:
    """The costs ``save`` wrote to ``path``; ``DamagedFile`` when it holds something else."""
    rows = storage.read_json(path)
    try:
        return {r["stage"]: StageCost(**{**r, "units": Units(**r["units"])}) for r in rows}
    except (TypeError, KeyError) as err:
        raise storage.DamagedFile(
            path, f"not the scale bench's costs ({type(err).__name__}: {err})"
        ) from None


def main(argv: list[str] | None = None) -> int:
    sizes = " and ".join(f"BWB_BENCH_{size.upper()} (default {d})" for size, d in DEFAULT_SIZES.items())
    parser = OneLineParser(
        prog="python -m bench.bench_scale",
        description=__doc__.splitlines()[0],
        epilog=f"environment: the sizes measured, as BOOKSxCHAPTERS, in {sizes}",
    )
    add_stage_child(parser)
    parser.add_argument(
        "--cores",
        type=core_counts,
        default=DEFAULT_CORES,
        help=f"core counts to extrapolate to (default {DEFAULT_CORES})",
    )
    parser.add_argument(
        "--save", type=output_file, default=SAVED, help=f"where the large size's costs go (default {SAVED})"
    )
    args = parser.parse_args(argv)
    if answered_as_child(parser, args):
        return 0

    sizes = {
        size: parse_size(os.environ.get(f"BWB_BENCH_{size.upper()}") or d)
        for size, d in DEFAULT_SIZES.items()
    }
    print(", ".join(f"{size}: {b} books x {c} chapters" for size, (b, c) in sizes.items()), flush=True)
    with tempfile.TemporaryDirectory(prefix="bwb-bench-scale-") as tmp:
        measured = measure(sizes, Path(tmp))
    report(measured, args.cores)
    save(costs(measured), args.save)
    print(f"\ncosts saved to {args.save}")
    return 0


if __name__ == "__main__":
    exit_with(main)
