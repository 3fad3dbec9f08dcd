"""Hand-judging the miner on real text, one sentence per line (e.g. ``../shared/eval-data/mac-dev``).

    python -m evals.judge sample DIR [--seed 0] [--per 20] [--shuffle] > /tmp/sample.txt
    python -m evals.judge score PASS1.tsv [PASS2.tsv]
    python -m evals.judge recall GOLD.tsv [--data ../shared/eval-data] [--show]

``DIR`` holds ``en/NNN.txt`` (and optionally ``zh/NNN.txt`` + ``gold/NNN.align`` beads, which give
each candidate its aligned Chinese). ``sample`` mines every chapter and prints a seeded sample per
phenomenon x adjacency (all where there are fewer) with the sentence window, element 1 marked
``[[...]]`` and element 2 ``<<...>>``; ``--shuffle`` mixes all cells in one seeded random order for
a blind second pass. The text is read at run time and never stored: verdict files hold only
``candidate_id <TAB> phenomenon <TAB> adjacency <TAB> 1|0 <TAB> reason``. ``score`` prints precision
per cell with a 95% Wilson interval and, given two passes, Cohen's kappa between them. ``recall``
mines the files of a hand gold (:mod:`evals.recall`) and prints recall per phenomenon and
precision inside the annotated stretches; ``--show`` also prints each miss and each wrong candidate
with its sentences (read at run time).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections import Counter
from pathlib import Path

from core.arg_types import OneLineParser, input_path, positive, whole
from core.rejection import quoted, shorten
from core.stdio import exit_with
from cohesion.agreement import cohen_kappa
from cohesion.candidate import ADJACENCY, Candidate, Span
from cohesion.sample import mark
from cohesion.stage import PHENOMENA, mine_book
from evals import recall
from evals.data import EVAL_DATA, DataError, load_chapters, not_a_folder, read_gold, read_lines

BOOK = "eval"


def load(root: Path) -> tuple[list[dict], list[dict]]:
    """CHAPTERS-like rows (``en_sentences``) and ALIGNED_PAIRS-like rows (zh per bead) of ``root``;
    DataError when it has no chapter. The line layout (``lines/NNN.en``, web fiction) is split with
    the project's splitter and its lines are the beads."""
    if (root / "lines").is_dir():
        return _load_lines(root)
    chapters, pairs = [], []
    for n, path in enumerate(sorted((root / "en").glob("*.txt")), 1):
        chapter_id = f"{BOOK}/{n}"
        en = read_lines(path)
        chapters.append({"chapter_id": chapter_id, "book_id": BOOK, "en_sentences": en, "file": path.name})
        zh_path, beads = root / "zh" / path.name, root / "gold" / f"{path.stem}.align"
        if not (os.path.lexists(zh_path) and os.path.lexists(beads)):
            continue
        zh = read_lines(zh_path)
        for k, (zh_idx, en_idx) in enumerate(read_gold(beads, (len(zh), len(en)))):
            pairs.append(
                {
                    "pair_id": f"{chapter_id}/{k}",
                    "chapter_id": chapter_id,
                    "en_idx": list(en_idx),
                    "zh": "".join(zh[i] for i in zh_idx),
                }
            )
    if not chapters:
        raise DataError(f"{root}: no chapters (expected en/NNN.txt)")
    return chapters, pairs


def _load_lines(root: Path) -> tuple[list[dict], list[dict]]:
    chapters, pairs = [], []
    for n, chapter in enumerate(load_chapters(root), 1):
        chapter_id = f"{BOOK}/{n}"
        en, name = chapter.en, f"{chapter.name}.en"
        chapters.append({"chapter_id": chapter_id, "book_id": BOOK, "en_sentences": en, "file": name})
        for k, (zh_idx, en_idx) in enumerate(chapter.gold or []):
            if zh_idx and en_idx:
                zh = "".join(chapter.zh[i] for i in zh_idx)
                pairs.append(
                    {
                        "pair_id": f"{chapter_id}/{k}",
                        "chapter_id": chapter_id,
                        "en_idx": list(en_idx),
                        "zh": zh,
                    }
                )
    return chapters, pairs


def draw(rows: list[dict], per: int, seed: int) -> list[dict]:
    """Up to ``per`` candidates per phenomenon x adjacency, seeded."""
    picked = []
    for p in PHENOMENA:
        for a in ADJACENCY:
            pool = [r for r in rows if (r["phenomenon"], r["adjacency"]) == (p, a)]
            picked += random.Random(f"{seed}/{p}/{a}").sample(pool, min(per, len(pool)))
    return picked


def show(r: dict, sentences: list[str]) -> str:
    head = f"{r['candidate_id']}  {r['phenomenon']}/{r['subtype']}  {r['adjacency']} d={r['distance']}"
    head += f"  trigger={r['trigger']}" + (f"  evidence={r['evidence']}" if r["evidence"] else "")
    lines = []
    for i in range(r["sent_a"], r["sent_b"] + 1):
        text = sentences[i]
        if i == r["sent_b"]:
            text = mark(text, r["b_start"], r["b_end"], "<<", ">>")
        if i == r["sent_a"] and r["a_end"] > r["a_start"]:
            text = mark(text, r["a_start"], r["a_end"], "[[", "]]")
        lines.append(f"  S{i}: {text}")
    return "\n".join([head, *lines])


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of the proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n))


def read_verdicts(path: Path) -> dict[str, tuple[str, str, bool]]:
    """candidate_id -> (phenomenon, adjacency, accepted); DataError naming the line of one without those
    four fields, with a phenomenon, adjacency or verdict (1 or 0) outside their sets, or judged again; and
    for a file without a verdict."""
    verdicts = {}
    for n, line in enumerate(read_lines(path), 1):
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            if len(fields) < 4:
                raise DataError(f"{path}:{n}: not candidate_id, phenomenon, adjacency, 1|0 (tab-separated)")
            cid, phenomenon, adjacency, accept = fields[0], fields[1], fields[2], fields[3].strip()
            for what, value, known in (
                ("phenomenon", phenomenon, PHENOMENA),
                ("adjacency", adjacency, ADJACENCY),
                ("verdict", accept, ("1", "0")),
            ):
                if value not in known:
                    raise DataError(f"{path}:{n}: {what} {quoted(value)} is not one of {', '.join(known)}")
            if cid in verdicts:  # (a line of 200 MB was echoed whole)
                raise DataError(f"{path}:{n}: {shorten(cid)} is judged a second time")
            verdicts[cid] = (phenomenon, adjacency, accept == "1")
    if not verdicts:  # an empty table would read as a pass with nothing judged
        raise DataError(f"{path}: no verdict in it (candidate_id, phenomenon, adjacency, 1|0 per line)")
    return verdicts


def score(first: dict[str, tuple[str, str, bool]], second: dict | None = None) -> list[str]:
    """Markdown table of precision per cell (pass 1) and, with ``second``, agreement and kappa (DataError
    when the passes share no candidate)."""
    cells: Counter = Counter()
    accepted: Counter = Counter()
    for phenomenon, adjacency, ok in first.values():
        cells[phenomenon, adjacency] += 1
        accepted[phenomenon, adjacency] += ok
    out = [
        "| phenomenon | adjacency | judged | accepted | precision | 95% interval |",
        "|---|---|---:|---:|---:|---|",
    ]
    for p in PHENOMENA:
        for a in ADJACENCY:
            n, k = cells[p, a], accepted[p, a]
            if n:
                low, high = wilson(k, n)
                out.append(f"| {p} | {a} | {n} | {k} | {k / n:.0%} | {low:.0%}–{high:.0%} |")
    if second is not None:
        both = sorted(set(first) & set(second))
        if not both:  # no kappa of nothing
            raise DataError(
                "the two passes judge no candidate in common: nothing to compare (two passes of one sample?)"
            )
        x, y = [first[c][2] for c in both], [second[c][2] for c in both]
        kappa = cohen_kappa(x, y)
        differ = [c for c in both if first[c][2] != second[c][2]]
        alone = [len(set(first) - set(second)), len(set(second) - set(first))]
        left_out = (
            f"; judged in one pass only, left out: pass 1 {alone[0]}, pass 2 {alone[1]}" if any(alone) else ""
        )
        out += [
            "",
            f"passes compared: {len(both)}; agree {len(both) - len(differ)}; "
            f"kappa {'n/a' if kappa is None else f'{kappa:.2f}'}{left_out}",
            *(f"- disagreement: {c} (pass 1 {int(first[c][2])}, pass 2 {int(second[c][2])})" for c in differ),
        ]
    return out


def recall_report(gold_path: Path, data: Path, show: bool = False) -> list[str]:
    """The ``recall`` command's output; DataError for a malformed gold or data, OSError for missing data."""
    gold = recall.read_recall_gold(gold_path, data)
    mined = recall.mine_sources(gold)
    result = recall.evaluate(gold, mined)
    out = [f"{gold_path}", "", *recall.report(result), "", *recall.by_stretch(gold, mined)]
    if show:
        text = gold.texts
        for g in result.missed:
            a, b = Span(g.a[0], max(g.a[1], 0), max(g.a[2], 0), ""), Span(g.b[0], *g.b[1:], "")
            c = Candidate(g.phenomenon, "gold", a, b, "")
            out.append(f"\nMISSED {g.source} {show_spans(c, text[g.source])}")
        for source, c in result.wrong:
            out.append(f"\nWRONG {source} {c.subtype} {show_spans(c, text[source])}")
    return out


def show_spans(c: Candidate, sentences: list[str]) -> str:
    """A candidate's sentence window with element 1 marked [[...]] and element 2 <<...>>."""
    row = {
        "candidate_id": c.phenomenon, "phenomenon": c.phenomenon, "subtype": c.subtype,
        "adjacency": c.adjacency, "distance": c.distance, "trigger": c.trigger, "evidence": "",
        "sent_a": c.a.sent, "sent_b": c.b.sent, "a_start": c.a.start, "a_end": c.a.end,
        "b_start": c.b.start, "b_end": c.b.end,
    }  # fmt: skip
    return show(row, sentences)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.judge", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("sample", help="mine DIR and print the judging sample")
    s.add_argument("directory", type=input_path, help="evaluation folder whose English is mined")
    s.add_argument("--seed", type=whole, default=0, help="random seed of the sample (default 0)")
    s.add_argument(
        "--per", type=positive, default=20, help="candidates per phenomenon x adjacency cell (default 20)"
    )
    s.add_argument("--shuffle", action="store_true", help="one seeded random order over all cells")
    c = commands.add_parser("score", help="precision per cell (+ kappa between two passes)")
    c.add_argument("first", type=input_path, help="a judged sample TSV")
    c.add_argument(
        "second", type=input_path, nargs="?", help="a second pass of the same sample (kappa between them)"
    )
    g = commands.add_parser("recall", help="recall and precision against an exhaustive hand gold")
    g.add_argument("gold", type=input_path, help="the gold TSV (e.g. cohesion/judgements/recall-gold.tsv)")
    g.add_argument(
        "--data", type=input_path, default=EVAL_DATA, help="eval-data folder (default ../shared/eval-data)"
    )
    g.add_argument("--show", action="store_true", help="print every miss and wrong candidate")
    args = parser.parse_args(argv)
    if args.command == "sample" and not_a_folder(args.directory):  # a link loop had "no chapters"
        return 1
    try:
        _run(args)
    except BrokenPipeError:
        raise  # a reader that quit early (| head): exit_with ends quietly
    except (DataError, OSError) as e:  # unreadable, not UTF-8 or malformed input
        if e is getattr(sys.stdout, "failed", None):  # stdout's (a full disk): exit_with's one line, not two
            raise
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


def _run(args: argparse.Namespace) -> None:
    if args.command == "recall":
        print("\n".join(recall_report(args.gold, args.data, args.show)))
        return
    if args.command == "score":
        if args.second and os.path.abspath(args.second) == os.path.abspath(args.first):  # kappa with itself
            raise DataError(f"{args.first} is named twice: give the second pass of the sample")
        second = read_verdicts(args.second) if args.second else None
        print("\n".join(score(read_verdicts(args.first), second)))
        return
    chapters, pairs = load(args.directory)
    result = mine_book(chapters, pairs)
    rows, stats = result.rows, result.stats
    print(f"{stats['sentences']} sentences, {stats['candidates']} candidates")
    for p, by in stats["by_phenomenon"].items():
        print(f"  {p:<13}" + "".join(f" {a}={n}" for a, n in by.items()))
    text = {c["chapter_id"]: c["en_sentences"] for c in chapters}
    picked = draw(rows, args.per, args.seed)
    if args.shuffle:
        random.Random(f"{args.seed}/shuffle").shuffle(picked)
    for n, r in enumerate(picked, 1):
        print(f"\n{n}. {show(r, text[r['chapter_id']])}")


if __name__ == "__main__":
    exit_with(main)
