"""How many beads of a reference system's output (e.g. the original Bleualign) an output reproduces.

python -m evals.compare OUT_DIR REFERENCE_DIR
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from core.arg_types import OneLineParser, input_path
from core.stdio import exit_with
from evals.data import DataError, read_gold
from evals.metric import BeadKey


def agreement(ours: Iterable[BeadKey], reference: Iterable[BeadKey]) -> tuple[int, int]:
    """(reference beads also in ours, reference beads); beads compared by their indices only, a reference
    bead listed twice counted once."""
    keys = set(ours)
    reference_keys = list(dict.fromkeys(reference))
    return sum(key in keys for key in reference_keys), len(reference_keys)


def compare_dirs(ours: Path, reference: Path) -> tuple[int, int]:
    """(reference beads reproduced, reference beads) over every reference file; DataError when there is
    none, or one is malformed or holds no bead (its chapter was left out: one empty file of six gave
    937/937, 1.000, status 0; all of them 0/0), OSError when ours lacks one."""
    paths = sorted(reference.glob("*.align"))
    if not paths:
        raise DataError(f"{reference}: no *.align beads")
    shared = total = 0
    for path in paths:
        if not (beads := read_gold(path)):
            raise DataError(
                f"{path}: no bead (an empty file): the reference's output of this chapter is missing"
            )
        same, count = agreement(read_gold(ours / path.name), beads)
        shared, total = shared + same, total + count
    return shared, total


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.compare", description=__doc__.splitlines()[0])
    parser.add_argument("ours", type=input_path, help="folder of our beads (evals.align --out)")
    parser.add_argument(
        "reference", type=input_path, help="folder of the reference beads (e.g. bleualign-upstream)"
    )
    args = parser.parse_args(argv)
    try:
        shared, total = compare_dirs(args.ours, args.reference)
    except (DataError, OSError) as err:  # unreadable, not UTF-8, malformed or missing files
        print(f"error: {err}", file=sys.stderr)
        return 1
    print(f"agreement: {shared}/{total} reference beads reproduced ({shared / max(1, total):.3f})")
    return 0


if __name__ == "__main__":
    exit_with(main)
