"""Strict/lax F1 on the demo books before and after book-level lexicon refinement.

    python -m alignment.demo_eval [SOURCE_DIR]     (default demo/source)

Gold comes from the bead files demo/source/<book>/chNN.txt (format in demo/source/FORMAT.md): each
``zh:``/``en:`` bead side is split into sentences with the project's sentence splitter.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from alignment.book import align_book
from alignment.chapter import Rejection
from alignment.lexicon import Lexicon
from alignment.metric import BeadKey, Counts, count, scores
from filters.sentences import split_en, split_zh

SOURCE_DIR = Path(__file__).resolve().parent.parent / "demo" / "source"


def read_bead_file(path: Path) -> tuple[list[str], list[str], list[BeadKey]]:
    """zh sentences, en sentences and gold beads of one demo chapter file."""
    zh: list[str] = []
    en: list[str] = []
    gold: list[BeadKey] = []
    pending: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("zh:"):
            pending = split_zh(line[3:])
        elif line.startswith("en:") and pending is not None:
            english = split_en(line[3:]) if line[3:].strip() else []
            gold.append(
                (tuple(range(len(zh), len(zh) + len(pending))), tuple(range(len(en), len(en) + len(english))))
            )
            zh += pending
            en += english
            pending = None
    return zh, en, gold


def evaluate_book(book: Path, lexicon: Lexicon) -> dict[bool, Counts]:
    chapters = [read_bead_file(path) for path in sorted(book.glob("ch*.txt"))]
    result = {}
    for refine in (False, True):
        aligned = align_book([(zh, en) for zh, en, _ in chapters], lexicon, refine=refine)
        result[refine] = Counts()
        for beads, (_, _, gold) in zip(aligned.chapters, chapters):
            result[refine] += count([] if isinstance(beads, Rejection) else [b.key for b in beads], gold)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source_dir", type=Path, nargs="?", default=SOURCE_DIR)
    args = parser.parse_args(argv)
    lexicon = Lexicon()
    totals = {False: Counts(), True: Counts()}
    for book in sorted(path for path in args.source_dir.iterdir() if any(path.glob("ch*.txt"))):
        counts = evaluate_book(book, lexicon)
        for refine, value in counts.items():
            totals[refine] += value
        before, after = scores(counts[False]), scores(counts[True])
        print(
            f"{book.name:>14}  strict F1 {before['strict_f1']:.3f} -> {after['strict_f1']:.3f}"
            f"  lax F1 {before['lax_f1']:.3f} -> {after['lax_f1']:.3f}"
        )
    before, after = scores(totals[False]), scores(totals[True])
    print(
        f"{'all':>14}  strict F1 {before['strict_f1']:.3f} -> {after['strict_f1']:.3f}"
        f"  lax F1 {before['lax_f1']:.3f} -> {after['lax_f1']:.3f}"
    )


if __name__ == "__main__":
    main()
