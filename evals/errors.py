"""Which gold beads an aligner gets wrong: recall by gold shape, and what went wrong at the borders.

    python -m evals.errors DATA_DIR [--method default|hybrid|...] [--paragraphs perturbed|exact|none]

For every gold bead with sentences on both sides (grouped by shape, 1-1, 1-2, ..., 3+ for larger
sides): the share the aligner found exactly, and of the others, how many were **split** (the test beads
touching it lie inside it: only the inner boundaries are wrong) and how many had a **border** error (a
test bead crosses its border: a sentence went to or came from a neighbour); then the two-sided beads of
that shape the aligner **made**, and the share of them that are gold beads (**right**). Per side, the sentences
that crossed a border (once per gold bead whose border they crossed), by length in characters, out
of all sentences of that length. Paragraphs as in ``evals.align``.
"""

from __future__ import annotations

import sys
from collections import Counter

from alignment.hybrid import MissingExtra
from alignment.methods import METHODS
from alignment.similarity import char_count
from core.arg_types import OneLineParser, input_path
from core.rejection import Rejection
from core.stdio import exit_with
from evals.align import align_dir
from evals.data import EvalChapter, gold_chapters, present
from evals.metric import BeadKey

ZH_BINS = (5, 10, 20)  # border sentence lengths, in characters: up to each bound, then longer
EN_BINS = (15, 30, 60)


def shape(bead: BeadKey) -> str:
    """1-1, 1-2, ..., with 3+ for a side of three or more sentences."""
    return "-".join(str(len(side)) if len(side) < 3 else "3+" for side in bead)


def _bin(length: int, bounds: tuple[int, ...]) -> str:
    for bound in bounds:
        if length <= bound:
            return f"<={bound}"
    return f">{bounds[-1]}"


def classify(
    test: list[BeadKey], gold: list[BeadKey], zh_chars: list[int], en_chars: list[int]
) -> list[tuple[BeadKey, str, set[int], set[int]]]:
    """Per two-sided gold bead: (bead, "exact" | "split" | "border", the zh and en sentences that crossed
    its border). A test bead that straddles the border has a part inside the bead and a part outside;
    the shorter part (characters, both sides) is taken as the part that crossed."""
    zh_bead = {i: k for k, (zh, _) in enumerate(test) for i in zh}
    en_bead = {j: k for k, (_, en) in enumerate(test) for j in en}
    found = set(test)
    result = []
    for bead in gold:
        zh, en = set(bead[0]), set(bead[1])
        if not zh or not en:
            continue
        if bead in found:
            result.append((bead, "exact", set(), set()))
            continue
        touching = {zh_bead[i] for i in zh if i in zh_bead} | {en_bead[j] for j in en if j in en_bead}
        crossed_zh: set[int] = set()
        crossed_en: set[int] = set()
        for k in sorted(touching):
            t_zh, t_en = set(test[k][0]), set(test[k][1])
            if t_zh <= zh and t_en <= en:
                continue
            inside = (t_zh & zh, t_en & en)
            outside = (t_zh - zh, t_en - en)
            size = [
                sum(zh_chars[i] for i in part[0]) + sum(en_chars[j] for j in part[1])
                for part in (inside, outside)
            ]
            part = inside if size[0] <= size[1] else outside
            crossed_zh |= part[0]
            crossed_en |= part[1]
        kind = "border" if crossed_zh or crossed_en else "split"
        result.append((bead, kind, crossed_zh, crossed_en))
    return result


def _share(part: int, whole: int) -> str:
    return f"{part / whole:>6.2f}" if whole else f"{'-':>6}"


def report(chapters: list[EvalChapter], results: list[list[BeadKey]]) -> list[str]:
    """The printed table: per gold shape, then the border sentences by length, per side."""
    by_shape: Counter[tuple[str, str]] = Counter()  # (shape, exact | split | border | made | right)
    zh_lengths: Counter[str] = Counter()
    en_lengths: Counter[str] = Counter()
    zh_all: Counter[str] = Counter()
    en_all: Counter[str] = Counter()
    for chapter, test in zip(chapters, results):
        zh_chars = [char_count(s) for s in chapter.zh]
        en_chars = [char_count(s) for s in chapter.en]
        for bead, kind, zh, en in classify(test, chapter.gold or [], zh_chars, en_chars):
            by_shape[shape(bead), kind] += 1
            zh_lengths.update(_bin(zh_chars[i], ZH_BINS) for i in zh)
            en_lengths.update(_bin(en_chars[j], EN_BINS) for j in en)
        gold = set(chapter.gold or [])
        for bead in test:
            if bead[0] and bead[1]:
                by_shape[shape(bead), "made"] += 1
                by_shape[shape(bead), "right"] += bead in gold
        zh_all.update(_bin(length, ZH_BINS) for length in zh_chars)
        en_all.update(_bin(length, EN_BINS) for length in en_chars)
    lines = ["gold shape   beads  exact  split  border   made  right"]
    shapes = sorted({s for s, _ in by_shape}, key=lambda s: (len(s), s))
    for name in shapes:
        total = sum(by_shape[name, kind] for kind in ("exact", "split", "border"))
        made = by_shape[name, "made"]
        lines.append(
            f"{name:>10} {total:>7} {_share(by_shape[name, 'exact'], total)}"
            f" {by_shape[name, 'split']:>6} {by_shape[name, 'border']:>7}"
            f" {made:>6} {_share(by_shape[name, 'right'], made)}"
        )
    for side, crossed, every, bounds in (
        ("zh", zh_lengths, zh_all, ZH_BINS),
        ("en", en_lengths, en_all, EN_BINS),
    ):
        bins = [f"<={b}" for b in bounds] + [f">{bounds[-1]}"]
        lines.append(
            f"{side} sentences crossing a border, by length (chars): "
            + ", ".join(f"{b} {crossed[b]}/{every[b]}" for b in bins)
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.errors", description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", type=input_path, help="an evaluation folder with gold (as evals.align)")
    parser.add_argument("--method", choices=METHODS, default="default", help="aligner (default: default)")
    parser.add_argument(
        "--paragraphs", choices=("perturbed", "exact", "none"), default="perturbed", help="as evals.align"
    )
    args = parser.parse_args(argv)
    folders = present([args.data_dir])
    if not folders:
        return 1 if folders is None else 0
    try:
        chapters = gold_chapters(args.data_dir)
        results, _ = align_dir(args.data_dir, chapters, args.method, ".trans.txt", args.paragraphs)
    except (OSError, ValueError, MissingExtra) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    keys = [[] if isinstance(r, Rejection) else [bead.key for bead in r] for r in results]
    print(f"{args.data_dir.name} --method {args.method}:")
    print("\n".join(report(chapters, keys)))
    return 0


if __name__ == "__main__":
    exit_with(main)
