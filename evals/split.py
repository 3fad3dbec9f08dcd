"""Boundary precision/recall/F1 of the sentence splitters against a gold split.

Usage: ``python -m evals.split [DATA_DIR]``. DATA_DIR holds ``zh-para/``, ``en-para/``
(input, one paragraph per line) and ``zh/``, ``en/`` (gold, one sentence per line), one file per
chapter. Boundaries are character offsets in the text with all whitespace removed. The texts are
read at run time only; they are never copied into the project.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

from core.arg_types import OneLineParser, input_path
from core.stdio import exit_with
from evals.data import EVAL_DATA, DataError, chapter_names, not_a_folder, read_lines
from text.sentences import split_sentences

DEFAULT_DATA = EVAL_DATA / "mac-dev"
_WS = re.compile(r"\s+")


@dataclass
class Score:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, gold: set[int], pred: set[int]) -> None:
        self.tp += len(gold & pred)
        self.fp += len(pred - gold)
        self.fn += len(gold - pred)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def boundaries(sentences: list[str]) -> set[int]:
    """Offsets (whitespace ignored) where one sentence ends and the next begins."""
    offsets, pos = set(), 0
    for sentence in sentences[:-1]:
        pos += len(_WS.sub("", sentence))
        offsets.add(pos)
    return offsets


def _lines(path: Path) -> list[str]:
    return [line for line in read_lines(path) if line.strip()]


def evaluate(data_dir: Path, lang: str) -> Score:
    """Score the splitter on every chapter of ``data_dir`` for ``lang``."""
    score = Score()
    for name in chapter_names(data_dir, lang):  # not zh/NNN.trans.txt, a machine translation
        gold_file = data_dir / lang / f"{name}.txt"
        predicted = split_sentences(_lines(data_dir / f"{lang}-para" / gold_file.name), lang)
        gold = _lines(gold_file)
        if _WS.sub("", "".join(gold)) != _WS.sub("", "".join(predicted)):
            raise DataError(f"{gold_file}: gold and paragraph text differ beyond whitespace")
        score.add(boundaries(gold), boundaries(predicted))
    return score


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.split", description=__doc__.splitlines()[0])
    parser.add_argument(
        "data_dir",
        nargs="?",
        type=input_path,
        default=DEFAULT_DATA,
        help="evaluation folder with gold sentences (default ../shared/eval-data/mac-dev)",
    )
    args = parser.parse_args(argv)
    if not_a_folder(args.data_dir):  # a file or a link loop was "not found" too, and status 0
        return 1
    if not args.data_dir.exists():
        print(f"skipped: {args.data_dir} not found")
        return 0
    try:
        scores = {lang: evaluate(args.data_dir, lang) for lang in ("zh", "en")}
    except (DataError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if not any(s.tp + s.fn + s.fp for s in scores.values()):
        print(
            f"error: {args.data_dir}: no gold sentences (expected zh/ and en/ with zh-para/ and en-para/)",
            file=sys.stderr,
        )
        return 1
    print(f"{'lang':<5}{'P':>8}{'R':>8}{'F1':>8}{'gold':>7}")
    for lang, s in scores.items():
        print(f"{lang:<5}{s.precision:>8.4f}{s.recall:>8.4f}{s.f1:>8.4f}{s.tp + s.fn:>7}")
    return 0


if __name__ == "__main__":
    exit_with(main)
