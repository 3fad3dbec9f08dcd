"""CLI: ``python -m cohesion.mine [FILE] [--errors strict|replace] < sentences.txt`` — one English
sentence per line in (stdin when no FILE), one JSON candidate per line out (phenomenon, subtype,
adjacency, adjacent, distance, sentences, a, b, spans, trigger, evidence).

Bad input never gives a traceback: invalid UTF-8 is a one-line error naming the byte offset (or,
with ``--errors replace``, decoded with U+FFFD), binary input (a NUL byte) is refused with a
one-line error, and a line longer than spaCy's maximum is skipped by name on stderr while every
other line is mined as usual (sentence numbers stay those of the input).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cohesion.miner import mine
from cohesion.nlp import load_tagger


class InputError(Exception):
    """Input that cannot be mined at all; the message is one line."""


def decode(data: bytes, errors: str = "strict", name: str = "stdin") -> list[str]:
    """The lines of ``data``; InputError for binary data or (with ``errors="strict"``) bad UTF-8."""
    nul = data.find(b"\0")
    if nul >= 0:
        raise InputError(f"{name}: binary input (NUL byte at offset {nul}), nothing mined")
    try:
        text = data.decode("utf-8", errors=errors)
    except UnicodeDecodeError as e:
        raise InputError(
            f"{name}: invalid UTF-8 at byte offset {e.start} (rerun with --errors replace to mine it anyway)"
        ) from None
    return text.splitlines()


def within_limit(lines: list[str], limit: int, name: str = "stdin") -> list[str]:
    """``lines`` with every line over ``limit`` characters emptied and reported on stderr."""
    kept = []
    for n, line in enumerate(lines, 1):
        if len(line) > limit:
            print(
                f"{name}: line {n} skipped: {len(line)} characters, over spaCy's maximum {limit}",
                file=sys.stderr,
            )
            line = ""
        kept.append(line)
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cohesion.mine", description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="sentences, one per line (default: stdin)")
    parser.add_argument("--errors", choices=("strict", "replace"), default="strict", help="on invalid UTF-8")
    args = parser.parse_args(argv)
    name = str(args.file) if args.file else "stdin"
    try:
        data = args.file.read_bytes() if args.file else sys.stdin.buffer.read()
        lines = decode(data, args.errors, name)
    except (InputError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sentences = within_limit(lines, load_tagger().max_length, name)
    for candidate in mine(sentences):
        print(json.dumps(candidate.to_json(), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
