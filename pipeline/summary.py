"""The corpus summary: what was built, where, and what was rejected and why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from core.rejection import KEPT_OUTCOMES
from core import storage
from core.layout import Layout
from pipeline.manifest import Manifest
from pipeline.output_folder import adopted_note, corpus_books


def _tables(paths: list[Path], table: str, columns: list[str]) -> Iterator[pa.Table]:
    """The ``columns`` of each file of ``paths`` that exists, a file at a time: the corpus's texts (every
    chapter's and sentence pair's, GBs at BWB's size) are never read, nor a column of every book at once."""
    return (storage.read_table(p, table, columns) for p in paths if p.exists())


def _count_rows(paths: list[Path], table: str, column: str) -> int:
    return sum(part.num_rows for part in _tables(paths, table, [column]))


def _tally(paths: list[Path], table: str, columns: list[str]) -> Counter[tuple[Any, ...]]:
    """How many rows have each combination of the values of ``columns``."""
    counts: Counter[tuple[Any, ...]] = Counter()
    for part in _tables(paths, table, columns):
        counts.update(zip(*(part.column(name).to_pylist() for name in columns)))
    return counts


def _pair_counts(paths: list[Path]) -> tuple[int, int]:
    """The sentence pairs (beads) of the aligned tables ``paths``, and those with both sides."""
    pairs = both_sides = 0
    for part in _tables(paths, "aligned_pairs", ["zh_idx", "en_idx"]):
        # bead sizes as Python ints: comparing them in pyarrow.compute would import pandas (0.3 CPU-s a no-op run)
        sizes = zip(
            pc.list_value_length(part.column("zh_idx")).to_pylist(),
            pc.list_value_length(part.column("en_idx")).to_pylist(),
        )
        pairs += part.num_rows
        both_sides += sum(1 for zh, en in sizes if zh and en)
    return pairs, both_sides


def corpus_summary(layout: Layout, listed: list[str]) -> dict[str, Any]:
    """Counts per stage, rejections per stage and reason, candidates per phenomenon and adjacency, of the
    corpus's books: ``listed`` (the config's) and those adopted into the folder (``--adopt``)."""
    book_ids = corpus_books(layout, listed)
    raw = {
        lang: _count_rows([layout.raw(lang, b) for b in book_ids], "raw_chapters", "raw_id")
        for lang in ("zh", "en")
    }
    chapters = _count_rows([layout.chapters(b) for b in book_ids], "chapters", "chapter_id")
    pairs, both_sides = _pair_counts([layout.aligned(b) for b in book_ids])
    found = _tally([layout.candidates(b) for b in book_ids], "candidates", ["phenomenon", "adjacency"])
    cohesion = {(ph, adj.replace("_", "-")): n for (ph, adj), n in found.items()}
    reasons = _tally(sorted(layout.root.glob("rejected/*/*.parquet")), "rejected", ["stage", "reason"])
    crawl: Counter[str] = Counter()
    failed_reasons: Counter[str] = Counter()
    stopped = {}
    journal_warnings = []
    for path in sorted(layout.root.glob("stats/crawl/*.json")):
        report = storage.read_json(path)
        for key in (
            "requests",
            "bytes",
            "retried",
            "failed",
            "new_chapters",
            "edited_chapters",
            "duration_s",
        ):
            crawl[key] += report.get(key, 0)
        failed_reasons.update(report.get("failed_reasons", {}))
        if report.get("stopped"):
            stopped[report.get("site", path.stem)] = report["stopped"]
        if report.get("journal_warning"):
            journal_warnings.append(report["journal_warning"])
    return {
        "output": str(layout.root),
        "books": len(book_ids),
        "adopted_books": len(book_ids) - len(listed),
        "raw_chapters": raw,
        "chapters": chapters,
        "sentence_pairs": pairs,
        "sentence_pairs_both_sides": both_sides,
        "rejected": {f"{stage}/{reason}": n for (stage, reason), n in sorted(reasons.items())},
        "cohesion_candidates": {f"{ph}/{adj}": n for (ph, adj), n in sorted(cohesion.items())},
        "crawl": {
            **crawl,
            "failed_reasons": dict(failed_reasons),
            "stopped_sites": stopped,
            "journal_warnings": journal_warnings,
        },
    }


def format_summary(summary: dict[str, Any], finished: bool = True, until: str | None = None) -> str:
    """A short human-readable rendering of ``corpus_summary`` for the end of ``make corpus``; when the
    build did not finish, or stopped after the stage ``until`` (``--until``), its header says so."""
    raw, crawl, output = summary["raw_chapters"], summary["crawl"], Path(summary["output"])
    adopted = adopted_note(summary["adopted_books"])
    built = (
        f"Corpus built up to {until} (--until: the later stages did not run) in"
        if until
        else "Corpus built in"
    )
    header = built if finished else "Corpus NOT finished (failures below); built so far in"
    lines = [
        f"{header} {output}",
        f"  books: {summary['books']}{adopted}   raw chapters: zh {raw['zh']}, en {raw['en']}   "
        f"last crawls: {crawl.get('requests', 0)} requests, {crawl.get('bytes', 0) / 1e6:.1f} MB, "
        f"{crawl.get('retried', 0)} retried, {crawl.get('failed', 0)} failed, {crawl.get('duration_s', 0):.0f} s",
        f"  chapter pairs kept: {summary['chapters']}   sentence pairs (beads): {summary['sentence_pairs']} "
        f"({summary['sentence_pairs_both_sides']} with both sides)",
    ]
    if crawl.get("new_chapters") or crawl.get("edited_chapters"):
        lines.append(
            f"  chapters fetched for the first time: {crawl.get('new_chapters', 0)}; "
            f"edited since the last fetch: {crawl.get('edited_chapters', 0)}"
        )
    if crawl["failed_reasons"]:
        reasons = ", ".join(f"{reason} {n}" for reason, n in sorted(crawl["failed_reasons"].items()))
        lines.append(f"  crawl failures (retried on the next run): {reasons}")
    for site, why in crawl["stopped_sites"].items():
        lines.append(f"  STOPPED {site} ({why}): nothing more was sent to it")
    lines += [f"  {warning}" for warning in crawl["journal_warnings"]]
    if summary["rejected"]:
        lines.append("  rejected (stage/reason: count):")
        kept = {f"pair/{reason}" for reason in KEPT_OUTCOMES}
        lines += [
            f"    {name}: {n}" + ("  (kept, paired by content)" if name in kept else "")
            for name, n in summary["rejected"].items()
        ]
    if summary["cohesion_candidates"]:
        lines.append("  cohesion candidates (phenomenon/adjacency: count):")
        lines += [f"    {name}: {n}" for name, n in summary["cohesion_candidates"].items()]
    made = [name for name in ("chapters", "aligned", "candidates", "rejected") if (output / name).is_dir()]
    if made:  # after --until crawl: no chapters, aligned or candidates table yet
        lines.append(f"  see: {output}/{', '.join(made)}; `python -m pipeline inspect CHAPTER_ID`")
    return "\n".join(lines)


def task_runs(layout: Layout, run_id: str) -> dict[str, Counter[str]]:
    """The tasks that the run ``run_id`` ran, per task family and why (from the manifests they wrote)."""
    runs: dict[str, Counter[str]] = {}
    for path in sorted(layout.root.glob("_manifests/*/*.json")):
        manifest = Manifest.load(path)
        if manifest is not None and manifest.extra.get("run_id") == run_id:
            why = "; ".join(manifest.extra.get("why") or ["unknown"])
            runs.setdefault(path.parent.name, Counter())[why] += 1
    return runs


def format_runs(runs: dict[str, Counter[str]]) -> str:
    """What ran and why, e.g. ``AlignBook: 3, code changed: alignment/search.py``; or that nothing did."""
    if not runs:
        return "  tasks run: none (everything was up to date)"
    lines = ["  tasks run (task: count, why):"]
    lines += [
        f"    {family}: {n}, {why}" for family, reasons in runs.items() for why, n in sorted(reasons.items())
    ]
    return "\n".join(lines)
