"""Parquet per split in the Hugging Face ``datasets`` layout.

``folder/data/{split}-00000-of-00001.parquet`` (split = train, valid, test), each with the
ALIGNED_PAIRS schema of ``core.schemas`` (one row per bead; a chapter is its rows grouped by
``chapter_id`` in ``bead_no`` order). Load with::

    from datasets import load_dataset
    bwb = load_dataset("parquet", data_dir="output/export/parquet")   # DatasetDict: train, valid, test
    # or, explicitly:
    bwb = load_dataset("parquet", data_files={s: f"output/export/parquet/data/{s}-*.parquet"
                                              for s in ("train", "valid", "test")})
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from core.storage import write_table
from exports.corpus import Doc
from exports.files import staged_dir


def split_file(split: str) -> str:
    return f"data/{split}-00000-of-00001.parquet"


def export_parquet(docs: Iterable[Doc], folder: Path) -> dict[str, Any]:
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for doc in docs:
        rows[doc.split].extend(doc.beads)
    with staged_dir(folder) as tmp:
        for split, beads in rows.items():
            write_table(beads, "aligned_pairs", tmp / split_file(split))
    return {"rows": {split: len(beads) for split, beads in rows.items()}}
