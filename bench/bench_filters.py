"""Throughput of clean (+ sentence split), dedup and pair + filter on synthetic chapters.

Usage: ``python -m bench.bench_filters [--chapters N] [--data DIR]`` (or ``python -m bench filters``). Chapters are built from the
MAC dev paragraphs when DIR exists (read at run time, never stored), else from a few sentences
written here. Times are CPU seconds (user + sys) of this process. Prints a table; makes no assertions about time.

``--synthetic BOOKSxCHAPTERS`` (e.g. ``1x510``, the scale bench's large size) runs the three stages instead on
``bench.synthetic``'s BWB-shaped books (renumbered), in this one process after a warm-up on a one-chapter book
(loading punkt, jieba and the dictionary off the clock), and prints each stage's CPU seconds per word (both
languages of the chapter pairs kept, as ``bench.bwb`` counts them) and per chapter pair: the rates
``python -m bench.bench_scale`` extrapolates, without its other stages.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from bench.synthetic_books import CHAPTERS
from core.arg_types import OneLineParser
from core.stdio import exit_with
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


def _stages(corpus: dict[str, list[dict]]) -> tuple[dict[str, float], list[dict]]:
    """Clean, dedup and pair + filter every book of ``corpus``: CPU seconds per stage and the chapter pairs kept."""
    seconds = {}
    start = time.process_time()
    clean = [row for rows in corpus.values() for row in clean_book(rows, {}).rows]
    seconds["clean"] = time.process_time() - start
    kept, seconds["dedup"] = _timed(dedup_corpus, clean)
    start = time.process_time()
    chapters = []
    for book in corpus:
        rows = [row for row in kept.rows if row["book_id"] == book]
        chapters += pair_and_filter_book(rows, FilterConfig()).rows
    seconds["filter"] = time.process_time() - start
    return seconds, chapters


def synthetic_rates(size: str) -> int:
    """``--synthetic``: each stage's CPU per word and per chapter pair on BWB-shaped synthetic books."""
    from bench.bench_scale import parse_size
    from bench.synthetic import synthetic_raw
    from exports.tokens import en_words, zh_words

    n_books, n_chapters = parse_size(size)  # a bad size is told before the warm-up (14 s)
    _stages(synthetic_raw(1, 1, seed=0, renumber=True))  # loads (punkt, jieba, dictionary) off the clock
    seconds, chapters = _stages(synthetic_raw(n_books, n_chapters, seed=0, renumber=True))
    words = sum(
        sum(map(zh_words, row["zh_sentences"])) + sum(map(en_words, row["en_sentences"])) for row in chapters
    )
    print(f"{n_books} books x {n_chapters} chapters (synthetic, renumbered): {len(chapters)} chapter pairs kept, "
          f"{words} words (both languages)")  # fmt: skip
    print(f"{'stage':<8}{'cpu s':>9}{'us/word':>9}{'ms/chapter':>12}")
    for stage, cpu in seconds.items():
        print(f"{stage:<8}{cpu:>9.2f}{1e6 * cpu / words:>9.2f}{1e3 * cpu / len(chapters):>12.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.bench_filters", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--chapters",
        type=CHAPTERS,
        default=200,
        help="chapters per language",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA,
        help="evaluation folder read for real text (generated text when absent)",
    )
    parser.add_argument(
        "--synthetic",
        metavar="BOOKSxCHAPTERS",
        help="run on bench.synthetic's BWB-shaped books of this size instead, per word and per chapter pair",
    )
    args = parser.parse_args(argv)
    if args.synthetic is not None:  # a blank size too, which ran the other bench
        return synthetic_rates(args.synthetic)
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
    exit_with(main)
