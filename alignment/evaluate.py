"""Align a directory of chapter pairs and score the beads against gold.

    python -m alignment.evaluate DATA_DIR [--method default|bleualign|galechurch]
        [--translation-suffix .trans.txt] [--out OUT_DIR]

DATA_DIR/zh/NNN.txt and DATA_DIR/en/NNN.txt hold one sentence per line; DATA_DIR/gold/NNN.align (optional)
the gold beads; bleualign reads the MT of the source from DATA_DIR/zh/NNN<suffix>. With gold, prints strict
and lax precision/recall/F1 micro-averaged over all beads; for bleualign with DATA_DIR/bleualign-upstream/,
also how many of the original Bleualign's beads are reproduced.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from alignment.beads import Bead, read_beads, write_beads
from alignment.bleualign import bleualign
from alignment.book import align_book
from alignment.chapter import Rejection
from alignment.compare import agreement
from alignment.galechurch import gale_church
from alignment.metric import Counts, count, scores
from alignment.similarity import char_count
from alignment.translator import FileTranslator

METHODS = ("default", "bleualign", "galechurch")


def read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def chapter_names(data_dir: Path) -> list[str]:
    """NNN of every DATA_DIR/zh/NNN.txt (translations such as NNN.trans.txt excluded)."""
    return sorted(path.stem for path in (data_dir / "zh").glob("*.txt") if "." not in path.stem)


def align_dir(data_dir: Path, method: str, suffix: str) -> dict[str, list[Bead] | Rejection]:
    names = chapter_names(data_dir)
    texts = [
        (read_lines(data_dir / "zh" / f"{n}.txt"), read_lines(data_dir / "en" / f"{n}.txt")) for n in names
    ]
    if method == "default":
        return dict(zip(names, align_book(texts).chapters))
    if method == "bleualign":
        translator = FileTranslator(data_dir / "zh", suffix)
        return {n: bleualign(translator.translate(n, zh), en) for n, (zh, en) in zip(names, texts)}
    results: dict[str, list[Bead] | Rejection] = {}
    for name, (zh, en) in zip(names, texts):
        zh_lens, en_lens = [char_count(s) for s in zh], [char_count(s) for s in en]
        results[name] = gale_church(zh_lens, en_lens, sum(en_lens) / max(1, sum(zh_lens)))
    return results


def _line(label: str, values: dict[str, float]) -> str:
    return (
        f"{label:>8}  strict P {values['strict_p']:.3f} R {values['strict_r']:.3f} F1 {values['strict_f1']:.3f}"
        f"  lax P {values['lax_p']:.3f} R {values['lax_r']:.3f} F1 {values['lax_f1']:.3f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--method", choices=METHODS, default="default")
    parser.add_argument("--translation-suffix", default=".trans.txt")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    results = align_dir(args.data_dir, args.method, args.translation_suffix)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    total = Counts()
    shared = reference_total = 0
    for name, result in results.items():
        if isinstance(result, Rejection):
            print(f"{name:>8}  rejected: {result.reason} ({result.detail})", file=sys.stderr)
            result = []
        if args.out:
            write_beads(args.out / f"{name}.align", result)
        gold = args.data_dir / "gold" / f"{name}.align"
        if gold.is_file():
            counts = count([bead.key for bead in result], [bead.key for bead in read_beads(gold)])
            total += counts
            print(_line(name, scores(counts)))
        upstream = args.data_dir / "bleualign-upstream" / f"{name}.align"
        if args.method == "bleualign" and upstream.is_file():
            same, size = agreement(result, read_beads(upstream))
            shared, reference_total = shared + same, reference_total + size
    if total.gold:
        print(_line("all", scores(total)))
    if reference_total:
        print(
            f"agreement with bleualign-upstream: {shared}/{reference_total} beads ({shared / reference_total:.3f})"
        )


if __name__ == "__main__":
    main()
