"""CPU time of the default aligner against the original Bleualign's with precomputed MT, same chapters.

    python -m evals.bleualign_speed [DATA_DIR] --upstream-python PYTHON [--repeats N] [--pieces N] [--as-built]

DATA_DIR (default ../shared/eval-data/mac-dev-mt) holds zh/NNN.txt, zh/NNN.trans.txt (the MT of the
zh sentences) and en/NNN.txt. PYTHON is an interpreter where the original Bleualign is installed, e.g.
``python3 -m venv /tmp/bleu-venv && /tmp/bleu-venv/bin/pip install pypi-bleualign``. It is GPLv2 and only
a development check: never a dependency, never imported here. It runs in its own process
(:data:`UPSTREAM`, default options, one process instead of its pool of four, its CPU time around the
alignment of all chapters, the import excluded). The default aligner's time is ``evals.align``'s: all
chapters as one book, with refinement and perturbed paragraph breaks, loads excluded (and frozen, as in a build). Each side runs
``--repeats`` times, interleaved; the best time of each is compared. With ``--pieces N`` each chapter is
first cut where its gold beads allow into pieces of at least N zh sentences (BWB's chapters have about
49 sentence pairs; the original's cost grows faster than linearly with a chapter's length, ours about
linearly). With ``--as-built`` the default aligner gets what a build gives it: the Chinese already
segmented (the filter stage's words) and a lexicon whose memo is warm, as a build process's after its
earlier books (here one unmeasured run over the same chapters: an upper bound on what the memo saves).
A missing DATA_DIR or an
interpreter without Bleualign is skipped with a message; a malformed chapter, or MT that is not UTF-8, is a
one-line error (exit 1).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from core.arg_types import OneLineParser, input_path, positive
from core.files import os_problem
from core.stdio import exit_with
from evals.align import align_dir
from text.chinese import segment
from text.lexicon import Lexicon
from evals.data import EVAL_DATA, DataError, EvalChapter, load_chapters, not_a_folder, read_lines

DEFAULT_DATA = EVAL_DATA / "mac-dev-mt"
# Run by PYTHON with argv: the chapters as JSON on stdin ([zh, mt, en] lines each); prints CPU seconds.
UPSTREAM = """
import json, sys, time
import bleualign.align as upstream
upstream.multiprocessing_enabled = 0
chapters = json.load(sys.stdin)
start = time.process_time()
for zh, mt, en in chapters:
    options = {"srcfile": zh, "targetfile": en, "srctotarget": [mt], "verbosity": 0}
    upstream.Aligner(options).mainloop()
print(time.process_time() - start)
"""


def upstream_seconds(python: str, chapters: list[tuple[list[str], list[str], list[str]]]) -> float | None:
    """CPU seconds of the original Bleualign over ``chapters`` under ``python``; None without it (or
    without ``python``)."""
    try:
        done = subprocess.run(
            [python, "-c", UPSTREAM], input=json.dumps(chapters), capture_output=True, text=True, check=False
        )
    except OSError as err:  # no such interpreter, or not executable
        print(f"skipped: {python} could not run the original Bleualign: {os_problem(err)}")
        return None
    if done.returncode:
        print(
            f"skipped: {python} could not run the original Bleualign: {done.stderr.strip().splitlines()[-1:]}"
        )
        return None
    return float(done.stdout.split()[-1])


def read_mt(path: Path, sentences: int) -> list[str]:
    """The MT of a chapter's ``sentences`` zh sentences, one line each; DataError for another count (the
    original Bleualign would align the wrong lines, or fail)."""
    lines = read_lines(path)
    if len(lines) != sentences:
        raise DataError(f"{path}: {len(lines)} lines of MT for the chapter's {sentences} Chinese sentences")
    return lines


def _cuts(gold: list[tuple[tuple[int, ...], tuple[int, ...]]], size: int) -> list[tuple[int, int]]:
    """The (zh, en) sentence counts after which the gold beads allow a cut (every bead before it, or
    after it, on both sides), at least ``size`` zh sentences apart."""
    cuts, seen, top = [], [0, 0], [0, 0]
    for bead in gold:
        for side, indices in enumerate(bead):
            seen[side] += len(indices)
            top[side] = max([top[side], *(i + 1 for i in indices)])
        if seen == top and top[0] - (cuts[-1][0] if cuts else 0) >= size:
            cuts.append((top[0], top[1]))
    return cuts


def pieces(chapter: EvalChapter, mt: list[str], size: int) -> list[tuple[EvalChapter, list[str]]]:
    """The chapter (with its MT) cut at its gold beads into pieces of at least ``size`` zh sentences, the
    rest joined to the last one; whole without gold."""
    cuts = _cuts(chapter.gold or [], size)
    if cuts and cuts[-1][0] < len(chapter.zh) and len(chapter.zh) - cuts[-1][0] < size:
        cuts.pop()  # a short rest: part of the last piece
    bounds = [(0, 0), *(c for c in cuts if c[0] < len(chapter.zh)), (len(chapter.zh), len(chapter.en))]
    result = []
    for k, ((z0, e0), (z1, e1)) in enumerate(zip(bounds, bounds[1:]), 1):
        part = EvalChapter(
            f"{chapter.name}.{k}",
            chapter.zh[z0:z1],
            chapter.en[e0:e1],
            None,
            frozenset(s - z0 for s in chapter.zh_starts if z0 <= s < z1),
            frozenset(s - e0 for s in chapter.en_starts if e0 <= s < e1),
        )
        result.append((part, mt[z0:z1]))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.bleualign_speed", description=__doc__.splitlines()[0])
    parser.add_argument(
        "data",
        type=input_path,
        nargs="?",
        default=DEFAULT_DATA,
        help=f"the chapters with their MT (default {DEFAULT_DATA})",
    )
    parser.add_argument(
        "--upstream-python", type=input_path, required=True, help="an interpreter with pypi-bleualign"
    )
    parser.add_argument(
        "--repeats", type=positive, default=3, help="runs of each side, interleaved (default 3)"
    )
    parser.add_argument(
        "--pieces", type=positive, help="cut the chapters at gold beads into pieces of N zh sentences or more"
    )
    parser.add_argument(
        "--as-built",
        action="store_true",
        help="the Chinese segmented beforehand and the lexicon's memo warm, as in a build",
    )
    args = parser.parse_args(argv)
    if not_a_folder(args.data):
        return 1
    if not (args.data / "zh").is_dir():
        print(f"skipped: no data in {args.data}")
        return 0
    try:
        chapters = load_chapters(args.data)
        translations = [(args.data / "zh" / f"{chapter.name}.trans.txt") for chapter in chapters]
        if not all(path.is_file() for path in translations):
            print(f"skipped: {args.data} lacks zh/NNN.trans.txt machine translations")
            return 0
        translated = [
            (chapter, read_mt(path, len(chapter.zh))) for chapter, path in zip(chapters, translations)
        ]
    except DataError as err:  # a malformed chapter, or MT that is not UTF-8 or not one line per sentence
        print(f"error: {err}", file=sys.stderr)
        return 1
    if args.pieces:
        translated = [piece for chapter, mt in translated for piece in pieces(chapter, mt, args.pieces)]
        chapters = [chapter for chapter, _ in translated]
    texts = [(chapter.zh, mt, chapter.en) for chapter, mt in translated]
    lexicon, words = None, None
    if args.as_built:
        lexicon, words = Lexicon(), [[segment(s) for s in chapter.zh] for chapter in chapters]
        align_dir(args.data, chapters, "default", ".trans.txt", "perturbed", lexicon, words)  # warms the memo
    ours, theirs = [], []
    for _ in range(args.repeats):
        seconds = upstream_seconds(str(args.upstream_python), texts)
        if seconds is None:
            return 0
        theirs.append(seconds)
        ours.append(align_dir(args.data, chapters, "default", ".trans.txt", "perturbed", lexicon, words)[1])
    sentences = sum(len(chapter.zh) + len(chapter.en) for chapter in chapters)
    inputs = "; the Chinese segmented and the lexicon warm, as built" if args.as_built else ""
    print(
        f"{len(chapters)} chapters, {sentences} sentences; CPU seconds, {args.repeats} interleaved runs each"
        + inputs
    )
    print(f"default aligner:     {', '.join(f'{s:.2f}' for s in ours)}")
    print(f"original Bleualign:  {', '.join(f'{s:.2f}' for s in theirs)}")
    print(f"ratio (best / best): {min(ours) / min(theirs):.2f}")
    return 0


if __name__ == "__main__":
    exit_with(main)
