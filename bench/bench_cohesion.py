"""Mining throughput of ``cohesion``: sentences per second on one core.

    .venv/bin/python -m bench.bench_cohesion [--sentences 3000] [--compare]   (or: make bench BENCH=cohesion)

Text: the six mac-dev chapters under /work/shared/eval-data/mac-dev/en/, read at run time
(copyrighted: never copied into the repo), one chapter per ``mine`` call as the pipeline mines
them; where they are absent this says so and measures generated novel-like English (templates
below) instead. ``--compare`` adds runs with no pre-filter and with spaCy's parser and NER left
on. "cpu" figures divide by process CPU time, i.e. they are per core even where a library spins
up extra threads despite the pinned thread counts. The last line extrapolates the default set-up's
words per CPU second to BWB's 460M English words on 2 cores (chapters mined in parallel).
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
CHAPTER = 300  # sentences per mined chapter of generated text
BWB_WORDS = 460e6  # English words in BWB (bench.bench_scale)
NAMES = ["Anna Berg", "Tomas Hale", "Miss Berg", "Old Hale", "Young Master Reed"]
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


def mac_dev() -> list[list[str]]:
    return [
        [line.strip() for line in f.open(encoding="utf-8") if line.strip()]
        for f in sorted(MAC_DEV.glob("*.txt"))
    ]


def run(chapters: list[list[str]], label: str, **options) -> float:
    """Mine every chapter; print and return words per CPU second."""
    start, cpu = time.perf_counter(), time.process_time()
    found = sum(len(mine(chapter, **options)) for chapter in chapters)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    n = sum(len(c) for c in chapters)
    words = sum(len(s.split()) for c in chapters for s in c)
    print(
        f"{label:<36} {n / wall:6.0f} sent/s wall {n / cpu:6.0f} sent/s cpu {words / cpu:7.0f} words/s cpu {found} cands"
    )
    return words / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sentences", type=int, default=3000, help="generated sentences (without mac-dev)")
    parser.add_argument("--compare", action="store_true", help="also without pre-filter / with parser + NER")
    args = parser.parse_args()
    if MAC_DEV.is_dir():
        chapters, text = mac_dev(), "mac-dev English"
    else:
        print(f"{MAC_DEV} is absent: measuring generated text instead")
        lines = generated(args.sentences)
        chapters, text = [lines[i : i + CHAPTER] for i in range(0, len(lines), CHAPTER)], "generated text"
    start = time.perf_counter()
    wordnet()
    load_tagger()
    n = sum(len(c) for c in chapters)
    print(
        f"{text}: {len(chapters)} chapters, {n} sentences; loading spaCy + WordNet {time.perf_counter() - start:.1f} s"
    )
    run(chapters, "warm-up (fills the look-up caches)")
    rate = run(chapters, "tagger only + pre-filter (default)")
    if args.compare:
        run(chapters, "tagger only, no pre-filter", prefilter=False)
        run(chapters, "parser + NER on, no pre-filter", prefilter=False, tagger=load_tagger(full=True))
    print(
        f"EXTRAPOLATION, not a measurement: BWB ({BWB_WORDS / 1e6:.0f}M English words) at {rate:.0f} words/s"
        f" per core on {text}: {BWB_WORDS / rate / 3600:.1f} h on 1 core, {BWB_WORDS / rate / 2 / 3600:.1f} h on 2 cores"
    )


if __name__ == "__main__":
    main()
