"""Reviewed corrections on top of the aligner's beads: build them, check them, apply them to a chapter.

A correction replaces one automatic bead (its ``pair_id``) by zero or more beads; the corrected beads
are ``{pair_id}.{part}`` with the replaced bead's ``bead_no`` and no score. A chapter's corrections
apply only while they still fit: the chapter's sentences are those that were reviewed (``chapter_hash``),
every replaced bead is still the one reviewed, and the chapter's beads then cover every sentence
exactly once. Otherwise all of the chapter's corrections are *stale*: the automatic beads are kept and
the reason is reported (``qc status``, the report).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from qc.grouping import Bead, coverage_problem

Row = dict[str, Any]


def chapter_hash(chapter: Mapping[str, Any]) -> str:
    """SHA-256 of a CHAPTERS row's sentences (what the reviewer's indices point into)."""
    text = json.dumps([chapter["zh_sentences"] or [], chapter["en_sentences"] or []], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def correction_rows(
    bead: Mapping[str, Any], grouping: list[Bead], chapter: Mapping[str, Any], reviewer: str
) -> list[Row]:
    """CORRECTIONS rows replacing ``bead`` (an ALIGNED_PAIRS row) by ``grouping`` (none: dissolved)."""
    base = {
        "pair_id": bead["pair_id"],
        "chapter_id": bead["chapter_id"],
        "book_id": bead["book_id"],
        "orig_zh_idx": list(bead["zh_idx"]),
        "orig_en_idx": list(bead["en_idx"]),
        "chapter_hash": chapter_hash(chapter),
        "reviewer": reviewer,
    }
    if not grouping:
        return [base | {"part": 0, "zh_idx": [], "en_idx": []}]
    return [base | {"part": n, "zh_idx": list(zh), "en_idx": list(en)} for n, (zh, en) in enumerate(grouping)]


@dataclass
class Corrected:
    """A chapter's beads after its corrections, how many are corrected, and stale corrections."""

    beads: list[Row]
    corrected: int = 0
    stale: dict[str, str] = field(default_factory=dict)  # replaced pair_id -> reason


def _bead_row(chapter: Mapping[str, Any], row: Mapping[str, Any], bead_no: int) -> Row:
    zh_idx, en_idx = list(row["zh_idx"]), list(row["en_idx"])
    return {
        "pair_id": f"{row['pair_id']}.{row['part']}",
        "chapter_id": chapter["chapter_id"],
        "book_id": chapter["book_id"],
        "bead_no": bead_no,
        "zh_idx": zh_idx,
        "en_idx": en_idx,
        "zh": "".join(chapter["zh_sentences"][i] for i in zh_idx),
        "en": " ".join(chapter["en_sentences"][j] for j in en_idx),
        "bead_type": f"{len(zh_idx)}-{len(en_idx)}",
        "score": None,
    }


def _ordered(beads: list[Row]) -> list[Row]:
    """Beads in reading order: by first English sentence; Chinese-only beads after the bead holding the
    Chinese sentence before theirs."""
    with_en = sorted((b for b in beads if b["en_idx"]), key=lambda b: (min(b["en_idx"]), b["pair_id"]))
    for bead in sorted((b for b in beads if not b["en_idx"]), key=lambda b: min(b["zh_idx"])):
        first = min(bead["zh_idx"])
        at = max(
            (n + 1 for n, b in enumerate(with_en) if b["zh_idx"] and max(b["zh_idx"]) < first), default=0
        )
        with_en.insert(at, bead)
    return with_en


def stale_reason(chapter: Mapping[str, Any], beads: list[Row], corrections: list[Row]) -> str | None:
    """Why ``corrections`` no longer fit the chapter and its automatic beads (None: they apply)."""
    if any(c["chapter_hash"] != chapter_hash(chapter) for c in corrections):
        return "chapter_text_changed"
    by_id = {b["pair_id"]: b for b in beads}
    for c in corrections:
        bead = by_id.get(c["pair_id"])
        if bead is None or (list(bead["zh_idx"]), list(bead["en_idx"])) != (
            c["orig_zh_idx"],
            c["orig_en_idx"],
        ):
            return f"bead_realigned: {c['pair_id']}"
    replaced = {c["pair_id"] for c in corrections}
    groups = [(tuple(b["zh_idx"]), tuple(b["en_idx"])) for b in beads if b["pair_id"] not in replaced]
    groups += [(tuple(c["zh_idx"]), tuple(c["en_idx"])) for c in corrections if c["zh_idx"] or c["en_idx"]]
    problem = coverage_problem(groups, len(chapter["zh_sentences"] or []), len(chapter["en_sentences"] or []))
    return problem and f"coverage: {problem}"


def correct_chapter(chapter: Mapping[str, Any], beads: list[Row], corrections: Iterable[Row]) -> Corrected:
    """The chapter's beads (ALIGNED_PAIRS rows in bead order) with its corrections applied where they fit."""
    corrections = list(corrections)
    if not corrections:
        return Corrected(beads)
    reason = stale_reason(chapter, beads, corrections)
    if reason:
        return Corrected(beads, 0, {c["pair_id"]: reason for c in corrections})
    bead_no = {b["pair_id"]: b["bead_no"] for b in beads}
    replaced = {c["pair_id"] for c in corrections}
    new = [_bead_row(chapter, c, bead_no[c["pair_id"]]) for c in corrections if c["zh_idx"] or c["en_idx"]]
    kept = [b for b in beads if b["pair_id"] not in replaced]
    return Corrected(_ordered(kept + new), len(new))


def by_chapter(rows: Iterable[Row]) -> dict[str, list[Row]]:
    grouped: dict[str, list[Row]] = defaultdict(list)
    for row in rows:
        grouped[row["chapter_id"]].append(row)
    return grouped
