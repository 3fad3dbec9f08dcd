"""``evaluate_system``: score one system's outputs on a split; ``leaderboard``: every scored system side by side.

Every score is on a 0-100 scale (discourse precision, recall and F1 as percentages). Scores go to ``mt/{split}/{system}.parquet`` (``core.schemas.MT_SCORES``): one row per chapter and
metric, plus the whole split's rows (``chapter_id`` null; sacreBLEU corpus scores, METEOR over all
lines, discourse counts added up over chapters before dividing).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from core.layout import Layout
from core.rejection import quoted
from core.storage import read_many, write_table
from mteval.discourse import CATEGORIES, Overlap, score_document
from mteval.inputs import Document, InputError, load_documents, test_set
from mteval.metrics import Score, sentence_scores

# The split-level row naming what a system was scored on: value its reference lines, signature the split's
# digest then (``mteval.inputs.test_set``).
TEST_SET = "test-set"
TEST_SET_SIGNATURE = "bwb.test-set."
SYSTEM_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,99}")  # a file name, with room for its temporary's
LEADERBOARD = (
    "bleu",
    "chrf",
    "ter",
    "meteor",
    *(f"{c}-f1" for c in ("pronoun", "entity-person", "entity-other", "tense", "marker", "discourse")),
)


def system_name(name: str | None, hyp: Path) -> str:
    """``name``, else the system file's or folder's name (that of the folder ``.`` stands for too)."""
    name = name or Path(os.path.abspath(hyp)).name.split(".")[0]
    if not SYSTEM_NAME.fullmatch(name):
        raise InputError(
            f"system name {quoted(name)}: use at most 100 ASCII letters, digits and . _ + - (set it with --name)"
        )
    return name


def _discourse_rows(scores: dict[str, Overlap]) -> list[tuple[str, float | None]]:
    pronoun, pooled = Overlap(), Overlap()
    for category, o in scores.items():
        pooled.add(o)
        if category.startswith("pronoun-"):
            pronoun.add(o)
    rows = []
    for name, o in {**scores, "pronoun": pronoun, "discourse": pooled}.items():
        rows += [
            (f"{name}-{m}", None if v is None else 100 * v)
            for m, v in (("p", o.precision), ("r", o.recall), ("f1", o.f1))
        ]
    return rows


def score_documents(
    docs: list[Document], progress: Callable[[str], None] = lambda _: None, chapters: bool = True
) -> list[dict[str, Any]]:
    """Rows (chapter_id, metric, value, signature) for every chapter (``chapters=False``: none) and for the
    whole split (chapter_id None)."""
    rows: list[dict[str, Any]] = []
    totals = {c: Overlap() for c in CATEGORIES}

    def add(chapter_id: str | None, scores: list[Score], discourse: dict[str, Overlap]) -> None:
        rows.extend(
            {"chapter_id": chapter_id, "metric": s.metric, "value": s.value, "signature": s.signature}
            for s in scores
        )
        rows.extend(
            {"chapter_id": chapter_id, "metric": m, "value": v, "signature": "bwb.discourse-overlap.1"}
            for m, v in _discourse_rows(discourse)
        )

    for n, doc in enumerate(docs, 1):
        progress(f"  scoring {doc.chapter_id} ({n}/{len(docs)})")
        discourse = score_document(doc.hyps, doc.refs).categories
        for category, o in discourse.items():
            totals[category].add(o)
        if chapters:
            add(doc.chapter_id, sentence_scores(doc.hyps, doc.refs), discourse)
    hyps = [h for d in docs for h in d.hyps]
    refs = [r for d in docs for r in d.refs]
    add(None, sentence_scores(hyps, refs), totals)
    return rows


def evaluate_system(layout: Layout, split: str, hyp: Path, name: str | None = None) -> tuple[str, list[dict]]:
    """Score ``hyp`` (file or BWB folder) on ``split``; write its Parquet rows; return (system, split rows)."""
    system = system_name(name, hyp)
    docs = load_documents(layout.export_dir(), split, hyp)
    rows = [
        {"system": system, "split": split, **row}
        for row in score_documents(docs, lambda line: print(line, file=sys.stderr, flush=True))
    ]
    scored = {
        "chapter_id": None,
        "metric": TEST_SET,
        "value": float(sum(len(doc.refs) for doc in docs)),
        "signature": TEST_SET_SIGNATURE + (test_set(layout.export_dir(), split) or "unknown"),
    }
    rows.append({"system": system, "split": split, **scored})
    write_table(rows, "mt_scores", layout.mt_scores(split, system))
    return system, [row for row in rows if row["chapter_id"] is None]


def leaderboard(layout: Layout) -> list[dict[str, Any]]:
    """One row per (split, system) with the split-level scores in ``LEADERBOARD`` and ``test set``: "this
    export", or the lines of the earlier export of the split it was scored on (not comparable: other books,
    another split), or "not recorded" (scored before this was recorded). Per split, this export's systems
    first, best BLEU first."""
    rows = read_many(sorted(layout.mt_dir().glob("*/*.parquet")), "mt_scores").to_pylist()
    board: dict[tuple[str, str], dict[str, Any]] = {}
    current: dict[str, str | None] = {}
    for row in rows:
        if row["chapter_id"] is not None or row["metric"] not in (*LEADERBOARD, TEST_SET):
            continue
        entry = board.setdefault(
            (row["split"], row["system"]),
            {"split": row["split"], "system": row["system"]}
            | dict.fromkeys(LEADERBOARD, "n/a")
            | {"test set": "not recorded"},
        )
        if row["metric"] == TEST_SET:
            split = row["split"]
            if split not in current:
                current[split] = test_set(layout.export_dir(), split)
            now = current[split] is not None and row["signature"] == TEST_SET_SIGNATURE + current[split]
            entry["test set"] = "this export" if now else f"an earlier export ({row['value']:.0f} lines)"
        else:
            entry[row["metric"]] = "n/a" if row["value"] is None else round(row["value"], 2)
    return sorted(
        board.values(),
        key=lambda r: (r["split"], r["test set"] != "this export", -_number(r["bleu"]), r["system"]),
    )


def _number(value: Any) -> float:
    return value if isinstance(value, float) else 0.0
