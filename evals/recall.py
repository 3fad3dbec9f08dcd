"""Recall against an exhaustive hand gold, and precision inside the annotated stretches.

The recall gold (e.g. ``cohesion/judgements/recall-gold.tsv``; not the alignment gold of ``evals.data``) holds no text, only offsets into files
of the eval data (``../shared/eval-data``), tab-separated:

- ``stretch  SOURCE  FIRST  LAST  DIGEST``: sentences FIRST..LAST of SOURCE were annotated exhaustively;
  DIGEST (:func:`stretch_digest` of those sentences; optional) ties the numbers to the text: a gold read
  after its data or the sentence splitter changed the sentences there is refused, not scored off by one;
- ``instance  SOURCE  PHENOMENON  ADJACENCY  A_SENT A_START A_END  B_SENT B_START B_END``: one link
  (character offsets into the sentences; ``-1 -1`` for a whole sentence, the earlier side of a
  conjunction; reference needs a noun phrase there); both sentences lie in one stretch of SOURCE (an
  instance outside the stretches is refused: its file would not be mined, or not be exhaustive there).

Sentences are numbered from 0; a stretch or instance that names a sentence past the end of its SOURCE
is refused too (it would be a silent miss).

SOURCE is a path under the data folder: a one-sentence-per-line file (``mac-dev/en/002.txt``) or a
one-paragraph-per-line file (``webfiction-dev/lines/001.en``, split with the project's splitter).
A candidate matches an instance when the phenomenon is the same, element 2 overlaps the instance's,
and element 1 is in the same sentence and overlaps it (any element 1 in that sentence for a
whole-sentence instance; element 2 alone for a conjunction). Candidates count for precision when
both of their sentences lie inside a stretch: there the gold is exhaustive, so a candidate that
matches no instance is wrong.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from cohesion.candidate import ADJACENCY, PHENOMENA, Candidate
from cohesion.miner import mine
from evals.data import DataError, read_lines
from text.sentences import split_sentences


@dataclass(frozen=True)
class Instance:
    source: str
    phenomenon: str
    adjacency: str
    a: tuple[int, int, int]  # sentence, start, end (start = end = -1: the whole sentence)
    b: tuple[int, int, int]


@dataclass(frozen=True)
class Gold:
    stretches: dict[str, list[tuple[int, int]]]  # source -> [(first, last)]
    instances: list[Instance]
    texts: dict[str, list[str]] = field(default_factory=dict)  # source -> its sentences, as checked


class GoldError(DataError):
    """A malformed gold line; the message names the file and line."""


def read_recall_gold(path: Path, data: Path) -> Gold:
    """The stretches and instances of a recall gold on the files of ``data``; GoldError for a gold of no
    stretch, and naming the line of a malformed one, of an instance listed again, of an instance that lies in no stretch of its source
    (never mined, or where the gold is not exhaustive), and of a sentence past the end of its source."""
    stretches: dict[str, list[tuple[int, int]]] = {}
    instances: list[tuple[int, Instance]] = []  # (line number, instance)
    named: list[tuple[int, str, int]] = []  # (line number, source, the last sentence it names)
    digests: list[tuple[int, str, int, int, str]] = []  # (line number, source, first, last, digest)
    lines_of: dict[Instance, int] = {}  # each instance's first line: a repeated one counted twice in recall
    for n, line in enumerate(read_lines(path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        try:
            if f[0] == "stretch" and len(f) in (4, 5):
                first, last = int(f[2]), int(f[3])
                if not 0 <= first <= last:
                    raise GoldError(f"{path}:{n}: a stretch from sentence {first} to {last}")
                stretches.setdefault(f[1], []).append((first, last))
                named.append((n, f[1], last))
                if len(f) == 5:
                    digests.append((n, f[1], first, last, f[4]))
            elif f[0] == "instance" and len(f) == 10 and f[2] in PHENOMENA and f[3] in ADJACENCY:
                nums = [int(x) for x in f[4:]]
                if problem := _span_problem(nums[:3]) or _span_problem(nums[3:]):
                    raise GoldError(f"{path}:{n}: {problem}")
                instance = Instance(f[1], f[2], f[3], tuple(nums[:3]), tuple(nums[3:]))
                if (first_line := lines_of.setdefault(instance, n)) != n:
                    raise GoldError(
                        f"{path}:{n}: the instance of line {first_line} again (it would count twice)"
                    )
                instances.append((n, instance))
                named.append((n, f[1], max(nums[0], nums[3])))
            else:
                raise ValueError
        except GoldError:
            raise
        except ValueError:
            raise GoldError(f"{path}:{n}: not a stretch or instance line") from None
    if not stretches:  # an empty file: a report of no rows, as if a gold of nothing were recalled
        raise GoldError(f"{path}: no stretch in it (stretch and instance lines, tab-separated)")
    for n, g in instances:
        if not _covers(stretches.get(g.source, []), *sorted((g.a[0], g.b[0]))):
            raise GoldError(f"{path}:{n}: the instance lies in no stretch of {g.source}")
    texts = _checked_texts(path, data, named, instances)
    for n, source, first, last, digest in digests:
        if (today := stretch_digest(texts[source][first : last + 1])) != digest:
            raise GoldError(
                f"{path}:{n}: sentences {first}-{last} of {source} are not those the gold was annotated on"
                f" (digest {today}, the gold's {digest}): the data or the sentence splitter changed them;"
                " number the gold's sentences anew"
            )
    return Gold(stretches, [g for _, g in instances], texts)


def stretch_digest(sentences: list[str]) -> str:
    """The digest a stretch line records of its sentences: 12 hex digits of their SHA-256."""
    return hashlib.sha256("\n".join(sentences).encode("utf-8")).hexdigest()[:12]


def _span_problem(span: list[int]) -> str | None:
    """What is wrong with an instance's (sentence, start, end), if anything (-1 -1: the whole sentence)."""
    sentence, start, end = span
    if sentence < 0:
        return f"sentence {sentence}: sentences are numbered from 0"
    if (start, end) != (-1, -1) and not 0 <= start < end:
        return f"characters {start} to {end} of sentence {sentence}: not a span"
    return None


def _checked_texts(
    path: Path, data: Path, named: list[tuple[int, str, int]], instances: list[tuple[int, Instance]]
) -> dict[str, list[str]]:
    """The sentences of each source ``path`` names; GoldError naming the first line that names a sentence
    past the end of its source, or characters past the end of their sentence (a silent miss otherwise);
    ``named`` holds (line number, source, the last sentence the line names)."""
    texts: dict[str, list[str]] = {}
    for n, source, sentence in named:
        if source not in texts:
            texts[source] = sentences(data, source)
        if sentence >= len(texts[source]):
            raise GoldError(
                f"{path}:{n}: sentence {sentence} is past the end of {source} ({len(texts[source])} sentences)"
            )
    for n, g in instances:
        for sentence, _, end in (g.a, g.b):
            if end > len(texts[g.source][sentence]):
                raise GoldError(
                    f"{path}:{n}: character {end} is past the end of sentence {sentence} of {g.source}"
                    f" ({len(texts[g.source][sentence])} characters)"
                )
    return texts


def sentences(data: Path, source: str) -> list[str]:
    """The sentences of one source file (paragraph files of the line layout are split)."""
    lines = read_lines(data / source)
    return split_sentences(lines, "en") if source.endswith(".en") else lines


def matches(c: Candidate, g: Instance) -> bool:
    if c.phenomenon != g.phenomenon or c.b.sent != g.b[0] or not overlap((c.b.start, c.b.end), g.b[1:]):
        return False
    if g.phenomenon == "conjunction":
        return True
    return c.a.sent == g.a[0] and (g.a[1] < 0 or overlap((c.a.start, c.a.end), g.a[1:]))


def overlap(x: tuple[int, int], y: tuple[int, int]) -> bool:
    """Do the character spans ``[start, end)`` share a character?"""
    return x[0] < y[1] and y[0] < x[1]


def inside(c: Candidate, stretches: list[tuple[int, int]]) -> bool:
    return _covers(stretches, c.a.sent, c.b.sent)


def _covers(stretches: list[tuple[int, int]], first: int, last: int) -> bool:
    """Whether one of ``stretches`` holds sentences ``first`` to ``last``."""
    return any(start <= first and last <= end for start, end in stretches)


@dataclass
class Result:
    found: Counter  # (phenomenon, adjacency) -> gold instances found
    gold: Counter  # (phenomenon, adjacency) -> gold instances
    right: Counter  # phenomenon -> candidates inside the stretches that match an instance
    mined: Counter  # phenomenon -> candidates inside the stretches
    missed: list[Instance]
    wrong: list[tuple[str, Candidate]]  # (source, candidate)


def evaluate(gold: Gold, mined: dict[str, list[Candidate]]) -> Result:
    """Score ``mined`` (source -> candidates of the whole file) against ``gold``."""
    r = Result(Counter(), Counter(), Counter(), Counter(), [], [])
    for g in gold.instances:
        r.gold[g.phenomenon, g.adjacency] += 1
        if any(matches(c, g) for c in mined.get(g.source, [])):
            r.found[g.phenomenon, g.adjacency] += 1
        else:
            r.missed.append(g)
    for source, stretches in gold.stretches.items():
        own = [g for g in gold.instances if g.source == source]
        for c in mined.get(source, []):
            if c.adjacency == "intra" or not inside(c, stretches):
                continue
            r.mined[c.phenomenon] += 1
            if any(matches(c, g) for g in own):
                r.right[c.phenomenon] += 1
            else:
                r.wrong.append((source, c))
    return r


def mine_sources(gold: Gold) -> dict[str, list[Candidate]]:
    return {source: mine(gold.texts[source]) for source in gold.stretches}


def report(r: Result) -> list[str]:
    """Markdown: recall per phenomenon x adjacency and precision per phenomenon inside the stretches."""
    out = [
        "| phenomenon | recall adjacent | recall non-adjacent | recall | precision in stretches |",
        "|---|---:|---:|---:|---:|",
    ]

    def frac(k: int, n: int) -> str:
        return f"{k}/{n} ({k / n:.0%})" if n else "—"

    for p in PHENOMENA:
        adj = [(r.found[p, a], r.gold[p, a]) for a in ("adjacent", "non_adjacent")]
        k, n = sum(x for x, _ in adj), sum(y for _, y in adj)
        out.append(
            f"| {p} | {frac(*adj[0])} | {frac(*adj[1])} | {frac(k, n)} | {frac(r.right[p], r.mined[p])} |"
        )
    k, n = sum(r.found.values()), sum(r.gold.values())
    out.append(f"| **all** | | | {frac(k, n)} | {frac(sum(r.right.values()), sum(r.mined.values()))} |")
    return out


def by_stretch(gold: Gold, mined: dict[str, list[Candidate]]) -> list[str]:
    """Markdown: overall recall and precision per annotated file."""
    out = ["| file | stretches | recall | precision in stretches |", "|---|---|---:|---:|"]
    for source, stretches in gold.stretches.items():
        own = Gold({source: stretches}, [g for g in gold.instances if g.source == source])
        r = evaluate(own, {source: mined.get(source, [])})
        k, n = sum(r.found.values()), sum(r.gold.values())
        right, total = sum(r.right.values()), sum(r.mined.values())
        spans = ", ".join(f"{a}-{b}" for a, b in stretches)
        out.append(
            f"| {source} | {spans} | {k}/{n} ({k / max(n, 1):.0%}) | {right}/{total} ({right / max(total, 1):.0%}) |"
        )
    return out
