"""Align a folder of chapter pairs and score the beads against gold.

    python -m evals.align DATA_DIR [--method default|hybrid|bleualign|galechurch]
        [--paragraphs perturbed|exact|none] [--translation-suffix .trans.txt] [--out OUT_DIR] [--summary]

DATA_DIR is in one of the layouts of ``evals.data`` (zh/ en/ gold/ [zh-para/ en-para/], or
lines/). With gold, prints strict and lax precision/recall/F1 micro-averaged over all beads, line
accuracy (gold groups recovered exactly by a run of beads) and aligned sentences per CPU second
(one-time loads excluded, and frozen out of garbage collection as a build's warm-up freezes them).
Paragraph breaks are given to the aligner perturbed by default (about 10% of English paragraphs merged,
5% split), as translators do. Bleualign reads the MT of the source from
DATA_DIR/zh/NNN<suffix>; with DATA_DIR/bleualign-upstream/ it also reports how many of the original
Bleualign's beads it reproduces, and their scores. A missing DATA_DIR is skipped with a message.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

from alignment import preload
from alignment.beads import Bead, write_beads
from alignment.book import Segmented
from alignment.hybrid import MissingExtra
from text.lexicon import Lexicon
from alignment.methods import METHODS, align_chapters, load_models
from alignment.search import Paragraphs
from alignment.translator import FileTranslator
from core.arg_types import OneLineParser, input_path, output_folder
from core.rejection import Rejection
from core.stdio import exit_with
from evals.compare import agreement
from evals.data import DataError, EvalChapter, load_chapters, not_a_folder, perturb_starts, read_gold
from evals.metric import Counts, count, line_accuracy, scores


def paragraphs_of(chapter: EvalChapter, mode: str) -> Paragraphs:
    if mode == "none":
        return Paragraphs()
    en = perturb_starts(chapter.en_starts, len(chapter.en)) if mode == "perturbed" else chapter.en_starts
    return Paragraphs(chapter.zh_starts, en)


def align_dir(
    data_dir: Path,
    chapters: list[EvalChapter],
    method: str,
    suffix: str,
    mode: str,
    lexicon: Lexicon | None = None,
    zh_words: list[Segmented] | None = None,
) -> tuple[list[list[Bead] | Rejection], float]:
    """Beads per chapter and the CPU seconds the alignment took (with a fresh lexicon unless one is given,
    and the Chinese segmented on the clock unless ``zh_words`` holds it, as a build's filter stage does)."""
    lexicon = lexicon or Lexicon()
    preload.align()  # loads what the aligners load on first use (jieba, pypinyin) before the clock starts
    load_models(method)  # and the method's models (the hybrid's encoder)
    gc.collect()
    gc.freeze()  # as a build's warm-up does (pipeline.preload): collections pass what was loaded by
    try:
        start = time.process_time()
        results, _ = align_chapters(
            method,
            [(chapter.zh, chapter.en) for chapter in chapters],
            [chapter.name for chapter in chapters],
            [paragraphs_of(chapter, mode) for chapter in chapters],
            lexicon,
            FileTranslator(data_dir / "zh", suffix) if method == "bleualign" else None,
            zh_words=zh_words,
        )
        return results, time.process_time() - start
    finally:
        gc.unfreeze()  # a caller's later collections see everything again


def translation_suffix(text: str) -> str:
    """An argparse type: what follows NNN in the name of chapter NNN's machine translation; not empty or
    blank (an unset variable: every chapter was rejected for a missing zh/NNN), nor .txt (the chapter
    itself, read as its own translation)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is no suffix: give one, such as .trans.txt")
    if text == ".txt":
        raise argparse.ArgumentTypeError(
            "'.txt' names the Chinese chapters themselves, not their translations"
        )
    return text


def _line(label: str, values: dict[str, float]) -> str:
    return (
        f"{label:>8}  strict P {values['strict_p']:.3f} R {values['strict_r']:.3f} F1 {values['strict_f1']:.3f}"
        f"  lax P {values['lax_p']:.3f} R {values['lax_r']:.3f} F1 {values['lax_f1']:.3f}"
    )


def evaluate(args: argparse.Namespace) -> None:
    try:
        chapters = load_chapters(args.data_dir)
        results, seconds = align_dir(
            args.data_dir, chapters, args.method, args.translation_suffix, args.paragraphs
        )
    except (OSError, ValueError, MissingExtra) as err:
        raise DataError(str(err)) from None
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    total, upstream_total = Counts(), Counts()
    exact_lines = lines = shared = reference_total = 0
    for chapter, result in zip(chapters, results):
        if isinstance(result, Rejection):
            print(f"{chapter.name:>8}  rejected: {result.reason} ({result.detail})", file=sys.stderr)
            result = []
        if args.out:
            write_beads(args.out / f"{chapter.name}.align", result)
        if chapter.gold is not None:
            keys = [bead.key for bead in result]
            counts = count(keys, chapter.gold)
            exact, groups = line_accuracy(keys, chapter.gold)
            total += counts
            exact_lines, lines = exact_lines + exact, lines + groups
            if not args.summary:
                print(_line(chapter.name, scores(counts)) + f"  lines {exact}/{groups}")
        upstream = args.data_dir / "bleualign-upstream" / f"{chapter.name}.align"
        if args.method == "bleualign" and upstream.is_file():
            reference = read_gold(upstream)
            same, size = agreement([bead.key for bead in result], reference)
            shared, reference_total = shared + same, reference_total + size
            if chapter.gold is not None:
                upstream_total += count(reference, chapter.gold)
    sentences = sum(len(chapter.zh) + len(chapter.en) for chapter in chapters)
    speed = f"  {sentences / max(seconds, 1e-9):.0f} sentences/s"
    if args.summary:
        print(f"{args.data_dir.name} --method {args.method}:")
    if total.gold:
        print(_line("all", scores(total)) + f"  line acc {exact_lines / max(1, lines):.3f}" + speed)
    else:
        print(f"{'all':>8}  {len(chapters)} chapters aligned (no gold){speed}")
    if reference_total:
        print(
            f"agreement with bleualign-upstream: {shared}/{reference_total} beads ({shared / reference_total:.3f})"
        )
    if upstream_total.gold:
        print(_line("upstream", scores(upstream_total)) + "  (bleualign-upstream against the gold)")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.align", description=__doc__.splitlines()[0])
    parser.add_argument(
        "data_dir",
        type=input_path,
        help="an evaluation folder: zh/ en/ gold/ [zh-para/ en-para/], or lines/NNN.zh|.en",
    )
    parser.add_argument("--method", choices=METHODS, default="default", help="aligner (default: default)")
    parser.add_argument(
        "--paragraphs",
        choices=("perturbed", "exact", "none"),
        default="perturbed",
        help="paragraph evidence: perturbed (default), exact or none",
    )
    parser.add_argument(
        "--translation-suffix",
        type=translation_suffix,
        default=".trans.txt",
        help="suffix of the machine-translation files for --method bleualign (default .trans.txt)",
    )
    parser.add_argument("--out", type=output_folder, help="write each chapter's beads to this folder")
    parser.add_argument(
        "--summary", action="store_true", help="only the totals, labelled with folder and method"
    )
    args = parser.parse_args(argv)
    if not_a_folder(args.data_dir):
        return 1
    if not args.data_dir.exists():
        print(f"skipped: no data at {args.data_dir}")
        return 0
    try:
        evaluate(args)
    except DataError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    exit_with(main)
