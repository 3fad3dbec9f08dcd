"""The export stage: the corpus in several formats at once, under ``layout.export_dir()`` (``make export``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from core.layout import Layout
from core.storage import write_json
from exports.corpus import Doc, iter_docs
from exports.formats.bwb import export_bwb
from exports.formats.doc import export_doc
from exports.formats.jsonl import export_jsonl
from exports.formats.parquet import export_parquet
from exports.formats.text import export_text
from exports.formats.tmx import export_tmx
from exports.plan import plan_splits
from exports.splits import DEFAULT_CONFIG, SplitConfig

# Format name (also its sub-folder of export_dir()) -> writer.
FORMATS: dict[str, Callable[[Iterable[Doc], Path], dict[str, Any]]] = {
    "parquet": export_parquet,
    "text": export_text,
    "doc": export_doc,
    "bwb": export_bwb,
    "jsonl": export_jsonl,
    "tmx": export_tmx,
}


def export_corpus(
    layout: Layout, formats: list[str], split_config: SplitConfig = DEFAULT_CONFIG
) -> dict[str, Any]:
    """Write each format to ``export_dir()/{format}/`` and the split plan to ``splits.json``.

    Reads only books whose aligned (and chapters) table exists. Returns (and writes to
    ``summary.json``) the split report, with leakage, and each format's counts.
    """
    unknown = sorted(set(formats) - set(FORMATS))
    if unknown:
        raise ValueError(f"unknown export format(s) {', '.join(unknown)}; known: {', '.join(FORMATS)}")
    assignment = plan_splits(layout, split_config)
    out = layout.export_dir()
    write_json(assignment.to_json(), out / "splits.json")
    summary = {
        "splits": assignment.report,
        "formats": {name: FORMATS[name](iter_docs(layout, assignment), out / name) for name in formats},
    }
    write_json(summary, out / "summary.json")
    return summary
