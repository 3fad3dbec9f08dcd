"""Scale of the post-crawl stages: throughput, per-chapter cost and peak memory at two corpus sizes.

Usage: ``python -m bench.bench_scale`` (or ``python -m bench scale``). Sizes are BOOKSxCHAPTERS,
from BWB_BENCH_SMALL (default 4x10) and BWB_BENCH_LARGE (default 16x10). An optional third size,
BWB_BENCH_HUGE (e.g. 260x10, about 2M English words; opt-in because it takes most of an hour on a
busy 2-core machine), is measured when set; the extrapolation then uses it.

For each size, a synthetic corpus (``bench.synthetic``) is written as raw Parquet shards into a
temporary folder; then clean → dedup → filter → align → mine run on it through the domain
functions the Luigi tasks call, reading and writing Parquet as the tasks do: book by book, except
dedup, which is corpus-level. Every stage of every size runs in its own process with one thread per
library, so the peak RSS (ru_maxrss) is that stage's. Times are the process's CPU seconds, so the
rates are per core and hold on a shared machine. One-time loads (dictionary, jieba, spaCy) are
timed apart ("load s"): each process first runs its stage on a one-chapter corpus.

Chapters are chapter pairs (zh + en). Words are BWB's unit, English words: whitespace tokens of the
cleaned English chapters; a stage's words/s is these words over its time for the whole corpus
(both languages). Linear
cost shows as a large/small ratio of ms/chapter near 1, flat memory as an RSS ratio near 1.
Prints a table; makes no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench.synthetic import book_ids, synthetic_raw
from core import storage
from core.layout import Layout
from core.stage import StageResult

BWB_WORDS = 460e6
DEFAULT_SIZES = {"small": "4x10", "large": "16x10"}
OPTIONAL_SIZE = "huge"  # measured only when BWB_BENCH_HUGE is set
ONE_THREAD = {var: "1" for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
WARM_UP_SIZE = (1, 1)  # books x chapters of the corpus each stage runs on first, off the clock


# --- the stages, as the tasks run them (pipeline.tasks); each returns the chapter pairs it kept. ---
# --- They import their domain module when called, so a stage's process loads only its own.     ---


def _write_stage(
    layout: Layout, stage: str, unit: str, table: str, path: Path, result: StageResult
) -> None:
    storage.write_table(result.rows, table, path)
    storage.write_table(result.rejections, "rejected", layout.rejected(stage, unit))
    storage.write_json(result.stats, layout.stats(stage, unit))


def _zh(rows: list[dict]) -> int:
    return sum(row["lang"] == "zh" for row in rows)


def clean(layout: Layout, books: list[str]) -> int:
    from filters.stage import clean_book

    kept = 0
    for book in books:
        raw = [
            row for lang in ("zh", "en") for row in storage.read_rows(layout.raw(lang, book), "raw_chapters")
        ]
        result = clean_book(raw, {})
        _write_stage(layout, "clean", book, "clean_chapters", layout.clean(book), result)
        kept += _zh(result.rows)
    return kept


def dedup(layout: Layout, books: list[str]) -> int:
    """As ``DedupCorpus`` does it: stream the books, keep signatures only, one book in memory at a time."""
    from filters.stage import dedup_books

    def load(book: str) -> list[dict]:
        return storage.read_rows(layout.clean(book), "clean_chapters")

    result = dedup_books(books, load)
    removed = {row["item_id"] for row in result.rejections}
    storage.write_table(result.rejections, "rejected", layout.rejected("dedup", "corpus"))
    storage.write_json(result.stats, layout.stats("dedup", "corpus"))
    kept_zh = 0
    for book in books:
        kept = [r for r in load(book) if r["raw_id"] not in removed]
        storage.write_table(kept, "clean_chapters", layout.deduped(book))
        kept_zh += _zh(kept)
    return kept_zh


def filter_(layout: Layout, books: list[str]) -> int:
    from filters.chapter_filters import FilterConfig
    from filters.stage import pair_and_filter_book

    kept = 0
    for book in books:
        result = pair_and_filter_book(storage.read_rows(layout.deduped(book), "clean_chapters"), FilterConfig())
        _write_stage(layout, "filter", book, "chapters", layout.chapters(book), result)
        kept += len(result.rows)
    return kept


def align(layout: Layout, books: list[str]) -> int:
    from alignment.stage import align_chapter_rows

    kept = 0
    for book in books:
        result = align_chapter_rows(storage.read_rows(layout.chapters(book), "chapters"))
        _write_stage(layout, "align", book, "aligned_pairs", layout.aligned(book), result)
        kept += result.stats["chapters_aligned"]
    return kept


def mine(layout: Layout, books: list[str]) -> int:
    from cohesion.stage import mine_book

    kept = 0
    for book in books:
        chapters = storage.read_rows(layout.chapters(book), "chapters")
        result = mine_book(chapters, storage.read_rows(layout.aligned(book), "aligned_pairs"))
        storage.write_table(result.rows, "candidates", layout.candidates(book))
        storage.write_json(result.stats, layout.stats("cohesion", book))
        kept += result.stats["chapters"]
    return kept


STAGES: dict[str, Callable[[Layout, list[str]], int]] = {
    "clean": clean,
    "dedup": dedup,
    "filter": filter_,
    "align": align,
    "mine": mine,
}


def run_stage(stage: str, root: Path, books: list[str], warm_up: Path | None) -> dict:
    """Run one stage in this process, first on the warm-up corpus if given: {load_s, seconds, kept, rss_mb}."""
    start = time.process_time()
    if warm_up:
        STAGES[stage](Layout(warm_up), book_ids(WARM_UP_SIZE[0]))
        if stage == "align":  # the measured books start with an empty word memo, as in a fresh process
            from alignment.lexicon import default_lexicon

            default_lexicon.cache_clear()
    loaded = time.process_time()
    kept = STAGES[stage](Layout(root), books)
    return {
        "load_s": loaded - start,
        "seconds": time.process_time() - loaded,
        "kept": kept,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


# --- the benchmark: corpora, one process per stage and size, the report ---


def parse_size(text: str) -> tuple[int, int]:
    books, sep, chapters = text.lower().partition("x")
    if not (sep and books.isdigit() and chapters.isdigit() and int(books) > 0 and int(chapters) > 0):
        raise SystemExit(f"bad size {text!r}: expected BOOKSxCHAPTERS, e.g. 4x10")
    return int(books), int(chapters)


def write_corpus(layout: Layout, n_books: int, chapters: int) -> list[str]:
    corpus = synthetic_raw(n_books, chapters, seed=0)
    for book, rows in corpus.items():
        for lang in ("zh", "en"):
            storage.write_table(
                [r for r in rows if r["lang"] == lang], "raw_chapters", layout.raw(lang, book)
            )
    return list(corpus)


def english_words(layout: Layout, books: list[str]) -> int:
    return sum(
        len(paragraph.split())
        for book in books
        for row in storage.read_rows(layout.clean(book), "clean_chapters")
        if row["lang"] == "en"
        for paragraph in row["paragraphs"]
    )


def run_child(stage: str, root: Path, books: list[str], warm_up: Path | None = None) -> dict:
    command = [sys.executable, "-m", "bench.bench_scale", "--stage", stage, "--root", str(root)]
    if warm_up:
        command += ["--warm-up", str(warm_up)]
    env = {**os.environ, **ONE_THREAD}
    done = subprocess.run([*command, *books], env=env, stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def measure(sizes: dict[str, tuple[int, int]], tmp: Path) -> list[dict]:
    """A row per stage and size: every stage on a synthetic corpus of each size, each in a child process."""
    warm_up = tmp / "warm-up"
    warm_up_books = write_corpus(Layout(warm_up), *WARM_UP_SIZE)
    for stage in STAGES:  # leaves every stage's input in the warm-up corpus
        run_child(stage, warm_up, warm_up_books)
    rows = []
    for size, (n_books, chapters) in sizes.items():
        layout = Layout(tmp / size)
        books = write_corpus(layout, n_books, chapters)
        for stage in STAGES:
            result = run_child(stage, layout.root, books, warm_up)
            if stage == "clean":
                words = english_words(layout, books)
            rows.append(
                {"stage": stage, "size": size, "chapters": n_books * chapters, "words": words, **result}
            )
    return rows


def report(rows: list[dict]) -> None:
    print(f"{'stage':<8}{'size':<7}{'chapters':>9}{'words':>10}{'load s':>8}{'cpu s':>9}{'words/s':>10}"
          f"{'chapters/s':>11}{'ms/chapter':>11}{'peak RSS MB':>12}")  # fmt: skip
    for r in rows:
        print(f"{r['stage']:<8}{r['size']:<7}{r['chapters']:>9}{r['words']:>10}{r['load_s']:>8.1f}"
              f"{r['seconds']:>9.2f}{r['words'] / r['seconds']:>10.0f}{r['chapters'] / r['seconds']:>11.1f}"
              f"{1000 * r['seconds'] / r['chapters']:>11.1f}{r['rss_mb']:>12.0f}")  # fmt: skip
    for r in rows:
        if r["kept"] < r["chapters"]:
            print(f"note: {r['stage']} ({r['size']}) kept {r['kept']} of {r['chapters']} chapters")

    by = {(r["stage"], r["size"]): r for r in rows}
    biggest = OPTIONAL_SIZE if any(r["size"] == OPTIONAL_SIZE for r in rows) else "large"
    for size in dict.fromkeys(("large", biggest)):
        print(f"\nscaling, {size} / small (linear cost: ms/chapter ratio ≈ 1; flat memory: RSS ratio ≈ 1)")
        print(f"{'stage':<8}{'ms/chapter':>11}{'peak RSS':>10}")
        for stage in STAGES:
            small, big = by[stage, "small"], by[stage, size]
            per_chapter = (big["seconds"] / big["chapters"]) / (small["seconds"] / small["chapters"])
            print(f"{stage:<8}{per_chapter:>11.2f}{big['rss_mb'] / small['rss_mb']:>10.2f}")

    seconds = {
        stage: BWB_WORDS / (by[stage, biggest]["words"] / by[stage, biggest]["seconds"]) for stage in STAGES
    }
    one_core = sum(seconds.values())
    two_cores = seconds["dedup"] + (one_core - seconds["dedup"]) / 2  # dedup is one corpus-level process
    print(f"\nEXTRAPOLATION, not a measurement: time for a BWB-sized corpus ({BWB_WORDS / 1e6:.0f}M English words)"
          f" on this machine's idle cores at the {biggest} size's words/s, assuming cost linear in words")  # fmt: skip
    for stage, s in seconds.items():
        print(f"  {stage:<8}{s / 3600:>8.1f} h")
    print(f"  {'total':<8}{one_core / 3600:>8.1f} h on 1 core; {two_cores / 3600:.1f} h on 2 cores "
          f"(books in parallel, dedup on one core)")  # fmt: skip
    print("  memory: every stage holds one book at a time, so peak RSS follows the largest book (RSS ratios above);"
          " dedup also keeps one MinHash signature per chapter, about 1 KB, so ~1.2 GB for BWB's ~1.2M zh+en chapters")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stage", choices=STAGES, help="(internal) run one stage on --root and print JSON")
    parser.add_argument("--root", type=Path, help="(internal) the output folder of the corpus")
    parser.add_argument("--warm-up", type=Path, help="(internal) the output folder of the warm-up corpus")
    parser.add_argument("books", nargs="*", help="(internal) the book ids")
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(run_stage(args.stage, args.root, args.books, args.warm_up)))
        return 0

    sizes = {
        size: parse_size(os.environ.get(f"BWB_BENCH_{size.upper()}", d)) for size, d in DEFAULT_SIZES.items()
    }
    if os.environ.get(f"BWB_BENCH_{OPTIONAL_SIZE.upper()}"):
        sizes[OPTIONAL_SIZE] = parse_size(os.environ[f"BWB_BENCH_{OPTIONAL_SIZE.upper()}"])
    print(", ".join(f"{size}: {b} books x {c} chapters" for size, (b, c) in sizes.items()), flush=True)
    with tempfile.TemporaryDirectory(prefix="bwb-bench-scale-") as tmp:
        rows = measure(sizes, Path(tmp))
    report(sorted(rows, key=lambda r: (list(STAGES).index(r["stage"]), list(sizes).index(r["size"]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
