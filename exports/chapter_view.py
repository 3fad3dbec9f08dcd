"""``describe_chapter``: one chapter's journey through the pipeline, as terminal text (every value read
from the outputs with its control characters escaped, so that source text cannot drive the terminal)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.files import absent
from core.layout import Layout
from core.rejection import shorten
from core.storage import DamagedFile, brief_json, read_json, read_many, read_rows
from exports.corpus import rejected_files
from exports.text import one_line, printable

Row = dict[str, Any]
FIRST_LINES, LINE_WIDTH = 3, 160
ANSI = {"a": ("\x1b[1;33m", "\x1b[0m"), "b": ("\x1b[1;36m", "\x1b[0m")}
PLAIN = {"a": ("[[", "]]"), "b": ("<<", ">>")}


def _printable(value: Any) -> Any:
    """A value with the control characters of its text (or of the texts of a list) escaped."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable(item) for item in value]
    return value


def _rows(path: Path, table: str, keep: Callable[[Row], bool]) -> list[Row] | None:
    """Matching rows of a table file, their texts printable, or None when the file does not exist (a folder
    in its place, a file in place of its folder or a looping link is a ``DamagedFile``)."""
    if absent(path):
        return None
    return [
        {key: _printable(value) for key, value in row.items()} for row in read_rows(path, table) if keep(row)
    ]


def highlight(sentence: str, start: int | None, end: int | None, span: str, marks: tuple[str, str]) -> str:
    """``sentence`` with ``span`` wrapped in ``marks``, by offsets when they hold, else by search."""
    if start is None or end is None or sentence[start:end] != span:
        start = sentence.find(span) if span else -1
        end = start + len(span)
    if start < 0:
        return f"{sentence}  ({marks[0]}{span}{marks[1]})"
    return f"{sentence[:start]}{marks[0]}{span}{marks[1]}{sentence[end:]}"


def _clip(text: str) -> str:
    return text if len(text) <= LINE_WIDTH else text[: LINE_WIDTH - 1] + "…"


def _raw_lines(raw: list[Row]) -> list[str]:
    lines = []
    for r in sorted(raw, key=lambda r: (r["lang"], r["toc_index"])):
        lines += [
            f"  [{r['lang']}] {r['raw_id']}  {r['url']}  fetched {r['fetched_at']:%Y-%m-%d %H:%M} UTC"
            f"  ({r['encoding']}, {len(r['page_urls'] or [])} page(s))",
            f"       title: {_clip(r['title'] or '')}",
        ]
        lines += [f"       | {_clip(t)}" for t in (r["text"] or "").splitlines()[:FIRST_LINES]]
    return lines


def _clean_lines(clean: list[Row]) -> list[str]:
    return [
        f"  [{c['lang']}] {c['raw_id']}  chapter {c['chapter_no']}"
        + ("" if c["part"] is None else f" part {c['part']}")
        + f"  title removed: {_clip(repr(c['title']))}  {len(c['sentences'] or [])} sentences, {c['n_chars']} chars"
        for c in sorted(clean, key=lambda c: (c["lang"], c["toc_index"]))
    ]


def _paired_lines(chapters: list[Row], how: str | None = None) -> list[str]:
    return [
        line
        for c in chapters
        for line in (
            f"  {_clip(c['title_zh'] or '')} / {_clip(c['title_en'] or '')}",
            f"  {len(c['zh_sentences'])} zh sentences, {len(c['en_sentences'])} en sentences",
            *([f"  paired: {_clip(str(how))}"] if how else []),
        )
    ]


def _rejection_lines(rejected: list[Row]) -> list[str]:
    return [
        f"  {r['stage']}: {r['reason']}  {r['item_id']}"
        + (f" [{r['lang']}]" if r["lang"] else "")
        + f"  {r['detail']}"
        for r in rejected
    ]


def _bead_lines(beads: list[Row]) -> list[str]:
    lines = []
    for b in sorted(beads, key=lambda b: b["bead_no"]):
        score = "  -  " if b["score"] is None else f"{b['score']:.2f}"
        lines += [
            f"  #{b['bead_no']:<3} {b['bead_type']:<4} {score}  zh | {one_line(b['zh'])}",
            f"  {'':<15} en | {one_line(b['en'])}",
        ]
    return lines


def _candidate_lines(candidates: list[Row], marks: dict[str, tuple[str, str]]) -> list[str]:
    lines = []
    for c in sorted(candidates, key=lambda c: (c["sent_a"], c["sent_b"], c["candidate_id"])):
        kind = c["phenomenon"] + (f"/{c['subtype']}" if c["subtype"] else "")
        lines += [
            f"  {c['candidate_id']}  {kind}  {c['adjacency'].replace('_', '-')}"
            f"  distance {c['distance']}  trigger {c['trigger']!r}",
            *(
                f"    {side} [{c[f'sent_{side}']}] "
                + highlight(
                    c[f"sentence_{side}"],
                    c[f"{side}_start"],
                    c[f"{side}_end"],
                    c[f"{side}_text"],
                    marks[side],
                )
                for side in "ab"
            ),
            f"      zh a: {c['zh_a']}",
            f"      zh b: {c['zh_b']}",
        ]
    return lines


def _section(title: str, lines: list[str] | None, empty: str) -> list[str]:
    """A titled block: ``lines``, or "not built yet" when None, or ``(empty)`` when there are none."""
    return ["", f"== {title} ==", *(["  (not built yet)"] if lines is None else lines or [f"  ({empty})"])]


def _map(rows: list[Row] | None, render: Callable[[list[Row]], list[str]]) -> list[str] | None:
    return None if rows is None else render(rows)


# core.raw_rows.raw_id, or the rejection of a text file's lines before its first heading (crawlers.stage)
RAW_ID = re.compile(r"(?P<book>[^/]+)/(?P<lang>zh|en)/(?:[0-9]{5}|front_matter)")
# a bead, a corrected bead (its part after the dot) or a cohesion candidate of a chapter
IN_CHAPTER = re.compile(r"(?P<chapter>[^/]+/[0-9]+)/c?[0-9]+(?:\.[0-9]+)?")
TAKES = (
    "a chapter BOOK_ID/CHAPTER_NO ({b}/3), a raw chapter BOOK_ID/LANG/NNNNN ({b}/zh/00002), a local "
    "book's front matter ({b}/zh/front_matter) or a bead or candidate of a chapter ({b}/3/12, {b}/3/c4)"
)


def chapter_of(item_id: str) -> str:
    """The chapter id of a bead, corrected bead or cohesion candidate id (as ``rejected/`` holds them); any
    other id unchanged."""
    found = IN_CHAPTER.fullmatch(item_id)
    return found["chapter"] if found else item_id


def inspect_problem(
    layout: Layout, item_id: str, book_ids: list[str], build: str = "make corpus", config: str = "the config"
) -> str | None:
    """Why ``item_id`` (a chapter or raw chapter id) cannot be inspected, on one line: not such an id, a
    book ``config`` does not list, a book not built yet (naming ``build``, the command that builds it), or
    a chapter the book does not have; None when it can."""
    if raw := RAW_ID.fullmatch(item_id):
        book_id, number = raw["book"], None
    else:
        book_id, _, number = item_id.rpartition("/")
    # "３".isdigit(), but no id has it; nor "03": chapter ids are written as the chapter number is; nor a
    # book id a "/" (city-star/3/12/4 was "unknown book 'city-star/3/12'")
    if raw is None and (
        not book_id
        or "/" in book_id
        or not (number.isascii() and number.isdigit())
        or (number[0] == "0" and number != "0")
    ):
        return f"{shorten(item_id, quote=True)} is not an id inspect takes: " + TAKES.format(b=book_ids[0])
    if book_id not in book_ids:
        listed = f"{config} lists: {', '.join(book_ids)}; --config names another"
        return f"unknown book {shorten(book_id, quote=True)} ({listed})"
    if all(absent(layout.raw(lang, book_id)) for lang in ("zh", "en")):
        return f"book {book_id!r} is not built yet in {layout.root} (run: {build})"
    if raw is not None:
        return None if _raw_known(layout, item_id) else f"no raw chapter or rejection has the id {item_id!r}"
    numbers = _chapter_numbers(layout, book_id)
    # no chapter number has 19 digits, and int() refuses more than 4300
    if numbers is not None and (len(number) > 18 or int(number) not in numbers):
        known = f"chapters {min(numbers)}-{max(numbers)}" if numbers else "no numbered chapter"
        return f"book {book_id!r} has no chapter {shorten(number)} ({known}; see rejected/ for the others)"
    return None


def item_problem(layout: Layout, item_id: str) -> str | None:
    """Why a bead, corrected bead or cohesion candidate id names nothing the outputs hold, on one line; None
    when its table holds it, a rejection names it, the table is not built yet, or it is no such id (its
    chapter is then shown). ``city-star/3/c99999`` showed chapter 3 as if the candidate were there, and so
    did ``city-star/3/1.2`` in a corpus that no review corrected."""
    found = IN_CHAPTER.fullmatch(item_id)
    if found is None or _rejected(layout, lambda r: r["item_id"] == item_id):
        return None
    chapter_id, last = found["chapter"], item_id.rpartition("/")[2]
    book_id = chapter_id.partition("/")[0]
    if last.startswith("c"):
        kind, rows = (
            "cohesion candidate",
            _rows(layout.candidates(book_id), "candidates", lambda r: r["candidate_id"] == item_id),
        )
    elif "." in last:
        pair_id, _, part = item_id.rpartition(".")
        kind, rows = (  # no corrections table: none reviewed (qc import writes it), not "not built yet"
            "corrected bead",
            _rows(
                layout.corrections(book_id),
                "corrections",
                lambda r: r["pair_id"] == pair_id and len(part) < 19 and r["part"] == int(part),
            )
            or [],
        )
    else:
        kind, rows = (
            "bead",
            _rows(layout.aligned(book_id), "aligned_pairs", lambda r: r["pair_id"] == item_id),
        )
    if rows is None or rows:
        return None
    return f"chapter {chapter_id!r} has no {kind} {shorten(last, quote=True)} (inspect {chapter_id} shows what it has)"


def _raw_known(layout: Layout, raw_id: str) -> bool:
    """Whether a raw table holds ``raw_id``, or a rejection names it (a chapter that failed to download)."""
    book_id, lang, _ = raw_id.split("/")
    return bool(_rows(layout.raw(lang, book_id), "raw_chapters", lambda r: r["raw_id"] == raw_id)) or bool(
        _rejected(layout, lambda r: r["item_id"] == raw_id)
    )


def _rejected(layout: Layout, keep: Callable[[Row], bool]) -> list[Row]:
    """The rejections of every stage that ``keep`` takes, their texts printable."""
    return [
        {key: _printable(value) for key, value in r.items()}
        for r in read_many(rejected_files(layout), "rejected").to_pylist()
        if keep(r)
    ]


def _chapter_numbers(layout: Layout, book_id: str) -> set[int] | None:
    """Chapter numbers the book's cleaned chapters carry (None when it is not cleaned yet)."""
    clean = _rows(layout.clean(book_id), "clean_chapters", lambda r: r["chapter_no"] is not None)
    return None if clean is None else {r["chapter_no"] for r in clean}


def describe_chapter(layout: Layout, chapter_id: str, color: bool | None = None) -> str:
    """Raw pages, cleaning, rejections, aligned beads and cohesion candidates of ``chapter_id``.

    ``chapter_id`` is ``"{book_id}/{chapter_no}"``. Candidate spans are marked ``[[a]]`` and
    ``<<b>>``, or in colour when ``color`` is true (default: when stdout is a terminal).
    """
    book_id, _, number = chapter_id.rpartition("/")
    chapter_no = int(number) if number.isdigit() else None

    def in_chapter(row: Row) -> bool:
        return row["chapter_id"] == chapter_id

    chapters = _rows(layout.chapters(book_id), "chapters", in_chapter)
    paired_ids = {i for c in chapters or [] for i in c["zh_raw_ids"] + c["en_raw_ids"]}
    clean = _rows(
        layout.clean(book_id),
        "clean_chapters",
        lambda r: r["raw_id"] in paired_ids if paired_ids else r["chapter_no"] == chapter_no,
    )
    raw_ids = paired_ids or {c["raw_id"] for c in clean or []}
    stats_path = layout.stats("filter", book_id)
    pairing = read_json(stats_path, dict).get("pairing", {}) if not absent(stats_path) else {}
    if not isinstance(pairing, dict):
        raise DamagedFile(stats_path, f"pairing is not a JSON object ({brief_json(pairing)} found)")
    how = _printable(pairing.get(chapter_id))
    raw_tables = [
        _rows(layout.raw(lang, book_id), "raw_chapters", lambda r: r["raw_id"] in raw_ids)
        for lang in ("zh", "en")
    ]
    raw = None if raw_tables == [None, None] else [r for rows in raw_tables for r in rows or []]
    rejected = _rejected(
        layout,
        lambda r: r["item_id"] in raw_ids
        or r["item_id"] == chapter_id
        or r["item_id"].startswith(chapter_id + "/"),
    )
    beads = _rows(layout.aligned(book_id), "aligned_pairs", in_chapter)
    candidates = _rows(layout.candidates(book_id), "candidates", in_chapter)
    marks = ANSI if (sys.stdout.isatty() if color is None else color) else PLAIN

    return (
        "\n".join(
            [
                f"Chapter {printable(chapter_id)}",
                *_section("raw", _map(raw, _raw_lines), "no raw chapter found"),
                *_section("cleaned", _map(clean, _clean_lines), "no cleaned chapter with this number"),
                *_section(
                    "paired",
                    _map(chapters, lambda rows: _paired_lines(rows, how)),
                    "not paired, or dropped: see rejections",
                ),
                *_section("rejections", _rejection_lines(rejected), "none"),
                *_section("aligned beads", _map(beads, _bead_lines), "no beads"),
                *_section(
                    "cohesion candidates",
                    _map(candidates, lambda rows: _candidate_lines(rows, marks)),
                    "none",
                ),
            ]
        )
        + "\n"
    )


def describe_raw(layout: Layout, raw_id: str) -> str:
    """A raw chapter's journey (``raw_id`` as ``rejected/`` names it): its page, its cleaning, its
    rejections, and the chapter pair it went into, which ``describe_chapter`` shows."""
    book_id, lang, _ = raw_id.split("/")
    rejections = _rejection_lines(_rejected(layout, lambda r: r["item_id"] == raw_id))
    if raw_id.endswith("/front_matter"):  # no chapter: the lines before a text file's first heading
        return (
            "\n".join([f"Front matter {printable(raw_id)}", *_section("rejections", rejections, "none")])
            + "\n"
        )

    def own(row: Row) -> bool:
        return row["raw_id"] == raw_id

    raw = _rows(layout.raw(lang, book_id), "raw_chapters", own)
    clean = _rows(layout.clean(book_id), "clean_chapters", own)
    chapters = _rows(
        layout.chapters(book_id), "chapters", lambda r: raw_id in r["zh_raw_ids"] + r["en_raw_ids"]
    )
    paired = _map(
        chapters,
        lambda rows: [
            f"  {c['chapter_id']}  (inspect it for its pairing, beads and candidates)" for c in rows
        ],
    )
    sections = [
        *_section("raw", _map(raw, _raw_lines), "no raw chapter found"),
        *_section("cleaned", _map(clean, _clean_lines), "not cleaned: see rejections"),
        *_section("rejections", rejections, "none"),
        *_section("paired into", paired, "no chapter pair: see rejections"),
    ]
    return "\n".join([f"Raw chapter {printable(raw_id)}", *sections]) + "\n"
