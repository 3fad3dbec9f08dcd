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

from collections.abc import Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from core.table_writer import TableWriter
from exports.corpus import Doc
from exports.files import staged_dir

BATCH = 50_000  # beads of a split held, then written as a row group (all 9.6 million of BWB's: about 10 GB)


def split_file(split: str) -> str:
    return f"data/{split}-00000-of-00001.parquet"


def export_parquet(docs: Iterable[Doc], folder: Path) -> dict[str, Any]:
    rows: dict[str, int] = {}
    pending: dict[str, list[dict[str, Any]]] = {}
    writers: dict[str, TableWriter] = {}
    with staged_dir(folder) as tmp, ExitStack() as closing:
        for doc in docs:
            if doc.split not in writers:
                writers[doc.split] = TableWriter(tmp / split_file(doc.split), "aligned_pairs")
                closing.callback(writers[doc.split].close)
                rows[doc.split], pending[doc.split] = 0, []
            pending[doc.split] += doc.beads
            rows[doc.split] += len(doc.beads)
            if len(pending[doc.split]) >= BATCH:
                writers[doc.split].write(pending[doc.split])
                pending[doc.split] = []
        for split, beads in pending.items():
            if beads:
                writers[split].write(beads)
    return {"rows": rows}
