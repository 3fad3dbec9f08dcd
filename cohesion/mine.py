"""CLI: ``python -m cohesion.mine [PATH ...] [--errors strict|replace]`` — English sentences, one per
line, in (files, folders of ``*.txt`` files, or stdin when no PATH), one JSON candidate per line out
(phenomenon, subtype, adjacency, adjacent, distance, sentences, a, b, spans, trigger, evidence; with
PATHs, ``file`` first).

Each file is a chapter of its own (no candidate links two files); all are mined in one process and one
tagging stream, so the fixed cost (model load, first WordNet use) is paid once. Bad input never gives a
traceback: an unreadable file, a named pipe or a device (never waited on), invalid UTF-8 (a one-line error
naming the byte offset or, with ``--errors replace``, decoded with U+FFFD) and binary input (a NUL byte) are
each a one-line error on stderr, the other files are mined, and the exit status is 2; language data without
WordNet is a one-line error, exit status 1. A line longer than the miner's maximum sentence length is
skipped by name on stderr while every other line is mined as usual (sentence numbers stay those of the
input)."""

from __future__ import annotations

import json
import sys
from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from cohesion import miner
from core.arg_types import OneLineParser, input_path
from core.files import TooLarge, folder_entries, not_a_regular_file, read_capped
from core.lines import split_text_lines
from core.stdio import exit_with, output_may_be_cut, stdin_bytes
from text.decoding import decode_utf8


class InputError(Exception):
    """Input that cannot be mined at all; the message is one line."""


def decode(data: bytes, errors: str = "strict", name: str = "stdin") -> list[str]:
    """The lines of ``data`` (``text.decoding.decode_utf8``); InputError for binary data or (with
    ``errors="strict"``) bad UTF-8."""
    try:
        text = decode_utf8(data, errors, name, "mine")
    except ValueError as err:
        raise InputError(str(err)) from None
    # (a byte order mark is no part of the first sentence: decode_utf8 drops it)
    return split_text_lines(text)


def within_limit(lines: list[str], name: str = "stdin") -> list[str]:
    """``lines`` with every line over :data:`miner.MAX_CHARS` emptied and reported on stderr."""
    kept = []
    for n, line in enumerate(lines, 1):
        if miner.too_long(line):
            print(
                f"{name}: line {n} skipped: {len(line)} characters, over the miner's maximum {miner.MAX_CHARS}",
                file=sys.stderr,
            )
            line = ""
        kept.append(line)
    return kept


def sources(paths: list[Path]) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """(name, reader) per file to mine: each path, a folder replaced by its ``*.txt`` files in name
    order (a folder without any reads as an InputError, and so does a named pipe or a device, which
    would be waited on for ever)."""
    for path in paths:
        if not path.is_dir():
            yield str(path), _reader(path)
            continue
        try:
            files = [p for p in folder_entries(path) if p.name.endswith(".txt") and not p.is_dir()]
        except OSError as err:  # no permission: named by main, as an unreadable file is
            yield str(path), partial(_unlisted, err)
            continue
        yield from (
            ((str(p), _reader(p)) for p in files) if files else [(str(path), partial(_no_text, path))]
        )


def _reader(path: Path) -> Callable[[], bytes]:
    return partial(_not_regular, path) if not_a_regular_file(path) else partial(_capped, path)


def _capped(path: Path) -> bytes:
    try:
        return read_capped(path)
    except TooLarge as err:
        raise InputError(f"{err}, nothing mined") from None


def _not_regular(path: Path) -> bytes:
    raise InputError(f"{path}: not a regular file (a named pipe or a device), nothing mined")


def _unlisted(err: OSError) -> bytes:
    raise err


def _no_text(folder: Path) -> bytes:
    raise InputError(f"{folder}: a folder without *.txt files, nothing mined")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m cohesion.mine", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "paths", nargs="*", type=input_path, help="files or folders of *.txt (default: stdin)"
    )
    parser.add_argument("--errors", choices=("strict", "replace"), default="strict", help="on invalid UTF-8")
    args = parser.parse_args(argv)
    names: deque[str | None] = deque()  # the chapter each result of the miner belongs to
    failed = []

    def chapters() -> Iterator[tuple[list[str], None]]:
        for name, read in sources(args.paths) if args.paths else [("stdin", _stdin)]:
            try:
                lines = decode(read(), args.errors, name)
            except (InputError, OSError) as e:  # OSError: absent, a dangling link or a loop, no permission
                problem = f"{name}: {e.strerror}" if isinstance(e, OSError) and e.strerror else e
                print(f"error: {problem}", file=sys.stderr)
                failed.append(name)
                continue
            names.append(name if args.paths else None)
            yield within_limit(lines, name), None

    with output_may_be_cut():
        try:
            for found in miner.mine_chapters(chapters()):
                name = names.popleft()
                for candidate in found:
                    row = candidate.to_json()
                    print(json.dumps(row if name is None else {"file": name, **row}, ensure_ascii=False))
        except LookupError as err:  # the language data lacks WordNet (cohesion.nlp.wordnet)
            print(f"error: {err}", file=sys.stderr)
            return 1
    return 2 if failed else 0


def _stdin() -> bytes:
    try:
        return stdin_bytes("mine")
    except ValueError as err:
        raise InputError(str(err)) from None


if __name__ == "__main__":
    exit_with(main)
