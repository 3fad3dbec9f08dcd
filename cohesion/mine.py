"""CLI: ``python -m cohesion.mine < sentences.txt`` — one English sentence per line in, one JSON
candidate per line out (phenomenon, subtype, adjacent, distance, sentences, a, b, spans, trigger)."""

from __future__ import annotations

import json
import sys

from cohesion.miner import mine


def main() -> None:
    sentences = [line.rstrip("\n") for line in sys.stdin]
    for candidate in mine(sentences):
        print(json.dumps(candidate.to_json(), ensure_ascii=False))


if __name__ == "__main__":
    main()
