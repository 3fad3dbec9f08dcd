"""Cost per word and per sentence pair of clean, align and mine on real chapters and on synthetic ones.

Usage: ``python -m bench.bench_shape [--chapters 50]`` (or ``python -m bench shape``).

The scale bench (``bench.bench_scale``) extrapolates these stages per word, from synthetic chapters.
That holds only if their cost follows words and not sentences, or if the synthetic sentence pairs are as
long as BWB's (48.1 words). Here each data set is one book: the chapters of webfiction-dev and mac-dev
(``evals.data``) and the BWB paper's example chapter (``evals.bwb_example``), read at run time and
written as raw chapters ("第N章" / "Chapter N", their paragraphs; a folder that is absent is skipped),
and the synthetic book of ``--chapters`` chapters in both shapes (``bench.synthetic``: its sentences
joined to about BWB's length, the default, and as the demo wrote them, ``p_join`` 0). Every stage runs
on it in its own process after its preload, as the scale bench runs it; clean, align and mine run
twice on the same book in that process: "cold" (look-up caches filled on this text, as a book's task
does) and "warm" (the same text again: every look-up hits, so what is left is the work per word and
per sentence). Times are CPU seconds (user + sys).

Prints, per data set, words per sentence pair and each stage's cold and warm µs per word; then, per
stage, the least-squares fit of the warm seconds over the data sets, cost = a·sentence pairs + b·words,
and what it gives per word at the demo's shape and at BWB's. Makes no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from bench.bench_scale import ONE_THREAD, STAGE_RUNS, write_raw
from bench.bwb import BWB, FAMILY, STAGES, Units, corpus_units
from bench.synthetic import _raw_row, synthetic_raw
from core.layout import Layout
from evals.bwb_example import DEFAULT as BWB_EXAMPLE
from evals.data import EVAL_DATA, load_chapters, read_lines

TIMED = ("clean", "align", "mine")  # stages extrapolated per word whose work may follow sentences


def _paragraphs(sentences: list[str], starts: frozenset[int], sep: str) -> list[str]:
    """The paragraphs that ``sentences`` make, each beginning at one of ``starts`` (none: one paragraph)."""
    cuts = sorted(starts | {0}) + [len(sentences)]
    return [sep.join(sentences[a:b]) for a, b in zip(cuts, cuts[1:]) if b > a]


def _book(book_id: str, chapters: list[tuple[list[str], list[str]]]) -> list[dict]:
    """RAW_CHAPTERS rows of a book of (zh paragraphs, en paragraphs) chapters, numbered in both languages."""
    zh = [_raw_row(book_id, "zh", i, f"第{i + 1}章", paras) for i, (paras, _) in enumerate(chapters)]
    return zh + [_raw_row(book_id, "en", i, f"Chapter {i + 1}", paras) for i, (_, paras) in enumerate(chapters)]


def real_books() -> dict[str, list[dict]]:
    """The evaluation chapters that are present, a book per data set."""
    books = {}
    for name in ("webfiction-dev", "mac-dev"):
        if (EVAL_DATA / name).is_dir():
            chapters = [
                (_paragraphs(c.zh, c.zh_starts, ""), _paragraphs(c.en, c.en_starts, " "))
                for c in load_chapters(EVAL_DATA / name)
            ]
            books[name] = _book(name, chapters)
    if (BWB_EXAMPLE / "0.chs_re.txt").is_file():
        lines = (read_lines(BWB_EXAMPLE / "0.chs_re.txt"), read_lines(BWB_EXAMPLE / "0.ref_re.txt"))
        books["bwb-example"] = _book("bwb-example", [lines])
    return books


def run_stage(stage: str, root: Path, books: list[str]) -> dict:
    """Preload ``stage``, then run it on ``books`` (twice for a timed stage); its CPU seconds per run."""
    from pipeline.preload import preload

    preload([FAMILY[stage]])
    seconds = []
    for _ in range(2 if stage in TIMED else 1):
        start = time.process_time()
        STAGE_RUNS[stage](Layout(root), books)
        seconds.append(time.process_time() - start)
    return {"seconds": seconds}


def measure(name: str, corpus: dict[str, list[dict]], tmp: Path) -> tuple[Units, dict[str, list[float]]]:
    layout = Layout(tmp / name)
    books = write_raw(layout, corpus)
    seconds = {}
    for stage in STAGES:
        command = [sys.executable, "-m", "bench.bench_shape", "--stage", stage, "--root", str(layout.root)]
        done = subprocess.run(
            [*command, *books], env={**os.environ, **ONE_THREAD}, stdout=subprocess.PIPE, text=True, check=True
        )
        seconds[stage] = json.loads(done.stdout.splitlines()[-1])["seconds"]
    return corpus_units(layout.root, books), seconds


def report(measured: dict[str, tuple[Units, dict[str, list[float]]]]) -> None:
    print(f"{'data set':<18}{'chapters':>9}{'pairs':>7}{'words':>8}{'words/pair':>11}"
          + "".join(f"{stage + ' us/word cold, warm':>28}" for stage in TIMED))  # fmt: skip
    for name, (u, seconds) in measured.items():
        rates = "".join(
            f"{1e6 * seconds[stage][0] / u.words:>19.1f}, {1e6 * seconds[stage][1] / u.words:>7.1f}"
            for stage in TIMED
        )
        print(f"{name:<18}{u.chapters:>9}{u.pairs:>7}{u.words:>8}{u.words / u.pairs:>11.1f}{rates}")
    if len(measured) < 2:
        return
    units = [u for u, _ in measured.values()]
    shapes = {"demo": units[-1].words / units[-1].pairs, "BWB": BWB.words / BWB.pairs}
    print("\nwarm seconds = a * sentence pairs + b * words (least squares over the data sets above); per word"
          f" at the synthetic demo shape ({shapes['demo']:.1f} words/pair) and at BWB's ({shapes['BWB']:.1f})")  # fmt: skip
    print(f"{'stage':<8}{'a us/pair':>10}{'b us/word':>10}{'us/word demo':>14}{'BWB':>8}{'BWB / demo':>12}")
    basis = np.array([[u.pairs, u.words] for u in units], dtype=float)
    for stage in TIMED:
        warm = np.array([seconds[stage][1] for _, seconds in measured.values()])
        (a, b), *_ = np.linalg.lstsq(basis, warm, rcond=None)
        demo, bwb = (b + a / shapes[shape] for shape in ("demo", "BWB"))
        print(f"{stage:<8}{1e6 * a:>10.1f}{1e6 * b:>10.2f}{1e6 * demo:>14.1f}{1e6 * bwb:>8.1f}{bwb / demo:>12.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", type=int, default=50, help="chapters of the synthetic book (default 50)")
    parser.add_argument("--stage", choices=STAGES, help="(internal) run one stage on --root and print JSON")
    parser.add_argument("--root", type=Path, help="(internal) the output folder of the book")
    parser.add_argument("books", nargs="*", help="(internal) the book ids")
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(run_stage(args.stage, args.root, args.books)))
        return 0
    corpora = {
        **{name: {name: rows} for name, rows in real_books().items()},
        "synthetic BWB": synthetic_raw(1, args.chapters, seed=0, renumber=True),
        "synthetic demo": synthetic_raw(1, args.chapters, seed=0, renumber=True, p_join=0),
    }
    with tempfile.TemporaryDirectory(prefix="bwb-bench-shape-") as tmp:
        measured = {}
        for name, corpus in corpora.items():
            measured[name] = measure(name, corpus, Path(tmp))
            print(f"  {name}: done", flush=True)
    report(measured)
    return 0


if __name__ == "__main__":
    sys.exit(main())
