"""Where QC verdicts and corrections are kept, and reading them (an absent file is an empty table)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from core.layout import Layout
from core.storage import file_sha256, read_rows
from qc.corrections import by_chapter


def verdicts_path(layout: Layout) -> Path:
    return layout.qc_dir() / "verdicts.parquet"


def accuracy_path(layout: Layout) -> Path:
    return layout.qc_dir() / "accuracy.json"


def read_verdicts_table(layout: Layout) -> list[dict[str, Any]]:
    path = verdicts_path(layout)
    return (
        read_rows(path, "qc_verdicts") if os.path.lexists(path) else []
    )  # a folder, a broken link: DamagedFile


def corrected_books(layout: Layout) -> list[str]:
    return sorted(p.stem for p in layout.corrections("_").parent.glob("*.parquet"))


def read_corrections(layout: Layout, book_id: str) -> dict[str, list[dict[str, Any]]]:
    """A book's corrections by chapter id ({} when the book has none)."""
    path = layout.corrections(book_id)
    return by_chapter(read_rows(path, "corrections")) if os.path.lexists(path) else {}


def fingerprints(layout: Layout, corrections: bool = True, results: bool = False) -> dict[str, Any]:
    """SHA-256 of the corrections (and QC / MT / cohesion-probe results) files, for task settings; {} when
    there are none. With MT scores, the test sets exported now too (``export/text/*.ids``, ``*.en``): the
    report's leaderboard says whether each was scored on them (``mteval.inputs.test_set``)."""
    paths = [layout.corrections(b) for b in corrected_books(layout)] if corrections else []
    if results:  # the report's: QC accuracy, MT scores, probe results (python -m cohesion.evaluate)
        scores = sorted(layout.mt_dir().glob("*/*.parquet"))
        text = layout.export_dir() / "text"
        tested = sorted(p for p in text.glob("*") if p.suffix in (".ids", ".en")) if scores else []
        paths += [accuracy_path(layout), *scores, *tested, layout.probe_results()]
    found = {str(p.relative_to(layout.root)): file_sha256(p) for p in paths if p.is_file()}
    return {"annotations": found} if found else {}
