"""Cohesion candidates on short stories in the style of the cohesion paper's Table 1: one marked instance each.

    python -m evals.stories FILE [--show]

FILE (e.g. ``cohesion/judgements/stories-1.jsonl``) holds one JSON object per line: ``id``, ``phenomenon``,
``adjacency`` (adjacent or non_adjacent), ``sentences`` (2 to 5) and ``a``, ``b``: ``[sentence index, exact
text]`` of the two elements (for conjunction, ``a`` is the whole earlier sentence). Each story is mined on its
own. It is *found* when a candidate of its phenomenon has element 2 overlapping ``b`` and element 1 in ``a``'s
sentence overlapping ``a`` (any element 1 there for conjunction, whose element 1 is the previous text); *b only*
when element 2 is found but element 1 is elsewhere. Prints found / stories and b only per phenomenon x
adjacency, and the total; ``--show`` also prints each story not found, with what was mined for its ``b``. A
malformed line is a one-line error naming the file and line (exit 1).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from cohesion.candidate import ADJACENCY, Candidate
from cohesion.miner import mine_chapters
from core import json_text
from core.arg_types import OneLineParser, input_path
from core.files import TooLarge, missing, not_a_regular_file, os_problem, read_capped
from core.lines import split_text_lines
from core.rejection import quoted
from core.stdio import exit_with
from evals.data import DataError
from evals.recall import PHENOMENA, overlap


@dataclass(frozen=True)
class Story:
    id: str
    phenomenon: str
    adjacency: str
    sentences: list[str]
    a: tuple[int, int, int]  # sentence, start, end
    b: tuple[int, int, int]


def read_stories(path: Path) -> list[Story]:
    """The stories of ``path``; DataError naming the line of one that is malformed or repeats an id, a file
    without a story, or a path that is no regular file (a named pipe would wait for a writer for ever)."""
    if not_a_regular_file(path):
        raise DataError(f"{path}: not a stories file (a folder, a named pipe or a device)")
    try:
        text = read_capped(path).decode("utf-8")
    except TooLarge as err:
        raise DataError(str(err)) from None
    except UnicodeDecodeError as err:
        raise DataError(f"{path}: not UTF-8 ({err.reason} at byte {err.start})") from None
    except FileNotFoundError:  # it read "[Errno 2] No such file or directory: 'PATH'"
        raise DataError(f"{path}: {missing(path, 'file')}") from None
    except OSError as err:  # no permission, a symbolic link loop
        raise DataError(f"{path}: {os_problem(err)}") from None
    stories, lines_of = [], {}
    try:  # (a U+2028 may stand inside a JSON string)
        for number, row in json_text.json_lines(split_text_lines(text)):
            try:
                story = _story(row)
            except ValueError as err:
                raise DataError(f"{path}:{number}: {err}") from None
            if story.id in lines_of:  # a story given twice would count twice
                raise DataError(
                    f"{path}:{number}: id {quoted(story.id)} again (first on line {lines_of[story.id]})"
                )
            lines_of[story.id] = number
            stories.append(story)
    except json_text.JsonLineProblem as err:
        raise DataError(f"{path}:{err.line}: {err.reason}") from None
    if not stories:  # "found 0 of 0 stories (0%)" would read as a score
        raise DataError(f"{path}: no story in it (one JSON object per line)")
    return stories


def _story(row: object) -> Story:
    if not isinstance(row, dict):
        raise ValueError("expected a JSON object")
    missing = [key for key in ("id", "phenomenon", "adjacency", "sentences", "a", "b") if key not in row]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    sentences = row["sentences"]
    if not isinstance(sentences, list) or not all(isinstance(s, str) for s in sentences):
        raise ValueError("sentences: expected a list of strings")
    if row["phenomenon"] not in PHENOMENA or row["adjacency"] not in ADJACENCY:
        raise ValueError(
            f"unknown phenomenon or adjacency: {quoted(row['phenomenon'])}, {quoted(row['adjacency'])}"
        )
    a, b = (_element(sentences, row[key], key) for key in ("a", "b"))
    return Story(str(row["id"]), row["phenomenon"], row["adjacency"], sentences, a, b)


def _element(sentences: list[str], element: object, key: str) -> tuple[int, int, int]:
    if not isinstance(element, list) or len(element) != 2:
        raise ValueError(f"{key}: expected [sentence index, text] in the story")
    sent, text = element  # an index of true or false is no index (isinstance counts them as ints)
    if type(sent) is not int or not 0 <= sent < len(sentences) or not isinstance(text, str) or not text:
        raise ValueError(f"{key}: expected [sentence index, text] in the story")
    start = _whole_word(sentences[sent], text)
    if start < 0:
        raise ValueError(f"{key}: {quoted(text)} is not in sentence {sent}")
    return sent, start, start + len(text)


def _whole_word(sentence: str, text: str) -> int:
    """Where ``text`` first stands as whole words in ``sentence`` ("how" in "show how", not in "show"),
    else where it first stands at all; -1 when nowhere."""
    match = re.search(rf"(?<!\w){re.escape(text)}(?!\w)", sentence)
    return match.start() if match else sentence.find(text)


def verdict(story: Story, candidates: list[Candidate]) -> str:
    """ "found", "b only" or "missed" (module notes)."""
    own = [
        c
        for c in candidates
        if c.phenomenon == story.phenomenon
        and c.b.sent == story.b[0]
        and overlap((c.b.start, c.b.end), story.b[1:])
    ]
    for c in own:
        if c.a.sent == story.a[0] and (
            story.phenomenon == "conjunction" or overlap((c.a.start, c.a.end), story.a[1:])
        ):
            return "found"
    return "b only" if own else "missed"


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.stories", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=input_path, help="stories, JSON lines")
    parser.add_argument("--show", action="store_true", help="print each story not found")
    args = parser.parse_args(argv)
    try:
        stories = read_stories(args.file)
    except (DataError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    counts: Counter = Counter()
    mined = mine_chapters((story.sentences, None) for story in stories)
    for story, candidates in zip(stories, mined):
        result = verdict(story, candidates)
        counts[story.phenomenon, story.adjacency, result] += 1
        if args.show and result != "found":
            print(f"{result}: {story.id}: a {story.a} b {story.b}")
            for k, sentence in enumerate(story.sentences):
                print(f"  {k}: {sentence}")
            print(
                f"  mined for b: {[(c.phenomenon, c.a.text, c.b.text) for c in candidates if c.b.sent == story.b[0]]}"
            )
    print("| phenomenon | adjacency | found | stories | b only |")
    print("|---|---|---:|---:|---:|")
    for phenomenon in PHENOMENA:
        for adjacency in ("adjacent", "non_adjacent"):
            n = sum(counts[phenomenon, adjacency, r] for r in ("found", "b only", "missed"))
            if n:
                found, b_only = (
                    counts[phenomenon, adjacency, "found"],
                    counts[phenomenon, adjacency, "b only"],
                )
                print(f"| {phenomenon} | {adjacency} | {found} | {n} | {b_only} |")
    found = sum(n for (_, _, r), n in counts.items() if r == "found")
    print(f"found {found} of {len(stories)} stories ({found / max(len(stories), 1):.0%})")
    return 0


if __name__ == "__main__":
    exit_with(main)
