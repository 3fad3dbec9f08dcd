"""Strict/lax F1 on the demo books before and after book-level lexicon refinement.

    python -m evals.demo_align [SOURCE_DIR]     (default demo/source)

Gold comes from the bead files demo/source/<book>/chNN.txt (format in demo/source/FORMAT.md, read by
``crawlers.demo.source``; a malformed line is a one-line error naming the file and line): each
``zh:``/``en:`` bead side is split into sentences with the project's sentence splitter; the blank-line
paragraphs are given to the aligner as the sites show them. Also prints line accuracy (gold beads
recovered exactly by a run of beads) and the one-sided beads produced against those in the gold.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from alignment.book import align_book
from text.lexicon import Lexicon
from alignment.search import Paragraphs
from core.arg_types import OneLineParser, input_path
from core.files import os_problem
from core.paths import REPO_ROOT
from core.rejection import Rejection
from core.stdio import exit_with
from crawlers.demo.source import SourceError, parse_chapter
from evals.data import DataError
from evals.metric import BeadKey, Counts, count, line_accuracy, scores
from text.sentences import split_en, split_zh

SOURCE_DIR = REPO_ROOT / "demo" / "source"


def read_bead_file(path: Path) -> tuple[list[str], list[str], list[BeadKey], Paragraphs]:
    """zh sentences, en sentences, gold beads and paragraph starts of one demo chapter file; SourceError
    naming the file and line when it is malformed."""
    zh: list[str] = []
    en: list[str] = []
    gold: list[BeadKey] = []
    starts: tuple[set[int], set[int]] = (set(), set())
    for paragraph in parse_chapter(path).paragraphs:
        starts[0].add(len(zh))
        starts[1].add(len(en))
        for bead in paragraph:
            chinese, english = split_zh(bead.zh), split_en(bead.en) if bead.en else []
            gold.append(
                (tuple(range(len(zh), len(zh) + len(chinese))), tuple(range(len(en), len(en) + len(english))))
            )
            zh += chinese
            en += english
    return zh, en, gold, Paragraphs(frozenset(starts[0]), frozenset(starts[1]))


@dataclass
class Tally:
    counts: Counts = field(default_factory=Counts)
    lines: list[int] = field(default_factory=lambda: [0, 0])  # exact, gold
    one_sided: list[int] = field(default_factory=lambda: [0, 0, 0])  # produced, gold, exact

    def add(self, keys: list[BeadKey], gold: list[BeadKey]) -> None:
        self.counts += count(keys, gold)
        exact, groups = line_accuracy(keys, gold)
        self.lines = [self.lines[0] + exact, self.lines[1] + groups]
        ours = [key for key in keys if bool(key[0]) != bool(key[1])]
        theirs = [key for key in gold if bool(key[0]) != bool(key[1])]
        found = len(set(ours) & set(theirs))
        self.one_sided = [a + b for a, b in zip(self.one_sided, (len(ours), len(theirs), found))]

    def __iadd__(self, other: Tally) -> Tally:
        self.counts += other.counts
        self.lines = [a + b for a, b in zip(self.lines, other.lines)]
        self.one_sided = [a + b for a, b in zip(self.one_sided, other.one_sided)]
        return self


def evaluate_book(book: Path, lexicon: Lexicon) -> dict[bool, Tally]:
    chapters = [read_bead_file(path) for path in sorted(book.glob("ch*.txt"))]
    result = {}
    for refine in (False, True):
        aligned = align_book(
            [(zh, en) for zh, en, _, _ in chapters],
            lexicon,
            refine=refine,
            paragraphs=[c[3] for c in chapters],
        )
        result[refine] = Tally()
        for beads, (_, _, gold, _) in zip(aligned.chapters, chapters):
            result[refine].add([] if isinstance(beads, Rejection) else [b.key for b in beads], gold)
    return result


def _summary(label: str, before: Tally, after: Tally) -> str:
    old, new = scores(before.counts), scores(after.counts)
    produced, gold, exact = after.one_sided
    return (
        f"{label:>14}  strict F1 {old['strict_f1']:.3f} -> {new['strict_f1']:.3f}"
        f"  lax F1 {old['lax_f1']:.3f} -> {new['lax_f1']:.3f}"
        f"  line acc {after.lines[0] / max(1, after.lines[1]):.3f}"
        f"  one-sided beads {produced} (gold {gold}, exact {exact})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.demo_align", description=__doc__.splitlines()[0])
    parser.add_argument(
        "source_dir",
        type=input_path,
        nargs="?",
        default=SOURCE_DIR,
        help="the demo's source books (default: demo/source)",
    )
    args = parser.parse_args(argv)
    try:
        books = sorted(path for path in args.source_dir.iterdir() if any(path.glob("ch*.txt")))
        if not books:
            raise DataError(f"{args.source_dir}: no book (expected BOOK/chNN.txt bead files)")
        lexicon = Lexicon()
        totals = {False: Tally(), True: Tally()}
        for book in books:
            tallies = evaluate_book(book, lexicon)
            if not tallies[False].lines[1]:
                raise DataError(f"{book}: no zh:/en: bead in its chapters")
            for refine, value in tallies.items():
                totals[refine] += value
            print(_summary(book.name, tallies[False], tallies[True]))
    except BrokenPipeError:
        raise  # a reader that quit early (| head): exit_with ends quietly
    except (DataError, SourceError) as err:  # a malformed chapter, no beads
        print(f"error: {err}", file=sys.stderr)
        return 1
    except OSError as err:  # not a folder: "PATH: Not a directory", not "[Errno 20] Not a directory: 'PATH'"
        print(f"error: {err.filename}: {os_problem(err)}", file=sys.stderr)
        return 1
    print(_summary("all", totals[False], totals[True]))
    return 0


if __name__ == "__main__":
    exit_with(main)
