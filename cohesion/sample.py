"""CLI: ``python -m cohesion.sample CANDIDATES_DIR [--per 20] [--seed 0] [--phenomenon P]``.

Prints the counts per phenomenon x adjacency (intra, adjacent, non-adjacent) of the CANDIDATES parquet files in the directory, then
a seeded random sample of candidates per phenomenon (all of them where there are fewer) for a
precision judgement: each with its two sentences, element 1 marked ``[[...]]`` and element 2
``<<...>>`` (conjunction's empty element 1 is the whole earlier sentence). The same directory, seed
and ``--per`` always give the same sample.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

from cohesion.candidate import ADJACENCY
from core.stdio import exit_with
from core.arg_types import OneLineParser, input_path, positive, whole
from cohesion.stage import PHENOMENA
from core.files import folder_entries, os_problem
from core.storage import DamagedFile, read_many


def load(directory: Path) -> list[dict]:
    """The CANDIDATES rows of ``directory``'s Parquet files; DamagedFile when there is none or one is not
    a CANDIDATES file, or the folder cannot be read (which ``Path.glob`` took for one holding none)."""
    try:
        paths = [p for p in folder_entries(directory) if p.name.endswith(".parquet")]
    except (FileNotFoundError, NotADirectoryError):
        paths = []
    except OSError as err:
        raise DamagedFile(directory, f"cannot be read ({os_problem(err)})") from None
    if not paths:
        raise DamagedFile(directory, "not a folder of CANDIDATES *.parquet files")
    return sorted(read_many(paths, "candidates").to_pylist(), key=lambda r: r["candidate_id"])


def sample(rows: list[dict], phenomenon: str, per: int, seed: int) -> list[dict]:
    pool = [r for r in rows if r["phenomenon"] == phenomenon]
    return sorted(random.Random(f"{seed}/{phenomenon}").sample(pool, min(per, len(pool))), key=_order)


def mark(text: str, start: int, end: int, left: str, right: str) -> str:
    return f"{text[:start]}{left}{text[start:end]}{right}{text[end:]}"


def show(r: dict) -> str:
    where = r["adjacency"].replace("_", "-")
    head = f"{r['candidate_id']}  {r['subtype']}  {where} d={r['distance']}  trigger={r['trigger']}"
    b = mark(r["sentence_b"], r["b_start"], r["b_end"], "<<", ">>")
    if r["distance"] == 0:
        b = _mark_both(r["sentence_b"], r)
        return f"{head}\n  S{r['sent_b']}: {b}"
    a = (
        mark(r["sentence_a"], r["a_start"], r["a_end"], "[[", "]]")
        if r["a_end"] > r["a_start"]
        else r["sentence_a"]
    )
    return f"{head}\n  S{r['sent_a']}: {a}\n  S{r['sent_b']}: {b}"


def _mark_both(text: str, r: dict) -> str:
    """Both spans in one sentence (element 1 comes first)."""
    inner = mark(text, r["b_start"], r["b_end"], "<<", ">>")
    return mark(inner, r["a_start"], r["a_end"], "[[", "]]")


def _order(r: dict) -> tuple:
    chapter, _, n = r["candidate_id"].rpartition("/c")
    book, _, number = chapter.rpartition("/")
    return book, int(number) if number.isdigit() else number, int(n)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m cohesion.sample", description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=input_path, help="directory holding the CANDIDATES *.parquet files")
    parser.add_argument("--per", type=positive, default=20, help="candidates per phenomenon (default 20)")
    parser.add_argument("--seed", type=whole, default=0, help="random seed (default 0)")
    parser.add_argument("--phenomenon", choices=PHENOMENA, action="append", help="only these (repeatable)")
    args = parser.parse_args(argv)
    try:
        rows = load(args.directory)
    except DamagedFile as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    counts = Counter((r["phenomenon"], r["adjacency"]) for r in rows)
    print(f"{'phenomenon':<14}" + "".join(f"{a.replace('non_adjacent', 'non-adj'):>10}" for a in ADJACENCY))
    for p in PHENOMENA:
        print(f"{p:<14}" + "".join(f"{counts[p, a]:>10}" for a in ADJACENCY))
    for p in args.phenomenon or PHENOMENA:
        picked = sample(rows, p, args.per, args.seed)
        print(f"\n=== {p}: {len(picked)} of {sum(counts[p, a] for a in ADJACENCY)} ===")
        for n, r in enumerate(picked, 1):
            print(f"{n:>2}. {show(r)}")
    return 0


if __name__ == "__main__":
    exit_with(main)
