"""Mining throughput of ``cohesion`` against its spaCy floor: sentences per CPU second on one core.

    .venv/bin/python -m bench.bench_cohesion [--generated] [--sentences 3000] [--repeat 3] [--compare]
    (or: make bench BENCH=cohesion)

Text: the six mac-dev chapters under ../shared/eval-data/mac-dev/en/, read at run time (copyrighted:
never copied into the repo), mined as one book the way the pipeline stage mines one
(:func:`cohesion.miner.mine_chapters`: one tagging stream, each chapter its own window); where they
are absent, or with ``--generated``, generated novel-like English (templates below) in chapters of
49 sentences (BWB's mean).

The floor is what the miner cannot avoid: the spaCy components it runs, loaded as it loads them
(``cohesion.nlp.load_tagger``: ``cohesion.nlp.COMPONENTS`` on numpy's BLAS), over every sentence of
the same text with ``nlp.pipe`` in batches of ``cohesion.miner.BATCH``. Mining and floor run
``--repeat`` times, interleaved, after one warm-up run of each (which fills the WordNet look-up
caches); each run starts with the tagger's word embeddings forgotten (``cohesion.nlp.EMBEDDINGS``),
as a book mined alone does; the best run of each counts, as other processes only ever slow a run
down. "cpu" figures divide by process CPU time, i.e. they are per core even where a library spins up
extra threads despite the pinned thread counts. ``--compare`` adds runs with no pre-filter and with spaCy's parser
and NER on. The last line extrapolates mining's sentences per CPU second to BWB's 9,581,816 English
sentences.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import random  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from core.arg_types import OneLineParser, positive, positive_up_to  # noqa: E402
from core.stdio import exit_with  # noqa: E402
from evals.data import EVAL_DATA  # noqa: E402

MAC_DEV = EVAL_DATA / "mac-dev" / "en"
CHAPTER = 49  # sentences per generated chapter: BWB's 9,581,816 sentence pairs / 196,304 chapters
BWB_SENTENCES = 9_581_816  # English sentences (= sentence pairs) in BWB
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


def cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    parser = OneLineParser(prog="python -m bench.bench_cohesion", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--generated", action="store_true", help="generated text even where mac-dev is present"
    )
    parser.add_argument(
        "--sentences",
        type=positive_up_to(BWB_SENTENCES, "BWB's English sentences"),
        default=3000,
        help="generated sentences (without mac-dev)",
    )
    parser.add_argument("--repeat", type=positive, default=3, help="timed runs of mining and of the floor")
    parser.add_argument("--compare", action="store_true", help="also without pre-filter / with parser + NER")
    args = parser.parse_args(argv)
    if MAC_DEV.is_dir() and not args.generated:
        chapters, text = mac_dev(), "mac-dev English"
    else:
        if not args.generated:
            print(f"{MAC_DEV} is absent: measuring generated text instead")
        lines = generated(args.sentences)
        chapters, text = [lines[i : i + CHAPTER] for i in range(0, len(lines), CHAPTER)], "generated text"
    sentences = [s for c in chapters for s in c]

    fixed = {"import spacy": cpu(lambda: __import__("spacy"))}
    from cohesion.miner import BATCH, mine_chapters
    from cohesion.nlp import COMPONENTS, EMBEDDINGS, load_tagger, wordnet

    fixed["load tagger"] = cpu(load_tagger)
    fixed["load WordNet"] = cpu(wordnet)
    floor_nlp = load_tagger()
    assert tuple(floor_nlp.pipe_names) == COMPONENTS, floor_nlp.pipe_names
    print(
        f"{text}: {len(chapters)} chapters, {len(sentences)} sentences; fixed cost (CPU s): "
        + ", ".join(f"{k} {v:.1f}" for k, v in fixed.items())
    )

    def floor() -> None:
        EMBEDDINGS.clear()
        for _ in floor_nlp.pipe(sentences, batch_size=BATCH):
            pass

    def mining(**options) -> Callable[[], int]:
        def run() -> int:
            EMBEDDINGS.clear()
            return sum(len(found) for found in mine_chapters(((c, None) for c in chapters), **options))

        return run

    print(f"warm-up: floor {cpu(floor):.2f} CPU s, mining {cpu(mining()):.2f} CPU s, {mining()()} candidates")
    floors, mines = [], []
    for _ in range(args.repeat):
        floors.append(cpu(floor))
        mines.append(cpu(mining()))
    n = len(sentences)
    best_floor, best_mine = min(floors), min(mines)
    print(
        f"floor  ({'+'.join(COMPONENTS)}, nlp.pipe): {n / best_floor:6.0f} sent/s cpu  (runs: {_runs(floors)})"
    )
    print(f"mining (default, pre-filter on):      {n / best_mine:6.0f} sent/s cpu  (runs: {_runs(mines)})")
    print(f"RATIO mining / floor (CPU time, best runs): {best_mine / best_floor:.2f}")
    if args.compare:
        for label, options in (
            ("tagger only, no pre-filter", {"prefilter": False}),
            ("parser + NER on, no pre-filter", {"prefilter": False, "tagger": load_tagger(full=True)}),
        ):
            print(f"{label:<37} {n / cpu(mining(**options)):6.0f} sent/s cpu")
    hours = BWB_SENTENCES / (n / best_mine) / 3600
    print(
        f"EXTRAPOLATION, not a measurement: BWB's {BWB_SENTENCES:,} English sentences at {n / best_mine:.0f} sent/s"
        f" per core on {text}: {hours:.2f} core-hours, {hours / 2:.2f} h on 2 cores (books mined in parallel)"
    )


def _runs(seconds: list[float]) -> str:
    return " ".join(f"{s:.2f}" for s in seconds) + " CPU s"


if __name__ == "__main__":
    exit_with(main)
