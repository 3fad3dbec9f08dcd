"""Cost per word and per sentence pair of clean, align and mine on real chapters and on synthetic ones.

Usage: ``python -m bench.bench_shape [--chapters 50] [--sets NAME,...]`` (or ``python -m bench shape``): chapters
per data set, and which data sets (default all).

The scale bench (``bench.bench_scale``) extrapolates these stages per word from synthetic chapters,
which holds if their cost follows words, or if the synthetic sentences are as long as real ones. Here
each data set is one book: the chapters of webfiction-dev and mac-dev (``evals.data``) and the BWB
paper's example chapter (``evals.bwb_example``), read at run time and written as raw chapters ("第N章" /
"Chapter N", their paragraphs; a folder that is absent is skipped), and the synthetic book in three
shapes (``bench.synthetic``: the default, some sentences joined; as the demo wrote them, ``p_join``
0; every joinable sentence joined, ``p_join`` 1). Every stage runs on it in its own process after its
preload, as the scale bench runs it; clean, align and mine run twice on the same book in that
process: "cold" (look-up caches filled on this text, as a book's task fills them) and "warm" (the same
text again: every look-up hits, so what is left is the work per word and per sentence). Times are
CPU seconds (user + sys).

Prints, per data set, words per sentence pair (aligned beads with both sides), words per sentence in
each language (as the project's splitters split them), and each stage's cold and warm µs per word;
then, per stage, cost = a·sentence pairs + b·words fitted to the synthetic shapes' warm seconds, with
the µs per word it gives at each data set's shape beside the measured one. Makes no assertions.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.bench_scale import STAGE_RUNS, add_stage_child, answered_as_child, run_child, write_raw
from bench.bwb import FAMILY, STAGES, Units, corpus_units
from bench.synthetic import P_JOIN, raw_row, synthetic_raw
from bench.synthetic_books import CHAPTERS
from core.arg_types import OneLineParser
from core import storage
from core.layout import Layout
from core.stdio import exit_with
from evals.bwb_example import DEFAULT as BWB_EXAMPLE
from evals.data import EVAL_DATA, load_chapters, read_lines

TIMED = ("clean", "align", "mine")  # stages extrapolated per word whose work may follow sentences
SYNTHETIC = {"synthetic": P_JOIN, "synthetic demo": 0.0, "synthetic long": 1.0}  # name -> p_join
DATA_SETS = ("webfiction-dev", "mac-dev", "bwb-example", *SYNTHETIC)


def _paragraphs(sentences: list[str], starts: frozenset[int], sep: str) -> list[str]:
    """The paragraphs that ``sentences`` make, each beginning at one of ``starts`` (none: one paragraph)."""
    cuts = sorted(starts | {0}) + [len(sentences)]
    return [sep.join(sentences[a:b]) for a, b in zip(cuts, cuts[1:]) if b > a]


def _book(book_id: str, chapters: list[tuple[list[str], list[str]]]) -> list[dict]:
    """RAW_CHAPTERS rows of a book of (zh paragraphs, en paragraphs) chapters, numbered in both languages."""
    zh = [raw_row(book_id, "zh", i, f"第{i + 1}章", paras) for i, (paras, _) in enumerate(chapters)]
    return zh + [
        raw_row(book_id, "en", i, f"Chapter {i + 1}", paras) for i, (_, paras) in enumerate(chapters)
    ]


def real_books(n_chapters: int) -> dict[str, list[dict]]:
    """The first ``n_chapters`` evaluation chapters of each data set that is present, a book per data set."""
    books = {}
    for name in ("webfiction-dev", "mac-dev"):
        if (EVAL_DATA / name).is_dir():
            chapters = [
                (_paragraphs(c.zh, c.zh_starts, ""), _paragraphs(c.en, c.en_starts, " "))
                for c in load_chapters(EVAL_DATA / name)[:n_chapters]
            ]
            books[name] = _book(name, chapters)
    if (BWB_EXAMPLE / "0.chs_re.txt").is_file():
        lines = (read_lines(BWB_EXAMPLE / "0.chs_re.txt"), read_lines(BWB_EXAMPLE / "0.ref_re.txt"))
        books["bwb-example"] = _book("bwb-example", [lines])
    return books


def run_stage(stage: str, root: Path, books: list[str]) -> dict:
    """Preload ``stage``, then run it on ``books`` (twice for a timed stage); its CPU seconds per run."""
    from pipeline.preload import preload

    preload([FAMILY[stage]])
    seconds = []
    for _ in range(2 if stage in TIMED else 1):
        start = time.process_time()
        STAGE_RUNS[stage](Layout(root), books)
        seconds.append(time.process_time() - start)
    return {"seconds": seconds}


@dataclass(frozen=True)
class Measured:
    units: Units
    seconds: dict[str, list[float]]  # per stage, CPU seconds per run (a timed stage: cold, warm)
    sentence_words: dict[str, float]  # per language, words per sentence of the kept chapter pairs


def sentence_words(layout: Layout, books: list[str]) -> dict[str, float]:
    """Words per sentence in each language of the chapters table (``exports.tokens``, as ``corpus_units``)."""
    from exports.tokens import en_words, zh_words

    rows = [row for book in books for row in storage.read_rows(layout.chapters(book), "chapters")]
    shape = {}
    for lang, count in (("zh", zh_words), ("en", en_words)):
        sentences = [s for row in rows for s in row[f"{lang}_sentences"]]
        shape[lang] = sum(map(count, sentences)) / len(sentences)
    return shape


def measure(name: str, corpus: dict[str, list[dict]], tmp: Path) -> Measured:
    layout = Layout(tmp / name)
    books = write_raw(layout, corpus)
    seconds = {
        stage: run_child(stage, layout.root, books, "bench.bench_shape")["seconds"] for stage in STAGES
    }
    return Measured(corpus_units(layout.root, books), seconds, sentence_words(layout, books))


def report(measured: dict[str, Measured]) -> None:
    print(f"{'data set':<16}{'chapters':>9}{'pairs':>7}{'words':>8}{'words/pair':>11}{'zh, en words/sentence':>23}"
          + "".join(f"{stage + ' us/word cold, warm':>28}" for stage in TIMED))  # fmt: skip
    for name, m in measured.items():
        u = m.units
        rates = "".join(
            f"{1e6 * m.seconds[stage][0] / u.words:>19.1f}, {1e6 * m.seconds[stage][1] / u.words:>7.1f}"
            for stage in TIMED
        )
        print(f"{name:<16}{u.chapters:>9}{u.pairs:>7}{u.words:>8}{u.words / u.pairs:>11.1f}"
              f"{m.sentence_words['zh']:>17.1f}, {m.sentence_words['en']:>4.1f}{rates}")  # fmt: skip
    synthetic = [measured[name] for name in SYNTHETIC if name in measured]
    if len(synthetic) < 2:
        print("\nno fit: fewer than two synthetic shapes measured")
        return
    print("\nper stage, warm seconds = a * sentence pairs + b * words, fitted (least squares) to the synthetic"
          " shapes (one text generator, sentences of three lengths); the us/word it gives at each data set's"
          " words/pair, the measured warm us/word after the slash")  # fmt: skip
    print(f"{'stage':<8}{'a us/pair':>10}{'b us/word':>10}" + "".join(f"{name:>18}" for name in measured))
    basis = np.array([[m.units.pairs, m.units.words] for m in synthetic], dtype=float)
    for stage in TIMED:
        (a, b), *_ = np.linalg.lstsq(basis, [m.seconds[stage][1] for m in synthetic], rcond=None)
        cells = "".join(
            f"{1e6 * (b + a * m.units.pairs / m.units.words):>11.1f} /{1e6 * m.seconds[stage][1] / m.units.words:>5.1f}"
            for m in measured.values()
        )
        print(f"{stage:<8}{1e6 * a:>10.1f}{1e6 * b:>10.2f}{cells}")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.bench_shape", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--chapters",
        type=CHAPTERS,
        default=50,
        help="chapters per data set (real ones: at most theirs; default 50)",
    )
    parser.add_argument(
        "--sets",
        default=",".join(DATA_SETS),
        help=f"data sets to measure, comma-separated (default {','.join(DATA_SETS)})",
    )
    add_stage_child(parser)
    args = parser.parse_args(argv)
    if answered_as_child(parser, args, run_stage):
        return 0
    chosen = args.sets.split(",")
    if unknown := sorted(set(chosen) - set(DATA_SETS)):
        parser.error(f"--sets: unknown data set {', '.join(unknown)} (known: {', '.join(DATA_SETS)})")
    corpora = {
        **{name: {name: rows} for name, rows in real_books(args.chapters).items()},
        **{
            name: synthetic_raw(1, args.chapters, seed=0, renumber=True, p_join=p_join)
            for name, p_join in SYNTHETIC.items()
            if name in chosen
        },
    }
    corpora = {name: corpus for name, corpus in corpora.items() if name in chosen}
    with tempfile.TemporaryDirectory(prefix="bwb-bench-shape-") as tmp:
        measured = {}
        for name, corpus in corpora.items():
            measured[name] = measure(name, corpus, Path(tmp))
            print(f"  {name}: done", flush=True)
    report(measured)
    return 0


if __name__ == "__main__":
    exit_with(main)
