"""Read the aligned corpus book by book: chapter rows with their beads, in a stable order."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from core.layout import Layout
from core.storage import read_many, read_rows, read_table
from exports.splits import SPLITS, ChapterRef, SplitAssignment
from qc.corrections import correct_chapter
from qc.store import read_corrections

Row = dict[str, Any]


@dataclass(frozen=True)
class Doc:
    """One chapter of a split: its CHAPTERS row and its ALIGNED_PAIRS rows in bead order."""

    split: str
    chapter: Row
    beads: list[Row]


def book_files(path_of_book: Callable[[str], Path]) -> list[Path]:
    """Every per-book table of a kind, e.g. ``book_files(layout.aligned)``."""
    return sorted(path_of_book("_").parent.glob("*.parquet"))


def rejected_files(layout: Layout) -> list[Path]:
    return sorted(layout.rejected("_", "_").parent.parent.glob("*/*.parquet"))


def aligned_books(layout: Layout) -> list[str]:
    """Books with an aligned table, sorted. The build writes a book's chapters table before it: one that is
    missing since, or damaged (a folder, a symbolic link loop), is named when read, not its book left out
    (``stats`` printed the corpus without it)."""
    return [p.stem for p in book_files(layout.aligned)]


def books_with_pairs(layout: Layout) -> list[str]:
    """The ``aligned_books`` whose table holds a pair: not those of which every chapter was rejected."""
    return [p.stem for p in book_files(layout.aligned) if pq.read_metadata(p).num_rows]


def read_book(layout: Layout, book_id: str) -> list[tuple[Row, list[Row]]]:
    """The book's chapters that have beads, by chapter number, each with its beads by bead number and the
    reviewed corrections applied where they still fit (``qc.corrections``)."""
    beads: dict[str, list[Row]] = defaultdict(list)
    for pair in read_rows(layout.aligned(book_id), "aligned_pairs"):
        beads[pair["chapter_id"]].append(pair)
    chapters = [c for c in read_rows(layout.chapters(book_id), "chapters") if c["chapter_id"] in beads]
    chapters.sort(key=lambda c: (c["chapter_no"] is None, c["chapter_no"] or 0, c["chapter_id"]))
    corrections = read_corrections(layout, book_id)
    return [
        (
            c,
            correct_chapter(
                c,
                sorted(beads[c["chapter_id"]], key=lambda b: b["bead_no"]),
                corrections.get(c["chapter_id"], []),
            ).beads,
        )
        for c in chapters
    ]


def aligned_chapters(paths: Iterable[Path]) -> set[str]:
    """The ids of the chapters with beads in the aligned tables ``paths``, read a table at a time (the column
    of every bead at once, as Python strings: about 600 MB at BWB's 9.6 million beads)."""
    found: set[str] = set()
    for path in paths:
        found.update(read_table(path, "aligned_pairs", ["chapter_id"]).column("chapter_id").to_pylist())
    return found


def chapter_refs(layout: Layout) -> list[ChapterRef]:
    """Every chapter that has beads (reads only the id columns)."""
    books = aligned_books(layout)
    with_beads = aligned_chapters(map(layout.aligned, books))
    chapters = read_many(map(layout.chapters, books), "chapters", ["chapter_id", "book_id", "chapter_no"])
    return [ChapterRef(**c) for c in chapters.to_pylist() if c["chapter_id"] in with_beads]


def iter_docs(layout: Layout, assignment: SplitAssignment, splits: Iterable[str] = SPLITS) -> Iterator[Doc]:
    """Chapters of ``splits`` book by book, without unused chapters and leaked beads."""
    wanted = set(splits)
    for book in aligned_books(layout):
        if assignment.books.get(book) not in wanted:
            continue
        for chapter, beads in read_book(layout, book):
            split = assignment.chapters.get(chapter["chapter_id"])
            kept = [b for b in beads if split in wanted and assignment.split_of_pair(b) == split]
            if kept:
                yield Doc(split, chapter, kept)
