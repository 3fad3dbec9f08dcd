"""Fit the search weights (one-sided bead costs, paragraph, mark and border terms) by k-fold across chapters.

    python -m evals.crossval [--method default|hybrid] [--folds K] [DATA_DIR ...]
        (default: mac-dev and webfiction-dev in ../shared/eval-data)

Each chapter is held out in turn (every chapter of the dev sets is from a book of its own, so this is
leave-one-book-out); with ``--folds K`` the chapters of all folders are dealt round-robin into K folds
instead. For each fold the grid point with the best mean of strict F1 and line accuracy on the other folds
aligns the held-out fold; the held-out results, summed, are the cross-validated figures, with the spread of
the per-fold strict F1. Finally the grid point fitted on all chapters is printed (the defaults of
``SearchParams``, or for hybrid of ``HybridWeights``, come from it). The hybrid's grid is its two embedding
weights, on the default aligner's search weights. Paragraphs are perturbed as in ``evals.align``. Scorers are
built once per chapter (with the book's refinement under the current defaults), so only the search reruns per
grid point (both passes over the refined scorer: the book searches near its first pass's beads instead, which
gives the same beads on the dev sets at the defaults); the grid's weights leave the anchors and the scorer's
answers unchanged, so those and the search's cells are computed once per chapter too (``Corridor``); grid
points that differ only in the border rule's ``clause`` share one search; the beads many grid points find
alike are scored once.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from alignment.book import align_book
from alignment.hybrid import HybridScorer, HybridWeights, Margins, MissingExtra
from alignment.joined import PooledCache
from alignment.pooled import UsePooler
from text.lexicon import Lexicon
from alignment.search import Corridor, SearchParams, Searched, find_anchors
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from core.arg_types import OneLineParser, positive
from core.stdio import exit_with
from evals.align import paragraphs_of
from evals.data import DataError, EvalChapter, add_dev_dirs, gold_chapters, present
from evals.metric import BeadKey, Counts, count, line_accuracy, scores

GRIDS = {
    "default": {
        "skip_zh": (-0.2, -0.3),
        "skip_en": (-0.2, -0.3),
        "orphan": (0.0, 0.1, 0.2, 0.3),
        "para_bonus": (0.0, 0.2, 0.4),
        "para_cross": (0.0, 0.1, 0.2),
        "marks": (0.0, 0.1),
        "balance": (0.0, 0.1),
        "end_quote": (0.0, 0.1, 0.2),
        "clause": (0.0, 0.2, 0.4, 0.6),
    },
    "hybrid": {"weight": (0.5, 1.0, 1.5, 2.0, 3.0), "border": (0.0, 0.25, 0.5, 1.0)},
}
HYBRID_FIELDS = ("weight", "border")


class Case:
    """One chapter ready for the search: scorer, paragraphs, gold."""

    def __init__(self, dataset: str, chapter: EvalChapter, scorer: ChapterScorer | HybridScorer) -> None:
        self.dataset, self.chapter = dataset, chapter
        self.scorer = scorer
        self.paragraphs = paragraphs_of(chapter, "perturbed")
        self.gold: list[BeadKey] = chapter.gold or []
        self._corridor: tuple[tuple, Corridor] | None = None  # the last, by its settings and weights
        self._searched: tuple[tuple, Searched] | None = None  # the last, by its weights but the border rule's
        self._scored: dict[tuple[BeadKey, ...], tuple[Counts, int, int]] = {}  # by the beads found

    def result(self, params: SearchParams, weights: HybridWeights | None) -> tuple[Counts, int, int]:
        scorer = (
            self.scorer.with_weights(weights)
            if isinstance(self.scorer, HybridScorer) and weights
            else self.scorer
        )
        key = (
            params.top_k,
            params.band,
            params.band_fraction,
            params.window,
            params.max_size,
            params.one_to_many,
            weights,
        )
        if self._corridor is None or self._corridor[0] != key:  # (kept one at a time: they are large)
            anchors = find_anchors(scorer.n, scorer.m, scorer, params)
            self._corridor, self._searched = (
                (key, Corridor(scorer.n, scorer.m, scorer, anchors, params)),
                None,
            )
        corridor = self._corridor[1]
        search = (replace(params, clause=0.0), weights)  # the grid's clause weights share a search
        if self._searched is None or self._searched[0] != search:
            self._searched = search, corridor.search(params, self.paragraphs)
        beads = corridor.settled(self._searched[1], params)
        keys = tuple(bead.key for bead in beads)
        if keys not in self._scored:  # many grid points find the same beads
            self._scored[keys] = (count(keys, self.gold), *line_accuracy(keys, self.gold))
        return self._scored[keys]


def prepare(data_dir: Path, lexicon: Lexicon, cache: PooledCache | None) -> list[Case]:
    chapters = gold_chapters(data_dir)
    learned = align_book([(c.zh, c.en) for c in chapters], lexicon).learned
    refined = lexicon.with_learned(learned)
    cases = []
    for chapter in chapters:
        tokens = ChapterTokens.of(chapter.zh, chapter.en)
        scorer: ChapterScorer | HybridScorer = ChapterScorer(
            tokens, glosses(tokens, refined, by_parts=cache is None)
        )
        if cache is not None:
            margins = Margins.of(
                chapter.zh, chapter.en, cache, SearchParams(), paragraphs_of(chapter, "perturbed")
            )
            scorer = HybridScorer(scorer, margins, HybridWeights())
        cases.append(Case(data_dir.name, chapter, scorer))
    return cases


def summed(results: list[tuple[Counts, int, int]]) -> tuple[dict[str, float], float]:
    """Micro-averaged scores and line accuracy of summed results."""
    total, exact, lines = Counts(), 0, 0
    for counts, found, groups in results:
        total += counts
        exact, lines = exact + found, lines + groups
    return scores(total), exact / max(1, lines)


def objective(results: list[tuple[Counts, int, int]]) -> float:
    values, line_acc = summed(results)
    return (values["strict_f1"] + line_acc) / 2


Point = tuple[SearchParams, HybridWeights | None]


def grid(method: str) -> list[Point]:
    names = list(GRIDS[method])
    weights = HybridWeights() if method == "hybrid" else None
    points = []
    for values in itertools.product(*GRIDS[method].values()):
        chosen = dict(zip(names, values))
        search = {k: v for k, v in chosen.items() if k not in HYBRID_FIELDS}
        hybrid = {k: v for k, v in chosen.items() if k in HYBRID_FIELDS}
        points.append((replace(SearchParams(), **search), replace(weights, **hybrid) if weights else None))
    return points


def fit(cases: list[Case], table: dict[tuple[int, int], tuple[Counts, int, int]], points: int) -> int:
    """Index of the grid point with the best objective on ``cases`` (ties: the first)."""
    ids = [id(case) for case in cases]
    return max(range(points), key=lambda p: (objective([table[p, i] for i in ids]), -p))


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.crossval", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--method",
        choices=list(GRIDS),
        default="default",
        help="aligner whose weights are cross-validated (default: default)",
    )
    parser.add_argument(
        "--folds",
        type=positive,
        help="deal the chapters round-robin into K folds (default: one chapter per fold)",
    )
    add_dev_dirs(parser)
    args = parser.parse_args(argv)
    if args.folds == 1:
        parser.error("argument --folds: one fold leaves nothing to fit the weights on: give 2 or more")
    folders = present(args.data_dirs)
    if not folders:
        return 1 if folders is None else 0
    lexicon = Lexicon()
    try:
        cache = PooledCache(UsePooler()) if args.method == "hybrid" else None
        cases = [case for data_dir in folders for case in prepare(data_dir, lexicon, cache)]
        count = args.folds or max(2, len(cases))
        if len(cases) < count:
            raise DataError(
                f"{len(cases)} chapter(s) with gold in {', '.join(map(str, folders))}: {count}-fold"
                f" cross-validation needs at least {count}, one per fold"
            )
    except (DataError, MissingExtra) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    points = grid(args.method)
    table = {}
    for p, (params, weights) in enumerate(points):
        for case in cases:
            table[p, id(case)] = case.result(params, weights)
        print(f"\rgrid {p + 1}/{len(points)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    folds = [[case for k, case in enumerate(cases) if k % count == fold] for fold in range(count)]
    scheme = f"{count}-fold" if args.folds else f"one chapter per fold, {count} folds"
    held_out: dict[str, dict[int, list[tuple[Counts, int, int]]]] = {}
    for fold, test in enumerate(folds):
        best = fit([case for k, other in enumerate(folds) if k != fold for case in other], table, len(points))
        for case in test:
            held_out.setdefault(case.dataset, {}).setdefault(fold, []).append(table[best, id(case)])
    for dataset, by_fold in held_out.items():
        values, line_acc = summed([result for results in by_fold.values() for result in results])
        per_fold = [summed(results)[0]["strict_f1"] for results in by_fold.values()]
        print(
            f"{dataset:>16} cross-validated ({scheme}): strict F1 {values['strict_f1']:.3f}"
            f"  lax F1 {values['lax_f1']:.3f}  line acc {line_acc:.3f};  per fold strict F1 mean"
            f" {statistics.mean(per_fold):.3f} sd {statistics.pstdev(per_fold):.3f}"
            f" min {min(per_fold):.3f} max {max(per_fold):.3f}"
        )
    params, weights = points[fit(cases, table, len(points))]
    fitted = [
        f"{name}={getattr(weights if name in HYBRID_FIELDS else params, name)}" for name in GRIDS[args.method]
    ]
    print("fitted on all: " + ", ".join(fitted))
    return 0


if __name__ == "__main__":
    exit_with(main)
