"""Cost of one very long input: a paragraph split into sentences, a chapter MinHashed for dedup.

Usage: ``python -m bench.bench_long_input [--chars N]`` (or ``python -m bench long_input``). The text is
sentence-shaped and written here (quotes, speech tags, 【…】 lines, ellipses, sentences glued without a space). Prints CPU seconds
(user + sys of this process) and, for dedup, the peak resident memory over that of the text itself;
makes no assertions about time.
"""

from __future__ import annotations

import resource
import time

from core.arg_types import OneLineParser, positive_up_to
from core.stdio import exit_with
from filters.dedup import MinHasher, content_hash
from text.sentences import split_en, split_zh

ZH = ["他走了。", "“你好……”", "【系统：任务完成。】", "她说：“走吧。”", "甲乙丙丁，", "……", "“好。”他说。"]
MAX_CHARS = 300_000_000  # more than a local text book (256 MiB) holds; 10**20 raised an OverflowError

EN = [
    "He went home. ",
    'She said "Yes!" and left. ',
    "It was late . . . Everyone left. ",
    "“Mr. Pei came.” ",
    "He left.“Why?” ",
]


def _text(pieces: list[str], chars: int) -> str:
    unit = "".join(pieces)
    return (unit * (chars // len(unit) + 1))[:chars]


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.bench_long_input", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--chars",
        type=positive_up_to(MAX_CHARS, "a text book's 256 MiB is fewer characters"),
        default=2_000_000,
        help="length of the paragraph and the chapter",
    )
    args = parser.parse_args(argv)
    print(f"{'what':<34} {'chars':>11} {'CPU s':>8} {'peak MB over the text':>22}")
    text = _text(ZH, args.chars)  # dedup first: the peak so far is the text's own
    before = _peak_mb()
    started = time.process_time()
    MinHasher().text_signature(text, "zh")
    content_hash(text)
    cpu = time.process_time() - started
    print(
        f"{'dedup signature + hash, zh chapter':<34} {len(text):>11,} {cpu:>8.1f} {_peak_mb() - before:>22.0f}"
    )
    del text
    for name, split, pieces in (
        ("split_zh, one paragraph", split_zh, ZH),
        ("split_en, one paragraph", split_en, EN),
    ):
        text = _text(pieces, args.chars)
        started = time.process_time()
        sentences = split(text)
        cpu = time.process_time() - started
        print(f"{name:<34} {len(text):>11,} {cpu:>8.1f}   ({len(sentences):,} sentences)")
        del text, sentences
    return 0


if __name__ == "__main__":
    exit_with(main)
