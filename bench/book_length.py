"""Cost per chapter of the per-book stages as books grow: CPU seconds per chapter and peak RSS.

Usage: ``python -m bench.book_length [--chapters 510,1000,2000,4000] [--shapes plain,...]
[--stages clean,dedup,filter,align,mine]``. A task handles one whole book, and web novels run to
thousands of chapters, so a cost that grows with the book's length shows only in long books (a bench on
short books hid one). For each shape and size, one synthetic book (``bench.synthetic``, renumbered,
about 49 sentence pairs a chapter) is written as raw Parquet shards, then each stage runs on it in a
fresh process as the scale bench runs it (``bench.bench_scale.run_child``: preloaded, the task forked);
the RSS is that process's peak or its task's, the larger. Times are CPU seconds (user + sys) per zh
chapter of the raw book. Not part of ``make bench`` (the long sizes take minutes); makes no assertions.

Shapes (each on top of ``plain``, the scale bench's book; the texts added are made up here):

* ``notice``: every chapter ends with the same long notice, in both languages (dedup's buckets);
* ``openings``: every chapter opens with the same paragraph, in both languages;
* ``long``: every ``LONG_EVERY``-th chapter runs on with the next ``LONG_RUN`` chapters' text (about 300
  sentences), on both sides, those chapters left in place as well;
* ``parts``: every ``PART_EVERY``-th chapter's translation is posted as two parts, each numbered as a chapter
  (every later English number one more);
* ``missing``: every ``GAP_EVERY``-th translation missing (a gap in the numbers) and after every
  ``EXTRA_EVERY``-th an extra chapter from another book, numbered as a chapter (pairing's search);
* ``fewer``: every tenth translation missing and the rest numbered on without gaps (the English side 10%
  shorter, its numbers off by one more every ten chapters);
* ``gap30``: ``RUN`` translations in a row missing halfway through, the rest numbered on (every later
  number ``RUN`` off);
* ``extra30``: ``RUN`` en chapters of another book inserted halfway through, numbered on (a translator's
  extras: every later number ``RUN`` more);
* ``gap40extra25``: ``WIDE_GAP`` translations in a row missing halfway through and ``FILL`` en chapters of
  another book in their place, numbered on (every later number ``WIDE_GAP - FILL`` off);
* ``block10``: halfway through, a block of ``BLOCK`` translations posted after the next ``BLOCK``, numbered
  as posted (a monotone pairing can keep one of the two blocks: ``BLOCK`` pairs fewer than expected).

With ``filter`` run, each book's chapter pairs are compared with the shape's truth (the zh chapters each
en chapter translates): pairs right (both sides exact), wrong (any other), of those expected.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.bench_scale import add_stage_child, answered_as_child, run_child, write_raw
from bench.bwb import STAGES
from bench.synthetic import EN_BOILERPLATE, ZH_BOILERPLATE, raw_row, synthetic_book
from bench.synthetic_books import CHAPTERS
from core import storage
from core.arg_types import OneLineParser
from core.layout import Layout
from core.raw_rows import raw_id
from core.stdio import exit_with

DEFAULT_SIZES = "510,1000,2000,4000"
LONG_EVERY, LONG_RUN = 500, 5
PART_EVERY = 150
GAP_EVERY, EXTRA_EVERY = 37, 53
RUN, BLOCK = 30, 10
WIDE_GAP, FILL = 40, 25
ZH_NOTICE = (
    "译者按：本书每日两更，" + "欢迎各位读者留言讨论剧情走向，每满一百张月票加更一章，感谢大家的支持。" * 3
)
EN_NOTICE = (
    "Translator's note: two chapters a day. "
    + "Comments on the plot are welcome, and every hundred votes this month bring one more chapter; "
    "thank you all for your support. " * 3
).strip()
ZH_OPENING = "天色微明，城门刚开，街上已有行人往来，卖早点的人高声叫卖。"
EN_OPENING = "Dawn was breaking as the city gates opened, and the street already had passers-by and the cries of breakfast sellers."

Chapter = tuple[str, list[str]]  # title, body paragraphs
Sides = tuple[list[Chapter], list[Chapter], list[tuple[int, ...]]]  # zh, en, the zh chapters of each en one


def _body(row: dict) -> list[str]:
    """The paragraphs of a synthetic raw row, without its site boilerplate and title line."""
    edge = len(ZH_BOILERPLATE if row["lang"] == "zh" else EN_BOILERPLATE)
    return row["text"].split("\n")[edge + 1 : -edge]


def _sides(n: int, book: int = 0) -> Sides:
    """Synthetic book ``book`` of ``n`` chapters, renumbered, as chapters per side."""
    rows, renumbering = synthetic_book(book, n, seed=0, renumber=True)
    zh = [(r["title"], _body(r)) for r in rows if r["lang"] == "zh"]
    en = [(r["title"], _body(r)) for r in rows if r["lang"] == "en"]
    return zh, en, renumbering.en_chapters(n)


def _renumbered(title: str, number: int) -> str:
    return re.sub(r"\d+", str(number), title, count=1)


def _notice(sides: Sides) -> Sides:
    zh, en, of = sides
    return [(t, [*b, ZH_NOTICE]) for t, b in zh], [(t, [*b, EN_NOTICE]) for t, b in en], of


def _openings(sides: Sides) -> Sides:
    zh, en, of = sides
    return [(t, [ZH_OPENING, *b]) for t, b in zh], [(t, [EN_OPENING, *b]) for t, b in en], of


def _long(sides: Sides) -> Sides:
    zh, en, of = sides
    zh, en = list(zh), list(en)
    for j, ids in enumerate(of):
        if ids[0] % LONG_EVERY == LONG_EVERY // 2 and j + LONG_RUN < len(en):
            k = ids[0]
            zh[k] = (zh[k][0], [p for _, body in zh[k : k + LONG_RUN + 1] for p in body])
            en[j] = (en[j][0], [p for _, body in en[j : j + LONG_RUN + 1] for p in body])
    return zh, en, of


def _numbered_on(en: list[Chapter], first: int) -> list[Chapter]:
    """``en`` numbered from ``first`` without gaps (a chapter without a number keeps its title)."""
    out, number = [], first
    for title, body in en:
        if re.search(r"\d", title):
            out.append((_renumbered(title, number), body))
            number += 1
        else:
            out.append((title, body))
    return out


def _first_number(en: list[Chapter]) -> int:
    return next(int(re.search(r"\d+", t)[0]) for t, _ in en if re.search(r"\d", t))


def _parts(sides: Sides) -> Sides:
    zh, en, of = sides
    out, of_out = [], []
    for j, ((title, body), ids) in enumerate(zip(en, of)):
        if j % PART_EVERY == PART_EVERY // 2 and len(body) > 1:
            half = len(body) // 2
            out += [(title, body[:half]), (title, body[half:])]
            of_out += [ids, ids]
        else:
            out.append((title, body))
            of_out.append(ids)
    return zh, _numbered_on(out, _first_number(en)), of_out


def _missing(sides: Sides) -> Sides:
    zh, en, of = sides
    strays = iter(_sides(max(len(en) // EXTRA_EVERY, 1), book=1)[1])
    out, of_out, shift = [], [], 0
    for j, ((title, body), ids) in enumerate(zip(en, of)):
        number = re.search(r"\d+", title)
        if j % GAP_EVERY != GAP_EVERY // 2:
            out.append((_renumbered(title, int(number[0]) + shift) if number else title, body))
            of_out.append(ids)
        if number and j % EXTRA_EVERY == EXTRA_EVERY // 2 and (stray := next(strays, None)):
            shift += 1  # an extra chapter numbered as one: every later number one more
            out.append((_renumbered(title, int(number[0]) + shift), stray[1]))
            of_out.append(())
    return zh, out, of_out


def _fewer(sides: Sides) -> Sides:
    zh, en, of = sides
    kept = [(c, ids) for j, (c, ids) in enumerate(zip(en, of)) if j % 10 != 5]
    return zh, _numbered_on([c for c, _ in kept], _first_number(en)), [ids for _, ids in kept]


def _gap(sides: Sides) -> Sides:
    zh, en, of = sides
    cut = len(en) // 2
    return zh, _numbered_on(en[:cut] + en[cut + RUN :], _first_number(en)), of[:cut] + of[cut + RUN :]


def _strays(sides: Sides, cut: int, gap: int, extra: int) -> Sides:
    """``sides`` with ``gap`` translations from en chapter ``cut`` on left out and ``extra`` en chapters
    of another book in their place, numbered on."""
    zh, en, of = sides
    strays = [(en[cut][0], body) for _, body in _sides(extra + extra // 2, book=1)[1][1 : extra + 1]]
    out = _numbered_on(en[:cut] + strays + en[cut + gap :], _first_number(en))
    return zh, out, of[:cut] + [()] * len(strays) + of[cut + gap :]


def _extra(sides: Sides) -> Sides:
    return _strays(sides, len(sides[1]) // 2, 0, RUN)


def _gap_extra(sides: Sides) -> Sides:
    return _strays(sides, len(sides[1]) // 2, WIDE_GAP, FILL)


def _block(sides: Sides) -> Sides:
    zh, en, of = sides
    a, b, c = len(en) // 2, len(en) // 2 + BLOCK, len(en) // 2 + 2 * BLOCK
    out = _numbered_on(en[:a] + en[b:c] + en[a:b] + en[c:], _first_number(en))
    return zh, out, of[:a] + of[b:c] + of[a:b] + of[c:]


SHAPES: dict[str, Callable[[Sides], Sides]] = {
    "plain": lambda sides: sides,
    "notice": _notice,
    "openings": _openings,
    "long": _long,
    "parts": _parts,
    "missing": _missing,
    "fewer": _fewer,
    "gap30": _gap,
    "extra30": _extra,
    "gap40extra25": _gap_extra,
    "block10": _block,
}


BOOK = "synth-0000"
Pair = tuple[frozenset[str], frozenset[str]]  # the raw ids of a chapter pair's zh and en chapters


def _rows(sides: Sides) -> list[dict]:
    zh, en, _ = sides
    rows = [raw_row(BOOK, "zh", i, title, body) for i, (title, body) in enumerate(zh)]
    return rows + [raw_row(BOOK, "en", j, title, body) for j, (title, body) in enumerate(en)]


def shaped_book(n: int, shape: str) -> dict[str, list[dict]]:
    """RAW_CHAPTERS rows of one synthetic book of ``n`` zh chapters in ``shape``, by book id."""
    return {BOOK: _rows(SHAPES[shape](_sides(n)))}


def true_pairs(sides: Sides) -> set[Pair]:
    """The chapter pairs of a shaped book: each zh chapter group with the en chapters translating it (the
    parts of one chapter together; an en chapter of no zh chapter in none), as raw ids."""
    groups: dict[tuple[int, ...], list[int]] = {}
    for j, zh_ids in enumerate(sides[2]):
        if zh_ids:
            groups.setdefault(zh_ids, []).append(j)
    return {
        (frozenset(raw_id(BOOK, "zh", i) for i in zh_ids), frozenset(raw_id(BOOK, "en", j) for j in en_ids))
        for zh_ids, en_ids in groups.items()
    }


def scored(layout: Layout, truth: set[Pair]) -> dict[str, int]:
    """The filter's chapter pairs against ``truth``: right (both sides exact), wrong, and expected."""
    table = storage.read_table(layout.chapters(BOOK), "chapters", ["zh_raw_ids", "en_raw_ids"])
    kept = {(frozenset(zh), frozenset(en)) for zh, en in zip(*table.to_pydict().values())}
    return {"right": len(kept & truth), "wrong": len(kept - truth), "expected": len(truth)}


def measure(shape: str, n: int, stages: list[str], tmp: Path) -> dict[str, dict]:
    """Each of ``stages`` (in order, from clean) on a book of ``n`` chapters in ``shape``, a process each;
    with ``filter``, its pairs against the truth (``pairs``)."""
    layout = Layout(tmp / f"{shape}-{n}")
    sides = SHAPES[shape](_sides(n))
    books = write_raw(layout, {BOOK: _rows(sides)})
    measured = {}
    for stage in stages:
        measured[stage] = run_child(stage, layout.root, books, "bench.book_length")
        print(f"  {shape} {n} {stage}: {measured[stage]['seconds']:.1f} s CPU", flush=True)
    if "filter" in stages:
        measured["pairs"] = scored(layout, true_pairs(sides))
    return measured


def report(shape: str, sizes: list[int], measured: dict[int, dict[str, dict]]) -> None:
    stages = [stage for stage in measured[sizes[0]] if stage in STAGES]
    print(f"\n{shape}: ms CPU per chapter / peak RSS MB, by chapters per book; last column: the per-chapter"
          f" CPU at {sizes[-1]} over that at {sizes[0]}")  # fmt: skip
    print(f"{'stage':<8}" + "".join(f"{n:>16}" for n in sizes) + f"{'ratio':>8}")
    for stage in stages:
        per = [1000 * measured[n][stage]["seconds"] / n for n in sizes]
        cells = "".join(f"{p:>9.2f} /{measured[n][stage]['rss_mb']:>5.0f}" for p, n in zip(per, sizes))
        print(f"{stage:<8}{cells}{per[-1] / per[0] if per[0] else float('nan'):>8.2f}")
    kept = [measured[n][stages[-1]]["kept"] for n in sizes]
    print(f"chapter pairs kept by {stages[-1]}: " + ", ".join(f"{k} of {n}" for k, n in zip(kept, sizes)))
    if "filter" in stages:
        pairs = [measured[n]["pairs"] for n in sizes]
        print("chapter pairs of filter right / wrong of expected: "
              + ", ".join(f"{p['right']} / {p['wrong']} of {p['expected']}" for p in pairs))  # fmt: skip


def _sizes(text: str) -> list[int]:
    """An argparse type: comma-separated chapters per book, each as ``bench.synthetic_books`` allows."""
    return sorted({CHAPTERS(n) for n in text.split(",")})


def _names(known: Sequence[str], what: str) -> Callable[[str], list[str]]:
    def parse(text: str) -> list[str]:
        names = text.split(",")
        if unknown := sorted(set(names) - set(known)):
            raise argparse.ArgumentTypeError(
                f"unknown {what} {', '.join(unknown)} (known: {', '.join(known)})"
            )
        return names

    return parse


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.book_length", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--chapters", type=_sizes, default=DEFAULT_SIZES, help=f"chapters per book (default {DEFAULT_SIZES})"
    )
    parser.add_argument(
        "--shapes",
        type=_names(list(SHAPES), "shape"),
        default="plain",
        help=f"book shapes (default plain; known: {', '.join(SHAPES)})",
    )
    parser.add_argument(
        "--until",
        choices=STAGES,
        default=STAGES[-1],
        help=f"the last stage run (from clean; default {STAGES[-1]})",
    )
    add_stage_child(parser)
    args = parser.parse_args(argv)
    if answered_as_child(parser, args):
        return 0
    stages = list(STAGES[: STAGES.index(args.until) + 1])
    with tempfile.TemporaryDirectory(prefix="bwb-bench-book-length-") as tmp:
        for shape in args.shapes:
            measured = {n: measure(shape, n, stages, Path(tmp)) for n in args.chapters}
            report(shape, args.chapters, measured)
    return 0


if __name__ == "__main__":
    exit_with(main)
