"""Choose the hybrid's refinement variant by leave-one-book-out over chapters of different books.

    python -m evals.lobo [DATA_DIR ...]   (default: mac-dev and webfiction-dev in ../shared/eval-data)

Every chapter of these folders comes from another book, so each chapter is a fold. For each fold the
variant of ``VARIANTS`` with the best mean of strict F1 and line accuracy on all other chapters aligns
the held-out chapter. Printed per folder: the held-out results summed (micro strict/lax F1, line
accuracy) and the spread of the per-fold strict F1 (mean, standard deviation, min-max); then how often
each variant was chosen and the variant best on all chapters (``RefineParams``' defaults come from it).
The dictionary pass runs once per folder (paragraphs perturbed as in ``evals.align``); token
features are cached across variants, so only the refinement reruns.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from alignment.beads import Bead
from alignment.boundaries import RefineParams, refine
from alignment.book import align_book
from evals.crossval import objective, summed
from evals.data import DataError, EvalChapter, add_dev_dirs, load_chapters, perturb_starts, present
from alignment.hybrid import MissingExtra
from alignment.joined import PooledCache
from text.lexicon import Lexicon
from evals.metric import Counts, count, line_accuracy
from alignment.search import Paragraphs
from alignment.similarity import ChapterScorer, ChapterTokens, glosses

VARIANTS = [
    RefineParams(uncertain=uncertain, dictionary=dictionary)
    for uncertain in (0.05, 0.1, 0.2, 0.3, 0.5)
    for dictionary in (0.25, 0.5)
]
Result = tuple[Counts, int, int]


@dataclass
class Fold:
    """One chapter with its dictionary beads and scorer."""

    dataset: str
    chapter: EvalChapter
    paragraphs: Paragraphs
    beads: list[Bead]
    scorer: ChapterScorer

    def result(self, params: RefineParams, cache: PooledCache) -> Result:
        chapter = self.chapter
        beads = refine(chapter.zh, chapter.en, self.beads, self.scorer, cache, params, self.paragraphs)
        keys = [bead.key for bead in beads]
        return (count(keys, chapter.gold or []), *line_accuracy(keys, chapter.gold or []))


def prepare(data_dir: Path, lexicon: Lexicon) -> list[Fold]:
    chapters = [chapter for chapter in load_chapters(data_dir) if chapter.gold is not None]
    paragraphs = [Paragraphs(c.zh_starts, perturb_starts(c.en_starts, len(c.en))) for c in chapters]
    aligned = align_book([(c.zh, c.en) for c in chapters], lexicon, paragraphs=paragraphs)
    refined = lexicon.with_learned(aligned.learned)
    folds = []
    for chapter, chapter_paragraphs, beads in zip(chapters, paragraphs, aligned.chapters):
        if not isinstance(beads, list):
            continue  # a rejected chapter has no beads to refine
        tokens = ChapterTokens.of(chapter.zh, chapter.en)
        scorer = ChapterScorer(tokens, glosses(tokens, refined))
        folds.append(Fold(data_dir.name, chapter, chapter_paragraphs, beads, scorer))
    return folds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_dev_dirs(parser)
    args = parser.parse_args(argv)
    folders = present(args.data_dirs)
    if not folders:
        return 0
    try:
        from alignment.pooled import UsePooler

        cache = PooledCache(UsePooler())
        folds = [fold for data_dir in folders for fold in prepare(data_dir, Lexicon())]
    except (DataError, MissingExtra) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    table = {}
    for v, params in enumerate(VARIANTS):
        for k, fold in enumerate(folds):
            table[v, k] = fold.result(params, cache)
        print(f"\rvariant {v + 1}/{len(VARIANTS)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)

    def best(chapters: list[int]) -> int:
        return max(range(len(VARIANTS)), key=lambda v: (objective([table[v, k] for k in chapters]), -v))

    chosen = {k: best([other for other in range(len(folds)) if other != k]) for k in range(len(folds))}
    for dataset in dict.fromkeys(fold.dataset for fold in folds):
        mine = [k for k, fold in enumerate(folds) if fold.dataset == dataset]
        values, lines = summed([table[chosen[k], k] for k in mine])
        per_fold = [summed([table[chosen[k], k]])[0]["strict_f1"] for k in mine]
        spread = statistics.pstdev(per_fold)
        print(
            f"{dataset:>16} leave-one-book-out ({len(mine)} folds): strict F1 {values['strict_f1']:.3f}"
            f"  lax F1 {values['lax_f1']:.3f}  line acc {lines:.3f};  per fold strict F1 mean"
            f" {statistics.mean(per_fold):.3f} sd {spread:.3f} min {min(per_fold):.3f} max {max(per_fold):.3f}"
        )
    for v, times in Counter(chosen.values()).most_common():
        print(f"chosen in {times} folds: {_label(VARIANTS[v])}")
    print(f"best on all: {_label(VARIANTS[best(list(range(len(folds))))])}")
    print(f"sentences encoded: {cache.encoded}")
    return 0


def _label(params: RefineParams) -> str:
    return f"uncertain={params.uncertain}, dictionary={params.dictionary}"


if __name__ == "__main__":
    sys.exit(main())
