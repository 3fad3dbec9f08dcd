"""Throughput of clean (+ sentence split), dedup and pair + filter on synthetic chapters.

Usage: ``python -m bench.bench_filters [--chapters N] [--data DIR]`` (or ``python -m bench filters``). Chapters are built from the
MAC dev paragraphs when DIR exists (read at run time, never stored), else from a few sentences
written here. Times are CPU seconds (user + sys) of this process. Prints a table; makes no assertions about time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from evals.data import EVAL_DATA
from filters.chapter_filters import FilterConfig
from text.sentences import split_sentences
from filters.clean_stage import clean_book
from filters.dedup_stage import dedup_corpus
from filters.filter_stage import pair_and_filter_book

DEFAULT_DATA = EVAL_DATA / "mac-dev"
_HANZI = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜金生丽水玉出昆冈剑号巨阙珠称夜光"


def _builtin_text(lang: str, rng: random.Random, n_sentences: int = 4000) -> str:
    """Random but sentence-shaped text: made-up words, commas, quotes, end marks."""
    sentences = []
    for _ in range(n_sentences):
        if lang == "zh":
            body = "，".join(
                "".join(rng.choices(_HANZI, k=rng.randint(4, 9))) for _ in range(rng.randint(1, 3))
            )
            sentences.append(rng.choice(["{}。", "“{}？”", "{}……", "{}！"]).format(body))
        else:
            words = [
                "".join(rng.choices("etaoinshrdlu", k=rng.randint(2, 8))) for _ in range(rng.randint(5, 15))
            ]
            body = " ".join(words).capitalize()
            sentences.append(rng.choice(["{}.", '"{}?"', "Mr. {}.", "{}!"]).format(body))
    return " ".join(sentences)


def _source(data: Path) -> dict[str, list[str]]:
    if data.is_dir():
        return {
            lang: sorted(p.read_text(encoding="utf-8") for p in (data / f"{lang}-para").glob("*.txt"))
            for lang in ("zh", "en")
        }
    rng = random.Random(1)
    return {lang: [_builtin_text(lang, rng)] for lang in ("zh", "en")}


def synthetic_book(n: int, source: dict[str, list[str]], seed: int = 0) -> list[dict]:
    """RAW_CHAPTERS-like rows: n chapters per language of 40 four-sentence paragraphs drawn from ``source``."""
    rng = random.Random(seed)
    rows = []
    for lang, texts in source.items():
        sentences = split_sentences(texts, lang)
        paragraphs = [" ".join(sentences[i : i + 4]) for i in range(0, len(sentences), 4)]
        for i in range(n):
            body = rng.sample(paragraphs, min(40, len(paragraphs)))
            title = f"第{i + 1}章" if lang == "zh" else f"Chapter {i + 1}"
            rows.append(
                {
                    "raw_id": f"bench/{lang}/{i:05d}",
                    "book_id": "bench",
                    "lang": lang,
                    "toc_index": i,
                    "url": "",
                    "title": title,
                    "text": "\n".join([title, *body, "请收藏本站" if lang == "zh" else "Next Chapter"]),
                }
            )
    return rows


def _timed(fn, *args):
    start = time.process_time()
    result = fn(*args)
    return result, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", type=int, default=200, help="chapters per language")
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA,
        help="evaluation folder read for real text (generated text when absent)",
    )
    args = parser.parse_args(argv)
    raw = synthetic_book(args.chapters, _source(args.data))
    megabytes = sum(len(r["text"].encode()) for r in raw) / 1e6
    clean, t_clean = _timed(clean_book, raw, {})
    kept, t_dedup = _timed(dedup_corpus, clean.rows)
    chapters, t_pair = _timed(pair_and_filter_book, kept.rows, FilterConfig(), kept.stats["en_per_zh"])
    print(
        f"{len(raw)} chapters ({megabytes:.1f} MB, source: {'MAC dev' if args.data.is_dir() else 'built-in'})"
    )
    print(f"{'stage':<22}{'cpu s':>9}{'chapters/s':>12}{'MB/s':>8}")
    for name, seconds in (
        ("clean + split", t_clean),
        ("dedup (exact + near)", t_dedup),
        ("pair + filter", t_pair),
    ):
        print(f"{name:<22}{seconds:>9.3f}{len(raw) / seconds:>12.0f}{megabytes / seconds:>8.2f}")
    total = t_clean + t_dedup + t_pair
    print(f"{'total':<22}{total:>9.3f}{len(raw) / total:>12.0f}{megabytes / total:>8.2f}")
    print(f"kept {len(chapters.rows)} paired chapters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
