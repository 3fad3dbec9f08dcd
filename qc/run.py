"""``qc sample`` and ``qc import`` on an output folder (see ``qc.review_files`` for the file formats)."""

from __future__ import annotations

import errno
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.layout import Layout
from core.rejection import shorten
from core.storage import read_rows, write_bytes, write_json, write_table
from qc.accuracy import accuracy_rows
from qc.corrections import Corrected, by_chapter, chapter_hash, correct_chapter, correction_rows, stale_reason
from qc.grouping import GroupingError, parse_grouping
from qc.review_files import (
    LABEL_CONFIG,
    SAMPLE_FILE,
    VERDICTS,
    Verdict,
    labelstudio_tasks,
    read_verdicts,
    tsv_text,
)
from qc.sample import draw_chapters, review_order
from qc.store import accuracy_path, corrected_books, read_corrections, read_verdicts_table, verdicts_path

Row = dict[str, Any]


def _books(layout: Layout) -> list[str]:
    """Books with an aligned table (their chapters table, written before it, is read with it: one missing
    since is named, not its book's beads unknown to an import)."""
    return sorted(p.stem for p in layout.aligned("_").parent.glob("*.parquet"))


def _book_data(layout: Layout, book: str) -> tuple[dict[str, Row], dict[str, list[Row]]]:
    """(chapters by id, automatic beads by chapter id in bead order)."""
    chapters = {c["chapter_id"]: c for c in read_rows(layout.chapters(book), "chapters")}
    beads = by_chapter(sorted(read_rows(layout.aligned(book), "aligned_pairs"), key=lambda b: b["bead_no"]))
    return chapters, beads


def sample_folder(layout: Layout, seed: int, split: str | None = None) -> Path:
    """Where a sample's review files go: ``qc/sample-SEED`` for one drawn from the whole corpus (as
    before splits could be sampled), ``qc/sample-SEED-SPLIT`` for one drawn from a split, so that two
    samples of one seed never share a folder."""
    return layout.qc_dir() / (f"sample-{seed}-{split}" if split else f"sample-{seed}")


def sample_review(
    layout: Layout, n: int, seed: int, split: tuple[str, set[str]] | None = None
) -> tuple[Path, list[str]]:
    """Write review files for ``n`` chapters drawn by book (from ``split``, a split's name and its
    chapter ids, when given) into ``sample_folder``; chapters already corrected are not drawn. Existing
    review files are never overwritten (they may hold verdicts); IsADirectoryError, before any is written,
    where a folder stands in the place of one. With no chapter to draw, nothing is written."""
    name, only = split or (None, None)
    data = {book: _book_data(layout, book) for book in _books(layout)}
    corrected = {cid for book in corrected_books(layout) for cid in read_corrections(layout, book)}
    pool = {
        book: [
            cid for cid in beads if cid in chapters and cid not in corrected and (only is None or cid in only)
        ]
        for book, (chapters, beads) in data.items()
    }
    drawn = draw_chapters({b: ids for b, ids in pool.items() if ids}, n, seed)
    folder = sample_folder(layout, seed, name)
    if not drawn:  # no folder of review files without a chapter to review
        return folder, []
    files = {"label_config.xml": LABEL_CONFIG}
    for chapter_id in drawn:
        book, number = chapter_id.rsplit("/", 1)
        chapters, beads = data[book]
        ordered = review_order(beads[chapter_id])
        files[f"{book}/{number}.tsv"] = tsv_text(ordered)
        files[f"{book}/{number}.tasks.json"] = (
            json.dumps(labelstudio_tasks(ordered, chapters[chapter_id]), ensure_ascii=False, indent=1) + "\n"
        )
    for name in [*files, SAMPLE_FILE]:  # before any is written: a half-written sample lists no chapter
        if (folder / name).is_dir():
            raise IsADirectoryError(
                errno.EISDIR, "a folder stands where it goes: move that folder away", str(folder / name)
            )
    for name, text in files.items():
        if not (folder / name).exists():
            write_bytes(folder / name, text.encode("utf-8"))
    write_json({"seed": seed, "chapters": drawn}, folder / SAMPLE_FILE)
    return folder, drawn


@dataclass
class ImportResult:
    verdicts: int = 0  # beads with a verdict accepted in this import
    repeated: int = 0  # of them, beads given the same verdict more than once (counted once)
    corrections: int = 0  # beads replaced by this import
    withdrawn: int = 0  # stored corrections dropped: their beads are now judged correct
    cancelled: int = 0  # annotations cancelled in Label Studio, not imported
    rejected: list[Row] = field(default_factory=list)
    accuracy: list[Row] = field(default_factory=list)
    stale: dict[str, str] = field(default_factory=dict)  # pair_id -> reason, over all corrections


def _rejection(verdict: Verdict, book: str, reason: str, detail: str) -> Row:
    return {
        "stage": "qc",
        "item_id": verdict.pair_id,
        "book_id": book,
        "lang": "",
        "reason": reason,
        "detail": f"{verdict.source}: {detail}",
    }


def _check(verdict: Verdict, bead: Row | None, seen: Row | None) -> tuple[str, str] | None:
    """(reason, detail) when the verdict cannot be used; ``seen`` is a stored verdict on the same bead."""
    if verdict.problem:
        return "bad_row", f"{verdict.where}: {verdict.problem}"
    if bead is None:
        return "unknown_pair_id", f"no bead {shorten(verdict.pair_id, quote=True)} in aligned/"
    if not verdict.verdict:  # a row or task left without one is skipped, but this one holds a correction
        return "missing_verdict", "a correction without a verdict (mark the bead misaligned to apply it)"
    if verdict.verdict.lower() not in VERDICTS:
        return "bad_verdict", f"verdict {shorten(verdict.verdict, quote=True)} (use correct or misaligned)"
    shown = (verdict.zh_idx, verdict.en_idx)
    now = [(tuple(bead["zh_idx"]), tuple(bead["en_idx"]))]
    if seen is not None:
        now.append((tuple(seen["zh_idx"]), tuple(seen["en_idx"])))
    if verdict.zh_idx is not None and verdict.en_idx is not None and shown not in now:
        return (
            "bead_changed",
            f"reviewed as zh {shorten(str(list(shown[0])))} en {shorten(str(list(shown[1])))}, "
            f"now zh {bead['zh_idx']} en {bead['en_idx']} (sample again)",
        )
    for lang, shown_text in (("zh", verdict.zh), ("en", verdict.en)):
        if shown_text is not None and _compared(shown_text) != _compared(bead[lang]):
            return (
                "text_changed",
                f"{verdict.where}: the {lang} text differs from the bead's now (sample again)",
            )
    if VERDICTS[verdict.verdict.lower()] and verdict.correction:
        return "correction_on_correct_bead", "a correction is given for a bead marked correct"
    return None


def _compared(text: str) -> str:
    """A bead's text as the ``text_changed`` check compares it: whitespace runs as one space and straight
    double quotes left out, which a spreadsheet may drop or add (a review file of an older version, written
    unquoted and opened in one; its quoting is undone on reading, ``qc.review_files``)."""
    return " ".join(text.replace('"', "").split())


def _no_conflict(first: Verdict, other: Verdict) -> None:
    """ValueError naming both rows when two usable verdicts of one import disagree on a bead."""

    def decision(v: Verdict) -> tuple[bool, str]:
        return VERDICTS[v.verdict.lower()], " ".join(v.correction.split())

    def shown(v: Verdict) -> str:
        return f"{v.source} {v.where} ({shorten(' '.join(filter(None, (v.verdict, v.correction))))})"

    if decision(first) != decision(other):
        raise ValueError(f"conflicting verdicts on {first.pair_id}: {shown(first)} and {shown(other)}")


class NothingToImport(ValueError):
    """Review files that hold no verdict and no correction: an export of no task, tasks not annotated, a
    sample's TSV not filled in."""


class NoCorpus(ValueError):
    """An output folder with no aligned table: no bead to review (a mistyped ``--output``)."""


def import_verdicts(layout: Layout, paths: Iterable[Path], reviewer: str = "reviewer") -> ImportResult:
    """Check and store verdicts and corrections; write accuracy. See ``qc.corrections`` for corrections.
    ``NothingToImport``, with nothing written, when ``paths`` hold no verdict or correction; ``NoCorpus`` when
    the folder holds no aligned table."""
    paths = list(paths)
    every = read_verdicts(paths, reviewer)
    read = [verdict for verdict in every if not verdict.cancelled]
    if not read:  # imported, it rewrote the tables as they were but for the last import's rejected rows
        given = str(paths[0]) if len(paths) == 1 else f"the {len(paths)} paths given"
        why = (
            f"its {len(every)} annotation{'s' if len(every) > 1 else ''} cancelled in Label Studio"
            if every
            else "no task annotated, no verdict column filled in"
        )
        raise NothingToImport(f"nothing to import: {given} holds no verdict or correction ({why})")
    if not (books := _books(layout)):  # every verdict an unknown_pair_id, in a folder the import made
        raise NoCorpus(f"no aligned corpus in {layout.root}")
    data = {book: _book_data(layout, book) for book in books}
    beads = {b["pair_id"]: b for _, chapters in data.values() for rows in chapters.values() for b in rows}
    stored = {v["pair_id"]: v for v in read_verdicts_table(layout)}
    result = ImportResult(cancelled=len(every) - len(read))
    new_corrections: dict[str, dict[str, list[Row]]] = {}  # chapter -> pair -> rows ([]: withdraw)
    accepted: dict[str, Verdict] = {}  # pair_id -> the verdict taken in this import
    repeated: set[str] = set()  # pair_ids given the same verdict again
    for verdict in read:
        bead = beads.get(verdict.pair_id)
        book = bead["book_id"] if bead else verdict.pair_id.split("/", 1)[0]
        problem = _check(verdict, bead, stored.get(verdict.pair_id))
        grouping = None
        if problem is None and verdict.correction:
            try:
                grouping = parse_grouping(verdict.correction)
            except GroupingError as err:
                problem = ("bad_correction", str(err))
        if problem:
            result.rejected.append(_rejection(verdict, book, *problem))
            continue
        assert bead is not None
        if verdict.pair_id in accepted:  # a task listed twice, a row copied: the same verdict is one
            _no_conflict(accepted[verdict.pair_id], verdict)
            repeated.add(verdict.pair_id)
            continue
        accepted[verdict.pair_id] = verdict
        stored[verdict.pair_id] = {
            "pair_id": bead["pair_id"],
            "chapter_id": bead["chapter_id"],
            "book_id": book,
            "zh_idx": list(verdict.zh_idx or bead["zh_idx"]),
            "en_idx": list(verdict.en_idx or bead["en_idx"]),
            "correct": VERDICTS[verdict.verdict.lower()],
            "reviewer": verdict.reviewer,
            "source": verdict.source,
        }
        result.verdicts += 1
        if grouping is not None:
            chapter = data[book][0][bead["chapter_id"]]
            new_corrections.setdefault(bead["chapter_id"], {})[bead["pair_id"]] = correction_rows(
                bead, grouping, chapter, verdict.reviewer
            )
        elif stored[verdict.pair_id]["correct"]:  # a correction stored for it before no longer holds
            new_corrections.setdefault(bead["chapter_id"], {})[bead["pair_id"]] = []
    result.repeated = len(repeated)
    _store_corrections(layout, data, new_corrections, accepted, result)
    verdict_rows = sorted(stored.values(), key=lambda v: v["pair_id"])
    write_table(verdict_rows, "qc_verdicts", verdicts_path(layout))
    write_table(result.rejected, "rejected", layout.rejected("qc", "import"))
    result.accuracy = accuracy_rows(verdict_rows)
    result.stale = corrections_status(layout)[1]
    write_json(
        {"accuracy": result.accuracy, "verdicts": len(verdict_rows), "stale_corrections": result.stale},
        accuracy_path(layout),
    )
    return result


def _store_corrections(
    layout: Layout,
    data: dict[str, tuple[dict[str, Row], dict[str, list[Row]]]],
    new: dict[str, dict[str, list[Row]]],
    source: dict[str, Verdict],
    result: ImportResult,
) -> None:
    """Merge each chapter's new corrections (from the verdicts ``source``, by pair id) with its stored
    ones, refusing a chapter whose beads would not cover every sentence exactly once. A pair whose new
    rows are none (a bead now judged correct) loses its stored correction, if it has one."""
    for book in sorted({cid.rsplit("/", 1)[0] for cid in new}):
        chapters, beads = data[book]
        stored = read_corrections(layout, book)
        changed = False
        for chapter_id in sorted(cid for cid in new if cid.rsplit("/", 1)[0] == book):
            chapter = chapters[chapter_id]
            held = {r["pair_id"] for r in stored.get(chapter_id, [])}
            new[chapter_id] = {p: rows for p, rows in new[chapter_id].items() if rows or p in held}
            if not new[chapter_id]:
                continue
            fresh = [r for r in stored.get(chapter_id, []) if r["chapter_hash"] == chapter_hash(chapter)]
            merged = [r for r in fresh if r["pair_id"] not in new[chapter_id]]
            merged += [r for rows in new[chapter_id].values() for r in rows]
            reason = stale_reason(chapter, beads[chapter_id], merged)
            if reason:
                result.rejected += [
                    _rejection(
                        source[p],
                        book,
                        "correction_coverage",
                        f"{chapter_id}: {reason.removeprefix('coverage: ')}",
                    )
                    for p in new[chapter_id]
                ]
                continue
            stored[chapter_id], changed = merged, True
            result.corrections += sum(1 for rows in new[chapter_id].values() if rows)
            result.withdrawn += sum(1 for rows in new[chapter_id].values() if not rows)
        if changed:
            rows = sorted(
                (r for rows in stored.values() for r in rows), key=lambda r: (r["pair_id"], r["part"])
            )
            write_table(rows, "corrections", layout.corrections(book))


def corrections_status(layout: Layout) -> tuple[dict[str, Corrected], dict[str, str]]:
    """Every corrected chapter as it is applied now, and the stale corrections (pair_id -> reason)."""
    applied: dict[str, Corrected] = {}
    stale: dict[str, str] = {}
    for book in corrected_books(layout):
        chapters, beads = _book_data(layout, book) if layout.aligned(book).exists() else ({}, {})
        for chapter_id, rows in read_corrections(layout, book).items():
            if chapter_id not in chapters:
                stale.update((r["pair_id"], "chapter_gone") for r in rows)
                continue
            applied[chapter_id] = correct_chapter(chapters[chapter_id], beads.get(chapter_id, []), rows)
            stale.update(applied[chapter_id].stale)
    return applied, stale
