"""Mining throughput of ``cohesion``: sentences per second on one core.

    .venv/bin/python bench/bench_cohesion.py [--sentences 3000] [--mac-dev]

Text: generated novel-like English (templates below), or with ``--mac-dev`` the chapters under
/work/shared/eval-data/mac-dev/en/ read at run time (copyrighted: never copied into the repo).
Compares the default set-up (tagger only + pre-filter) with no pre-filter and with spaCy's parser
and NER left on. "cpu" figures divide by process CPU time, i.e. they are per core even where a
library spins up extra threads despite the pinned thread counts.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from cohesion.miner import mine  # noqa: E402
from cohesion.nlp import load_tagger, wordnet  # noqa: E402

MAC_DEV = Path("/work/shared/eval-data/mac-dev/en")
CHAPTER = 300  # sentences per mined chapter
NAMES = ["Lin Wan", "Gu Chengchuan", "Miss Lin", "Old Zhou", "Young Master Song"]
NOUNS = ["lamp", "sword", "letter", "door", "carriage", "jade pendant", "teacup", "window"]
ADJS = ["old", "red", "heavy", "small", "large", "big", "broken"]
TEMPLATES = [
    "{name} picked up the {noun}.",
    "{name} looked at the {adj} {noun} for a long time.",
    "She put the {noun} on the table.",
    "He did not want the {adj} one.",
    "However, {name} said nothing.",
    "It was hard to say what {name} wanted.",
    "Then he turned and left the room.",
    '"I don\'t know why."',
    '"Why?"',
    "Yes.",
    "The {adj} {noun} was still there.",
    "So she waited by the {noun}, though nobody came.",
    "They were tired after the long road.",
    "That was the last time anyone saw the {noun}.",
]


def generated(n: int) -> list[str]:
    rng = random.Random(0)
    return [
        rng.choice(TEMPLATES).format(name=rng.choice(NAMES), noun=rng.choice(NOUNS), adj=rng.choice(ADJS))
        for _ in range(n)
    ]


def mac_dev() -> list[str]:
    return [line.strip() for f in sorted(MAC_DEV.glob("*.txt")) for line in f.open() if line.strip()]


def run(sentences: list[str], label: str, **options) -> None:
    start, cpu = time.perf_counter(), time.process_time()
    found = sum(len(mine(sentences[i : i + CHAPTER], **options)) for i in range(0, len(sentences), CHAPTER))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"{label:<36} {len(sentences) / wall:6.0f} sent/s wall"
        f" {len(sentences) / cpu:6.0f} sent/s cpu {found} cands"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=3000, help="generated sentences")
    parser.add_argument("--mac-dev", action="store_true", help=f"use {MAC_DEV}/*.txt if present")
    args = parser.parse_args()
    sentences = mac_dev() if args.mac_dev and MAC_DEV.is_dir() else generated(args.sentences)
    start = time.perf_counter()
    wordnet()
    load_tagger()
    print(f"{len(sentences)} sentences; loading spaCy + WordNet {time.perf_counter() - start:.1f} s")
    run(sentences, "warm-up (fills the look-up caches)")
    run(sentences, "tagger only + pre-filter (default)")
    run(sentences, "tagger only, no pre-filter", prefilter=False)
    run(sentences, "parser + NER on, no pre-filter", prefilter=False, tagger=load_tagger(full=True))


if __name__ == "__main__":
    main()
