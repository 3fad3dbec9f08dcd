"""Alignment speed and memory on MAC-dev: aligned sentences per second per core (one process, CPU time,
dictionary and jieba loaded beforehand) and memory after aligning the chapters once and three times;
the speed-up against the previous aligner's recorded figure.

    .venv/bin/python -m bench.bench_align [DATA_DIR] [--chapters N]   (default ../shared/eval-data/mac-dev, all)
"""

from __future__ import annotations

import gc
import resource
import time
from pathlib import Path

from alignment.book import align_book
from core.arg_types import OneLineParser, positive
from core.stdio import exit_with
from text.lexicon import Lexicon
from evals.data import EVAL_DATA, chapter_names, read_lines

DEFAULT_DATA = EVAL_DATA / "mac-dev"
# The previous aligner (set-based scorer, a Python call per bead; commit 8360ce8), measured by this script
# on mac-dev on the team's 2-core machine, 3x the 6 chapters with refinement. Kept as a record instead of
# a second implementation.
PREVIOUS_SENTENCES_PER_S = 352


def rss_mib() -> float:
    """Current resident memory (not the peak)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.bench_align", description=__doc__.splitlines()[0])
    parser.add_argument(
        "data", type=Path, nargs="?", default=DEFAULT_DATA, help=f"evaluation folder (default {DEFAULT_DATA})"
    )
    parser.add_argument(
        "--chapters", type=positive, help="only the first N chapters (the speed-up is then not comparable)"
    )
    args = parser.parse_args(argv)
    data = args.data
    if not (data / "zh").is_dir():
        print(f"skipped: no data in {data}")
        return 0
    chapters = [
        (read_lines(data / "zh" / f"{n}.txt"), read_lines(data / "en" / f"{n}.txt"))
        for n in chapter_names(data)[: args.chapters]
    ]
    sentences = sum(len(zh) + len(en) for zh, en in chapters)
    start = time.process_time()
    lexicon = Lexicon()
    align_book(chapters[:1], lexicon, refine=False)  # loads the dictionary and jieba
    print(
        f"one-time load (dictionary, jieba): {time.process_time() - start:.1f} s CPU, RSS {rss_mib():.0f} MiB"
    )
    for copies in (1, 3):
        gc.collect()
        start = time.process_time()
        align_book(chapters * copies, lexicon)
        seconds = time.process_time() - start
        gc.collect()
        print(
            f"{copies}x {len(chapters)} chapters ({copies * sentences} sentences, with refinement): "
            f"{seconds:.1f} s CPU, {copies * sentences / seconds:.0f} sentences/s/core, RSS after {rss_mib():.0f} MiB"
        )
    print(f"peak RSS (ru_maxrss): {peak_mib():.0f} MiB")
    if args.chapters is not None:
        return 0  # the recorded figure is for all the chapters
    print(
        f"previous aligner (recorded, same input): {PREVIOUS_SENTENCES_PER_S} sentences/s/core;"
        f" speed-up {3 * sentences / seconds / PREVIOUS_SENTENCES_PER_S:.1f}x"
    )
    return 0


if __name__ == "__main__":
    exit_with(main)
