"""Chapter pairing precision and recall on real chapters whose numbering is disturbed on purpose.

Usage: ``python -m evals.pairing [--data DIR ...] [--pieces K] [--seed S]``.

Each real chapter of ``../shared/eval-data`` (mac-dev: sentences grouped by the gold beads;
webfiction-dev: paragraph lines) is cut into ``K`` consecutive pieces at bead or line boundaries, so
that neighbouring "chapters" share names and topics, as the chapters of one novel do. The pieces
form one book: zh chapter k is numbered k. The en side is then disturbed the ways real translations
are (numbers are always sequential on the en side, as translation sites number them):

* ``numbered``: nothing changed (pairing by number is right);
* ``prologue``: the first en chapter is an unnumbered prologue, every later number is one less;
* ``dropped``: one zh chapter is not translated (a skipped author's note; a site renumbering after a
  deletion);
* ``merged``: two zh chapters are one en chapter; ``split``: one zh chapter is two en chapters;
* ``mixed``: a prologue, a merge, a split and a drop at once.

Two harder scenarios are shown after each data set's ``all`` row (not counted in it):

* ``parts``: every fourth zh chapter, from the third, is posted as three en chapters, then two, in
  turn, each numbered as a chapter (the en numbers run further ahead at each split);
* ``drifting``: every sixth zh chapter, from the fourth, is dropped, then merged with the next, in
  turn (the en numbers fall further behind at each).

A pair is right when its zh and en chapter sets are exactly the gold ones. Precision = right pairs /
pairs made, recall = right pairs / gold pairs. The pairing by number alone is shown for reference.
The texts are read at run time only; they are never copied into the project.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from text.lexicon import Lexicon
from core.arg_types import OneLineParser, input_path, positive_up_to, whole
from core.stdio import exit_with
from evals.data import EVAL_DATA, DataError, not_a_folder, read_gold, read_lines, scored_names
from filters.chapter_filters import char_count, corpus_char_ratio
from filters.pairing import match_units
from text.sentences import split_sentences

DATASETS = ("mac-dev", "webfiction-dev")

Piece = tuple[list[str], list[str]]  # zh and en sentences of one piece
EnChapter = tuple[tuple[int, ...], int | None]  # the zh pieces it translates; which part of a split one
Pair = tuple[frozenset[int], frozenset[int]]


def _cut(n: int, pieces: int) -> list[range]:
    bounds = [round(k * n / pieces) for k in range(pieces + 1)]
    return [range(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def mac_pieces(folder: Path, pieces: int) -> list[Piece]:
    """Each chapter's gold beads cut into ``pieces`` runs: the zh and en sentences of each run (DataError for a
    chapter without gold among chapters with gold: ``scored_names``)."""
    out = []
    for name in scored_names(folder):
        gold = folder / "gold" / f"{name}.align"
        if not gold.is_file():  # no chapter has gold
            continue
        zh, en = read_lines(folder / "zh" / f"{name}.txt"), read_lines(folder / "en" / f"{name}.txt")
        beads = read_gold(gold, (len(zh), len(en)))
        for run in _cut(len(beads), pieces):
            out.append(([zh[i] for b in run for i in beads[b][0]], [en[j] for b in run for j in beads[b][1]]))
    return out


def webfiction_pieces(folder: Path, pieces: int) -> list[Piece]:
    """Each passage's parallel lines cut into ``pieces`` runs, split into sentences."""
    out = []
    for zh_file in sorted((folder / "lines").glob("*.zh")):
        zh, en = read_lines(zh_file), read_lines(zh_file.with_suffix(".en"))
        for run in _cut(len(zh), pieces):
            out.append(
                (
                    split_sentences([zh[i] for i in run if zh[i].strip()], "zh"),
                    split_sentences([en[i] for i in run if en[i].strip()], "en"),
                )
            )
    return out


LOADERS: dict[str, Callable[[Path, int], list[Piece]]] = {
    "mac-dev": mac_pieces,
    "webfiction-dev": webfiction_pieces,
}
MIN_PIECES = 6  # the mixed scenario's prologue, merge, split and drop, none on the first or last chapter


def scenario(name: str, n: int, rng: random.Random) -> tuple[list[EnChapter], bool]:
    """The en chapters of a disturbed translation of zh chapters 0..n-1, and whether it has a prologue."""
    while True:  # a merge, a split and a drop, on distinct chapters, none first or last
        merge, split, drop = rng.sample(range(1, n - 2), 3)
        if len({merge, merge + 1, split, drop}) == 4:
            break
    if name == "numbered" or name == "prologue":
        return [((k,), None) for k in range(n)], name == "prologue"
    if name == "dropped":
        return [((k,), None) for k in range(n) if k != drop], False
    if name == "merged":
        return [((k, k + 1), None) if k == merge else ((k,), None) for k in range(n) if k != merge + 1], False
    if name == "split":
        return [
            c for k in range(n) for c in ([((k,), 0), ((k,), 1)] if k == split else [((k,), None)])
        ], False
    if name == "mixed":
        chapters = []
        for k in range(n):
            if k == drop or k == merge + 1:
                continue
            chapters += (
                [((k,), 0), ((k,), 1)]
                if k == split
                else [((k, k + 1), None)]
                if k == merge
                else [((k,), None)]
            )
        return chapters, True
    if name == "parts":
        splits = list(range(2, n - 1, 4))
        return [
            c
            for k in range(n)
            for c in ([((k,), p) for p in range(3 - splits.index(k) % 2)] if k in splits else [((k,), None)])
        ], False
    if name == "drifting":
        chapters, k = [], 0
        while k < n:
            defect, merged = k % 6 == 3 and k < n - 2, k // 6 % 2 == 1  # dropped or merged, in turn
            if not defect or merged:
                chapters.append(((k, k + 1) if defect else (k,), None))
            k += 2 if defect and merged else 1
        return chapters, False
    raise ValueError(f"unknown scenario {name!r}")


SCENARIOS = ("numbered", "prologue", "dropped", "merged", "split", "mixed")
HARD = ("parts", "drifting")  # shown after the ``all`` row, not counted in it


def _en_sentences(pieces: list[Piece], chapter: EnChapter, parts: int) -> list[str]:
    """The en sentences of ``chapter``: its zh pieces' translation, or part of it when cut in ``parts``."""
    zh_ids, part = chapter
    sentences = [s for k in zh_ids for s in pieces[k][1]]
    if part is None:
        return sentences
    return sentences[len(sentences) * part // parts : len(sentences) * (part + 1) // parts]


def gold_pairs(chapters: list[EnChapter]) -> set[Pair]:
    en_of: dict[tuple[int, ...], list[int]] = {}
    for e, (zh_ids, _) in enumerate(chapters):
        en_of.setdefault(zh_ids, []).append(e)
    return {(frozenset(zh_ids), frozenset(ens)) for zh_ids, ens in en_of.items()}


def evaluate(
    pieces: list[Piece], name: str, lexicon: Lexicon, seed: int
) -> tuple[set[Pair], set[Pair], set[Pair]]:
    """Gold pairs, the pairs made, and the pairs by number alone, for one scenario."""
    chapters, prologue = scenario(name, len(pieces), random.Random(seed))
    zh = [p[0] for p in pieces]
    parts = Counter(zh_ids for zh_ids, _ in chapters)
    en = [_en_sentences(pieces, c, parts[c[0]]) for c in chapters]
    zh_numbers = list(range(1, len(zh) + 1))
    en_numbers = [None if prologue and e == 0 else e + 1 - prologue for e in range(len(en))]
    by_number = {
        (frozenset({i}), frozenset({e}))
        for i, a in enumerate(zh_numbers)
        for e, b in enumerate(en_numbers)
        if a == b
    }
    en_per_zh = corpus_char_ratio(
        (char_count(zh[next(iter(z))]), char_count(en[next(iter(e))])) for z, e in by_number
    )
    matches = match_units(zh, en, zh_numbers, en_numbers, lexicon, en_per_zh)
    made = {(frozenset(m.zh), frozenset(m.en)) for m in matches}
    return gold_pairs(chapters), made, by_number


def _pr(gold: set[Pair], made: set[Pair]) -> tuple[float, float]:
    right = len(gold & made)
    return right / len(made) if made else 1.0, right / len(gold) if gold else 1.0


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.pairing", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", nargs="*", choices=DATASETS, default=list(DATASETS), help="data sets under --eval-dir"
    )
    parser.add_argument(
        "--eval-dir",
        type=input_path,
        default=EVAL_DATA,
        help="where the data sets live (default ../shared/eval-data)",
    )
    parser.add_argument(
        "--pieces",
        type=positive_up_to(10_000, "more pieces than a chapter has beads are empty"),
        default=3,
        help="pieces each real chapter is cut into",
    )
    parser.add_argument(
        "--seed", type=whole, default=0, help="random seed of the cuts and renumberings (default 0)"
    )
    args = parser.parse_args(argv)
    if not_a_folder(args.eval_dir):
        return 1
    lexicon = None
    print(f"{'data':<16}{'scenario':<10}{'chapters zh/en':>15}{'P':>7}{'R':>7}{'by number P/R':>15}  wrong")
    for data in args.data:
        folder = args.eval_dir / data
        if not_a_folder(folder):
            return 1
        if not folder.is_dir():
            print(f"skipped: {folder} not found")
            continue
        lexicon = lexicon or Lexicon()
        try:
            pieces = LOADERS[data](folder, args.pieces)
        except (DataError, OSError) as err:  # unreadable, not UTF-8, malformed or missing files
            print(f"error: {err}", file=sys.stderr)
            return 1
        if len(pieces) < MIN_PIECES:
            print(
                f"error: {folder}: {len(pieces)} pieces, the scenarios need at least {MIN_PIECES}"
                " (more chapters or a larger --pieces)",
                file=sys.stderr,
            )
            return 1
        totals: dict[str, set[tuple[str, Pair]]] = {"gold": set(), "made": set(), "by_number": set()}
        for name in (*SCENARIOS, *HARD):
            if name == HARD[0]:
                _print_all(data, totals)
            gold, made, by_number = evaluate(pieces, name, lexicon, args.seed)
            for key, pairs in (("gold", gold), ("made", made), ("by_number", by_number)):
                totals[key] |= {(name, pair) for pair in pairs}
            p, r = _pr(gold, made)
            bp, br = _pr(gold, by_number)
            n_en = sum(len(e) for _, e in gold)
            wrong = sorted((sorted(z), sorted(e)) for z, e in made - gold)
            print(
                f"{data:<16}{name:<10}{len(pieces):>8}/{n_en:<6}{p:>7.3f}{r:>7.3f}{bp:>8.3f}/{br:.3f}  {wrong or ''}"
            )
    return 0


def _print_all(data: str, totals: dict[str, set[tuple[str, Pair]]]) -> None:
    """The ``all`` row of one data set: its scenarios' pairs together."""
    (p, r), (bp, br) = _pr(totals["gold"], totals["made"]), _pr(totals["gold"], totals["by_number"])
    print(
        f"{data:<16}{'all':<10}{'':>15}{p:>7.3f}{r:>7.3f}{bp:>8.3f}/{br:.3f}  ({len(totals['gold'])} gold pairs)"
    )


if __name__ == "__main__":
    exit_with(main)
