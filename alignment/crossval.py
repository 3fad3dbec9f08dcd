"""Fit the search weights (one-sided bead costs, paragraph bonus and crossing cost) by k-fold across chapters.

    python -m alignment.crossval [DATA_DIR ...]   (default: mac-dev and webfiction-dev in ../shared/eval-data)

Chapters of all folders are dealt round-robin into K folds. For each fold the grid point with the best
mean of strict F1 and line accuracy on the other folds aligns the held-out fold; the held-out results,
summed, are the cross-validated figures. Finally the grid point fitted on all chapters is printed (the
defaults of ``SearchParams`` come from it). Paragraphs are perturbed as in ``alignment.evaluate``.
Scorers are built once per chapter (with the book's refinement under the current defaults), so only the
search reruns per grid point.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import replace
from pathlib import Path

from alignment.book import align_book
from alignment.eval_data import DataError, EvalChapter, load_chapters, perturb_starts
from alignment.lexicon import Lexicon
from alignment.metric import BeadKey, Counts, count, line_accuracy, scores
from alignment.search import Paragraphs, SearchParams, two_pass
from alignment.similarity import ChapterScorer, ChapterTokens, glosses

EVAL_DATA = Path(__file__).resolve().parents[2] / "shared" / "eval-data"
DEFAULT_DIRS = (EVAL_DATA / "mac-dev", EVAL_DATA / "webfiction-dev")
FOLDS = 4
GRID = {
    "skip_zh": (-0.2, -0.3),
    "skip_en": (-0.2, -0.3),
    "orphan": (0.0, 0.1, 0.2, 0.3),
    "para_bonus": (0.0, 0.2, 0.4),
    "para_cross": (0.0, 0.1, 0.2),
}


class Case:
    """One chapter ready for the search: scorer, paragraphs, gold."""

    def __init__(self, dataset: str, chapter: EvalChapter, scorer: ChapterScorer) -> None:
        self.dataset, self.chapter, self.scorer = dataset, chapter, scorer
        self.paragraphs = Paragraphs(chapter.zh_starts, perturb_starts(chapter.en_starts, len(chapter.en)))
        self.gold: list[BeadKey] = chapter.gold or []

    def result(self, params: SearchParams) -> tuple[Counts, int, int]:
        beads = two_pass(self.scorer.n, self.scorer.m, self.scorer, params, self.paragraphs)
        keys = [bead.key for bead in beads]
        return (count(keys, self.gold), *line_accuracy(keys, self.gold))


def prepare(data_dir: Path, lexicon: Lexicon) -> list[Case]:
    chapters = [chapter for chapter in load_chapters(data_dir) if chapter.gold is not None]
    learned = align_book([(c.zh, c.en) for c in chapters], lexicon).learned
    refined = lexicon.with_learned(learned)
    cases = []
    for chapter in chapters:
        tokens = ChapterTokens.of(chapter.zh, chapter.en)
        cases.append(Case(data_dir.name, chapter, ChapterScorer(tokens, glosses(tokens, refined))))
    return cases


def objective(results: list[tuple[Counts, int, int]]) -> float:
    total, exact, lines = Counts(), 0, 0
    for counts, found, groups in results:
        total += counts
        exact, lines = exact + found, lines + groups
    return (scores(total)["strict_f1"] + exact / max(1, lines)) / 2


def grid() -> list[SearchParams]:
    names = list(GRID)
    return [
        replace(SearchParams(), **dict(zip(names, values))) for values in itertools.product(*GRID.values())
    ]


def fit(cases: list[Case], table: dict[tuple[int, int], tuple[Counts, int, int]], points: int) -> int:
    """Index of the grid point with the best objective on ``cases`` (ties: the first)."""
    ids = [id(case) for case in cases]
    return max(range(points), key=lambda p: (objective([table[p, i] for i in ids]), -p))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dirs", type=Path, nargs="*", default=list(DEFAULT_DIRS))
    args = parser.parse_args(argv)
    present = [d for d in args.data_dirs if d.exists()]
    for missing in set(args.data_dirs) - set(present):
        print(f"skipped: no data at {missing}")
    if not present:
        return 0
    lexicon = Lexicon()
    try:
        cases = [case for data_dir in present for case in prepare(data_dir, lexicon)]
    except DataError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    points = grid()
    table = {}
    for p, params in enumerate(points):
        for case in cases:
            table[p, id(case)] = case.result(params)
        print(f"\rgrid {p + 1}/{len(points)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    folds = [[case for k, case in enumerate(cases) if k % FOLDS == fold] for fold in range(FOLDS)]
    held_out: dict[str, list[tuple[Counts, int, int]]] = {}
    for fold, test in enumerate(folds):
        best = fit([case for k, other in enumerate(folds) if k != fold for case in other], table, len(points))
        for case in test:
            held_out.setdefault(case.dataset, []).append(table[best, id(case)])
    for dataset, results in held_out.items():
        total, exact, lines = Counts(), 0, 0
        for counts, found, groups in results:
            total += counts
            exact, lines = exact + found, lines + groups
        values = scores(total)
        print(
            f"{dataset:>16} cross-validated ({FOLDS}-fold): strict F1 {values['strict_f1']:.3f}"
            f"  lax F1 {values['lax_f1']:.3f}  line acc {exact / max(1, lines):.3f}"
        )
    chosen = points[fit(cases, table, len(points))]
    print("fitted on all: " + ", ".join(f"{name}={getattr(chosen, name)}" for name in GRID))
    return 0


if __name__ == "__main__":
    sys.exit(main())
