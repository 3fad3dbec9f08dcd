"""The export stage: the corpus in several formats at once, under ``layout.export_dir()`` (``make export``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from core.layout import Layout
from core.storage import DamagedFile, read_json, write_json
from exports.corpus import Doc, iter_docs
from exports.files import staged_dir
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
    layout: Layout,
    formats: list[str],
    split_config: SplitConfig = DEFAULT_CONFIG,
    dropped: Iterable[str] = (),
) -> dict[str, Any]:
    """Write each format to ``export_dir()/{format}/`` and the split plan to ``splits.json``.

    Reads only books whose aligned (and chapters) table exists. Returns (and writes to
    ``summary.json``) the split report, with leakage, and each format's counts, a kept format's as the
    summary before said them (an export of other formats dropped them from it). The export folder is
    replaced whole (``staged_dir``), what this export does not write (another format's folder) kept in it
    but the entries named in ``dropped`` (an older export's formats): a run killed at any point leaves the old
    export or the new one, never the new split plan beside the old test set, or one format of each.
    """
    unknown = sorted(set(formats) - set(FORMATS))
    if unknown:
        raise ValueError(f"unknown export format(s) {', '.join(unknown)}; known: {', '.join(FORMATS)}")
    assignment = plan_splits(layout, split_config)
    written = {*formats, *dropped, "splits.json", "summary.json"}
    with staged_dir(layout.export_dir()) as out:
        _keep(layout.export_dir(), out, written)
        write_json(assignment.to_json(), out / "splits.json")
        counts = _kept_counts(layout.export_dir(), out, written)
        counts |= {name: FORMATS[name](iter_docs(layout, assignment), out / name) for name in formats}
        summary = {
            "splits": assignment.report,
            "formats": {name: counts[name] for name in FORMATS if name in counts},
        }
        write_json(summary, out / "summary.json")
    return summary


def _kept_counts(old: Path, new: Path, written: set[str]) -> dict[str, Any]:
    """Each kept format's counts (its folder linked into ``new``, not ``written``) as ``old``'s summary said
    them; none from a summary that is missing or not an export's."""
    try:
        said = read_json(old / "summary.json", dict).get("formats")
    except (OSError, DamagedFile):
        return {}
    if not isinstance(said, dict):
        return {}
    return {
        name: said[name] for name in FORMATS if name in said and name not in written and (new / name).is_dir()
    }


def _keep(old: Path, new: Path, left: set[str]) -> None:
    """Link (or copy, where the file system cannot link) into ``new`` each entry of ``old`` not named in
    ``left``, its files' bytes and modification times as they are."""
    if not old.is_dir():
        return
    for entry in sorted(old.iterdir()):
        if entry.name in left or (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue  # rewritten, or a killed writer's temporary
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, new / entry.name, symlinks=True, copy_function=_link)
        else:
            _link(entry, new / entry.name)


def _link(source: Path | str, target: Path | str) -> None:
    """A hard link of ``source`` at ``target``; a copy (times kept) where it cannot be linked; a link as is."""
    if os.path.islink(source):
        os.symlink(os.readlink(source), target)
        return
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
