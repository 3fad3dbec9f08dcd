"""Web novels end to end: real passages served as two sites, crawled and aligned by the pipeline.

    python -m evals.site [DATA_DIR] [--method default|hybrid] [--paragraphs perturbed|exact] [--seeds S|A-B]
                         [--keep DIR]

DATA_DIR (default ``../shared/eval-data/webfiction-dev``) holds paragraph-aligned passages in the
``lines/`` layout of ``evals.data``. Each passage becomes a chapter of one book, rendered by the demo's
renderer (``crawlers.demo.render``): a Chinese site in GBK with long chapters over two pages, ad lines
and the title in the text, and an English site with credits, navigation and ad lines. The English
paragraphs are perturbed as in ``evals.align`` (about 10% merged, 5% split; ``--paragraphs exact``: as
in the data; ``--seeds A-B``: once per perturbation seed, with the median and the range, since one
perturbation decides a few lines either way). The pipeline crawls both sites over HTTP on 127.0.0.1
with the demo's site settings and builds up to the align stage (``pipeline corpus --until align``). Its aligned chapters are then scored
by the gold lines: a line is recovered when the beads touching its sentences cover exactly its text on
both sides (the BWB paper's line accuracy). The built sentences are matched to the lines by their text,
so a line that cleaning lost, or that a sentence shares with its neighbour, counts as missed; the
lines left without a sentence of their own, which no alignment recovers, are counted apart.

``python -m evals.align DATA_DIR`` scores the aligner alone on the same passages; the difference is
what crawling, cleaning, filtering and splitting cost. The texts are read at run time and written only
to a temporary folder (``--keep DIR``: that folder, kept for inspection).
"""

from __future__ import annotations

import argparse
import bisect
import difflib
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pyarrow.parquet as pq

from core.arg_types import OneLineParser, input_path, output_folder, shown, whole
from core.layout import Layout
from core.paths import REPO_ROOT
from core.stdio import exit_with
from crawlers.demo.render import zh_numeral
from crawlers.demo.sites import render_sites, write_config
from evals.data import (
    EVAL_DATA,
    SEED,
    DataError,
    EvalChapter,
    load_chapters,
    perturb_starts,
    present,
    read_lines,
)
from evals.metric import BeadKey, line_accuracy

MAX_SEEDS = 1_000  # seeds of one --seeds range (each a build of the site: about 15 s)
BOOK_ID = "webfiction"
META = {
    "title_zh": "网文选段",
    "author_zh": "佚名",
    "synopsis_zh": "评测用的网络小说选段。",
    "title_en": "Web Fiction Passages",
    "author_en": "Various",
    "synopsis_en": "Web-novel passages for evaluation.",
    "translator": "Various",
    "editor": "Various",
}

GoldLines = tuple[list[str], list[str]]  # the zh and the en text of each gold line


def site_paragraphs(chapter: EvalChapter, mode: str, seed: int = SEED) -> tuple[list[str], list[str]]:
    """The paragraphs each site shows: the gold lines on the Chinese side; on the English side the
    lines, or their sentences regrouped at the perturbed paragraph starts of ``evals.align`` (``seed``:
    the perturbation's)."""
    zh = ["".join(chapter.zh[i] for i in zh) for zh, _ in chapter.gold or [] if zh]
    starts = (
        chapter.en_starts if mode == "exact" else perturb_starts(chapter.en_starts, len(chapter.en), seed)
    )
    bounds = sorted(starts) + [len(chapter.en)]
    return zh, [" ".join(chapter.en[a:b]) for a, b in zip(bounds, bounds[1:]) if b > a]


def _bare(text: str) -> str:
    return "".join(text.split())


def line_of_sentences(sentences: Sequence[str], lines: Sequence[str]) -> list[int]:
    """Per sentence, the index of the line its first matching character comes from (text matched with
    whitespace ignored); -1 for a sentence none of whose characters are found in the lines."""
    text, gold = "".join(map(_bare, sentences)), "".join(map(_bare, lines))
    line_starts, offset = [], 0
    for line in lines:
        line_starts.append(offset)
        offset += len(_bare(line))
    to_gold = [-1] * len(text)
    for a, b, size in difflib.SequenceMatcher(None, text, gold, autojunk=False).get_matching_blocks():
        to_gold[a : a + size] = range(b, b + size)
    result, offset = [], 0
    for sentence in sentences:
        size = len(_bare(sentence))
        hits = [g for g in to_gold[offset : offset + size] if g >= 0]
        result.append(bisect.bisect_right(line_starts, hits[0]) - 1 if hits else -1)
        offset += size
    return result


def line_count(lines: GoldLines) -> int:
    """The gold lines with text on at least one side."""
    return sum(1 for zh, en in zip(*lines) if zh.strip() or en.strip())


def score_chapter(
    lines: GoldLines, zh: Sequence[str], en: Sequence[str], beads: list[BeadKey]
) -> tuple[int, int, int]:
    """(gold lines recovered, gold lines, lines no bead can recover) of one built chapter. A line is
    missed when a side that has text in the gold has no sentence of it (or the reverse): cleaning lost
    its text, or a sentence begun in another line holds it (a perturbed paragraph that ends mid-sentence,
    merged with the next); no alignment recovers such a line, and the last count is theirs."""
    zh_line, en_line = line_of_sentences(zh, lines[0]), line_of_sentences(en, lines[1])
    groups = []
    for k, (zh_text, en_text) in enumerate(zip(*lines)):
        group = (
            tuple(i for i, line in enumerate(zh_line) if line == k),
            tuple(j for j, line in enumerate(en_line) if line == k),
        )
        if bool(group[0]) == bool(zh_text.strip()) and bool(group[1]) == bool(en_text.strip()):
            groups.append(group)  # (a line empty on both sides: line_accuracy skips it)
    lines_with_text = line_count(lines)
    reachable = sum(1 for group in groups if group[0] or group[1])
    return line_accuracy(beads, groups)[0], lines_with_text, lines_with_text - reachable


def gold_lines(data_dir: Path, chapter: EvalChapter) -> GoldLines:
    return read_lines(data_dir / "lines" / f"{chapter.name}.zh"), read_lines(
        data_dir / "lines" / f"{chapter.name}.en"
    )


def build(chapters: Sequence[EvalChapter], folder: Path, method: str, mode: str, seed: int = SEED) -> Layout:
    """Render the sites, write the config and run the pipeline up to align; the output's layout."""
    site_chapters = [
        (f"第{zh_numeral(k)}章 选段{k}", f"Chapter {k}: Passage {k}", *site_paragraphs(chapter, mode, seed))
        for k, chapter in enumerate(chapters, 1)
    ]  # chapter k is the k-th passage
    render_sites(BOOK_ID, META, site_chapters, folder / "site")
    config = write_config(folder, BOOK_ID, META, "mixed", {"align": {"method": method}})
    output = folder / "output"
    command = [sys.executable, "-m", "pipeline", "corpus", "--config", str(config), "--output", str(output)]
    run = subprocess.run([*command, "--until", "align"], cwd=REPO_ROOT, capture_output=True, text=True)
    if run.returncode:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        raise DataError(f"the pipeline failed (exit {run.returncode}): {last}")
    return Layout(output)


def score_build(
    layout: Layout, data_dir: Path, chapters: Sequence[EvalChapter]
) -> tuple[int, int, int, list[str]]:
    """(lines recovered, gold lines, lines no bead can recover, the passages missing from the build) of
    the built book (a missing passage's lines count in none of the three)."""
    built = {row["chapter_no"]: row for row in pq.read_table(layout.chapters(BOOK_ID)).to_pylist()}
    beads: dict[str, list[BeadKey]] = {}
    for row in pq.read_table(layout.aligned(BOOK_ID), columns=["chapter_id", "zh_idx", "en_idx"]).to_pylist():
        beads.setdefault(row["chapter_id"], []).append((tuple(row["zh_idx"]), tuple(row["en_idx"])))
    exact = total = unreachable = 0
    missing = []
    for k, chapter in enumerate(chapters, 1):
        lines = gold_lines(data_dir, chapter)
        row = built.get(k)
        if row is None or row["chapter_id"] not in beads:
            missing.append(chapter.name)
            total += line_count(lines)
            continue
        found, count, lost = score_chapter(
            lines, row["zh_sentences"], row["en_sentences"], beads[row["chapter_id"]]
        )
        exact, total, unreachable = exact + found, total + count, unreachable + lost
    return exact, total, unreachable, missing


def seed_range(text: str) -> tuple[int, ...]:
    """An argparse type: a seed (a whole number), or a range of them, A-B, of at most ``MAX_SEEDS``."""
    first, dash, last = text.partition("-")
    try:
        low, high = whole(first), whole(last if dash else first)
    except argparse.ArgumentTypeError:  # not whole numbers: neither a seed nor a range
        low, high = 0, -1
    if high < low:
        raise argparse.ArgumentTypeError(f"{shown(text)} is neither a seed nor a range of seeds A-B (A <= B)")
    if high - low >= MAX_SEEDS:
        raise argparse.ArgumentTypeError(f"{shown(text)}: at most {MAX_SEEDS:,} seeds (one build each)")
    return tuple(range(low, high + 1))


def _spread(label: str, results: list[tuple[int, int]]) -> str:
    """The median and the range of lines recovered over several seeds."""
    found = sorted(exact for exact, _ in results)
    total, middle = results[0][1], statistics.median(found)
    return (
        f"{label}: end to end over {len(found)} seeds, median {middle:g}/{total}"
        f" ({middle / max(1, total):.3f}), min {found[0]}, max {found[-1]}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.site", description=__doc__.splitlines()[0])
    parser.add_argument(
        "data_dir",
        type=input_path,
        nargs="?",
        default=EVAL_DATA / "webfiction-dev",
        help="passages in the lines/ layout",
    )
    parser.add_argument("--method", choices=("default", "hybrid"), default="default", help="aligner")
    parser.add_argument(
        "--paragraphs",
        choices=("perturbed", "exact"),
        default="perturbed",
        help="the English site's paragraphs",
    )
    parser.add_argument(
        "--seeds",
        type=seed_range,
        help=f"the perturbation's seed (default {SEED}, that of evals.align), or a range A-B: one build each",
    )
    parser.add_argument(
        "--keep",
        type=output_folder,
        help="build in this folder and keep it (default: a temporary one; seed-S under it for a range)",
    )
    args = parser.parse_args(argv)
    if args.seeds and args.paragraphs == "exact":
        parser.error("--seeds: only with --paragraphs perturbed (the exact paragraphs have no seed)")
    folders = present([args.data_dir])
    if not folders:
        return 1 if folders is None else 0
    seeds = args.seeds or (SEED,)
    label, results = f"{args.data_dir.name} --method {args.method} --paragraphs {args.paragraphs}", []
    try:
        if not (args.data_dir / "lines").is_dir():
            raise DataError(
                f"{args.data_dir}: no lines/ folder (this evaluation needs paragraph-aligned lines)"
            )
        chapters = load_chapters(args.data_dir)
        for seed in seeds:
            with tempfile.TemporaryDirectory(prefix="bwb-site-eval-") as scratch:
                folder = args.keep.resolve() if args.keep else Path(scratch)
                folder = folder / f"seed-{seed}" if len(seeds) > 1 else folder
                print(
                    f"building {len(chapters)} passages through the pipeline in {folder} ...", file=sys.stderr
                )
                exact, total, unreachable, missing = score_build(
                    build(chapters, folder, args.method, args.paragraphs, seed), args.data_dir, chapters
                )
            if missing:
                print(f"not in the built corpus (their lines count as missed): {', '.join(missing)}")
            seeded = f"{label} --seeds {seed}" if args.seeds else label
            lost = (
                f"; {unreachable} without a sentence of their own in the build, which no alignment recovers"
                if unreachable
                else ""
            )
            print(
                f"{seeded}: end to end {exact}/{total} lines recovered ({exact / max(1, total):.3f}){lost}",
                flush=True,
            )
            results.append((exact, total))
    except (OSError, DataError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if len(results) > 1:
        print(_spread(label, results))
    return 0


if __name__ == "__main__":
    exit_with(main)
