"""Throughput of the split plan, every export format, Table 6, the report and the build's summary on a synthetic
corpus.

Usage: ``python -m bench.bench_exports [--books N] [--chapters N] [--beads N]`` (or
``python -m bench exports``). Texts are random made-up words. Prints a table; asserts nothing.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from core.arg_types import OneLineParser, positive
from core.layout import Layout
from core.storage import write_table
from core.stdio import exit_with
from exports.corpus import aligned_books
from exports.plan import plan_splits
from exports.report import build_report
from exports.stage import FORMATS, export_corpus
from exports.stats import render_table, table6
from pipeline.summary import corpus_summary

MAX_BEADS = 10_000_000  # BWB has 9.6M sentence pairs; far more ran for hours or ended in a MemoryError

_HANZI = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜金生丽水玉出昆冈"


def _bead(rng: random.Random) -> tuple[str, str]:
    zh = "，".join("".join(rng.choices(_HANZI, k=rng.randint(3, 8))) for _ in range(rng.randint(1, 4))) + "。"
    words = ["".join(rng.choices("etaoinshrdlu", k=rng.randint(2, 8))) for _ in range(rng.randint(4, 25))]
    return zh, " ".join(words).capitalize() + "."


def build_corpus(layout: Layout, books: int, chapters: int, beads: int) -> int:
    rng = random.Random(0)
    ids = [f"book{b:03d}" for b in range(books)]
    genres = ["romance", "fantasy", "wuxia"]
    write_table(
        [
            {
                "book_id": b,
                "title_zh": b,
                "title_en": b,
                "genre": genres[n % 3],
                "zh_site": "",
                "en_site": "",
                "adopted": False,
            }
            for n, b in enumerate(ids)
        ],
        "books",
        layout.books(),
    )
    for book in ids:
        rows, pairs = [], []
        for no in range(1, chapters + 1):
            chapter_id, text = f"{book}/{no}", [_bead(rng) for _ in range(beads)]
            rows.append(
                {
                    "chapter_id": chapter_id,
                    "book_id": book,
                    "chapter_no": no,
                    "title_zh": "",
                    "title_en": "",
                    "zh_sentences": [z for z, _ in text],
                    "zh_words": None,
                    "en_sentences": [e for _, e in text],
                    "zh_chars": 0,
                    "en_chars": 0,
                    "zh_raw_ids": [],
                    "en_raw_ids": [],
                    "zh_paragraph_starts": None,
                    "en_paragraph_starts": None,
                }
            )
            pairs += [
                {
                    "pair_id": f"{chapter_id}/{i}",
                    "chapter_id": chapter_id,
                    "book_id": book,
                    "bead_no": i,
                    "zh_idx": [i],
                    "en_idx": [i],
                    "zh": z,
                    "en": e,
                    "bead_type": "1-1",
                    "score": rng.random(),
                }
                for i, (z, e) in enumerate(text)
            ]
        write_table(rows, "chapters", layout.chapters(book))
        write_table(pairs, "aligned_pairs", layout.aligned(book))
    return books * chapters * beads


def main(argv: list[str]) -> int:
    parser = OneLineParser(prog="python -m bench.bench_exports", description=__doc__)
    parser.add_argument("--books", type=positive, default=40, help="synthetic books (default 40)")
    parser.add_argument("--chapters", type=positive, default=50, help="chapters per book (default 50)")
    parser.add_argument("--beads", type=positive, default=60, help="beads per chapter (default 60)")
    args = parser.parse_args(argv)
    if (beads := args.books * args.chapters * args.beads) > MAX_BEADS:  # held in memory, a book at a time
        parser.error(
            f"--books x --chapters x --beads is {beads:,} beads, over the {MAX_BEADS:,} this bench writes"
        )
    with tempfile.TemporaryDirectory(prefix="bench-exports-") as tmp:
        layout = Layout(Path(tmp))
        n = build_corpus(layout, args.books, args.chapters, args.beads)
        assignment = plan_splits(layout)
        steps: list[tuple[str, Callable[[], object]]] = [
            ("plan_splits", lambda: plan_splits(layout)),
            *((f"export {name}", lambda name=name: export_corpus(layout, [name])) for name in FORMATS),
            ("table6 (jieba)", lambda: table6(layout, assignment)),
            ("build_report", lambda: build_report(layout)),
            ("corpus_summary", lambda: corpus_summary(layout, aligned_books(layout))),
        ]
        rows = []
        for name, step in steps:
            started = time.perf_counter()
            step()
            seconds = time.perf_counter() - started
            rows.append({"step": name, "beads": n, "seconds": round(seconds, 2), "beads/s": int(n / seconds)})
    print(render_table(rows))
    print("(export steps include plan_splits, which every export runs once)")
    return 0


if __name__ == "__main__":
    exit_with(lambda: main(sys.argv[1:]))
