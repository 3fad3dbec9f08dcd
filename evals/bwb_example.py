"""The BWB paper's example chapter aligned by the default aligner: gold beads reproduced exactly.

    python -m evals.bwb_example [DATA_DIR]     (default ../shared/eval-data/bwb-example)

DATA_DIR holds ``0.chs_re.txt`` (one Chinese line per line) and ``0.ref_re.txt`` (its English, line i
translating line i; split here with the project's splitter), so gold bead i is Chinese line i with the
sentences of English line i: 1-n beads. A dev chapter: the aligner was tuned while looking at it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from alignment.book import align_book
from text.lexicon import Lexicon
from core.arg_types import OneLineParser, input_path
from core.rejection import Rejection
from core.stdio import exit_with
from evals.data import EVAL_DATA, DataError, not_a_folder, read_lines
from evals.metric import BeadKey
from text.sentences import split_en

DEFAULT = EVAL_DATA / "bwb-example"


def load(data_dir: Path) -> tuple[list[str], list[str], list[BeadKey]]:
    """Chinese lines, English sentences and the gold beads (one per line) of the example; DataError when
    the two files differ in line count (line i translates line i) or hold no text."""
    zh_path, en_path = data_dir / "0.chs_re.txt", data_dir / "0.ref_re.txt"
    zh, en_lines = read_lines(zh_path), read_lines(en_path)
    if len(zh) != len(en_lines):
        raise DataError(f"{zh_path}: {len(zh)} lines but {en_path.name} has {len(en_lines)}")
    if not any(line.strip() for line in zh + en_lines):
        raise DataError(f"{zh_path}: an empty example (no text in it or {en_path.name})")
    en: list[str] = []
    gold: list[BeadKey] = []
    for i, line in enumerate(en_lines):
        sentences = split_en(line)
        gold.append(((i,), tuple(range(len(en), len(en) + len(sentences)))))
        en += sentences
    return zh, en, gold


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.bwb_example", description=__doc__.splitlines()[0])
    parser.add_argument(
        "data_dir",
        nargs="?",
        type=input_path,
        default=DEFAULT,
        help="the example (default ../shared/eval-data/bwb-example)",
    )
    args = parser.parse_args(argv)
    if not_a_folder(args.data_dir):
        return 1
    if not (args.data_dir / "0.chs_re.txt").is_file():
        print(f"skipped: no data at {args.data_dir}")
        return 0
    try:
        zh, en, gold = load(args.data_dir)
    except (DataError, OSError) as err:  # not UTF-8, or the English file missing
        print(f"error: {err}", file=sys.stderr)
        return 1
    beads = align_book([(zh, en)], Lexicon()).chapters[0]
    keys = set() if isinstance(beads, Rejection) else {bead.key for bead in beads}
    exact = sum(bead in keys for bead in gold)
    print(
        f"{args.data_dir.name}: {exact}/{len(gold)} gold beads exact ({len(zh)} zh lines, {len(en)} en sentences)"
    )
    return 0


if __name__ == "__main__":
    exit_with(main)
