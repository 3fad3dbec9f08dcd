"""JSON Lines, ``{split}.jsonl``: one bead per line, every bead (one-sided ones too)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from exports.corpus import Doc
from exports.files import LineFiles, staged_dir

FIELDS = ("pair_id", "chapter_id", "book_id", "bead_no", "zh", "en", "bead_type")


def bead_record(split: str, bead: dict[str, Any]) -> dict[str, Any]:
    score = bead["score"]
    return {
        "split": split,
        **{f: bead[f] for f in FIELDS},
        "score": None if score is None else round(score, 4),
    }


def export_jsonl(docs: Iterable[Doc], folder: Path) -> dict[str, Any]:
    with staged_dir(folder) as tmp, LineFiles(tmp) as out:
        for doc in docs:
            for bead in doc.beads:
                out.write(f"{doc.split}.jsonl", json.dumps(bead_record(doc.split, bead), ensure_ascii=False))
    return {"lines": {name.removesuffix(".jsonl"): count for name, count in out.lines.items()}}
