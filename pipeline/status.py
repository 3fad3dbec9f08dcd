"""``python -m pipeline status``: per book and stage, built, stale (and why) or not built, with rejections.

Read-only and fast: each task is judged as a build would judge it (``StageTask.why_stale``: manifests,
recorded fingerprints, output sizes), and rejections are counted from two columns of the Parquet files.
Nothing is run, locked or written, so it can watch a build in progress.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from core.layout import Layout
from core.storage import DamagedFile, read_table
from pipeline.book_stages import AlignBook, CleanBook, DedupCorpus, FilterBook, MineBook
from pipeline.build_task import BuildCorpus
from pipeline.corpus_tasks import BuildReport, ExportCorpus
from pipeline.crawl_task import CrawlBook
from pipeline.output_folder import adopted_note, corpus_books
from pipeline.stage_task import StageTask, completeness_memo


def corpus_status(params: dict[str, str], layout: Layout, book_ids: list[str]) -> str:
    """A line per book and stage (the corpus-wide dedup as it touched the book), the summary, the totals; the
    books adopted into the folder (``--adopt``) after the config's, from dedup on (another config crawled and
    cleaned them)."""
    states: dict[str, str] = {}  # task id -> built | stale: why | not built, judged once

    def line(label: str, task: StageTask, rejected: Counter[str]) -> str:
        if task.task_id not in states:  # the corpus-wide dedup is every book's
            why = task.why_stale()
            states[task.task_id] = (
                "built" if why is None else "not built" if why == "not built" else f"stale: {why}"
            )
        reasons = ", ".join(f"{name} {n}" for name, n in sorted(rejected.items()))
        return f"  {label:<9} {states[task.task_id]}" + (f"   rejected: {reasons}" if reasons else "")

    books = corpus_books(layout, book_ids)
    listed = set(book_ids)
    dedup = DedupCorpus(**params)
    dedup_rejected: dict[str, Counter[str]] = defaultdict(Counter)
    for owner, reason in _rejections(layout.rejected("dedup", "corpus")):
        dedup_rejected[owner][reason] += 1
    lines: list[str] = []
    with completeness_memo():
        for book in books:
            if book in listed:
                lines.append(book)
                for lang in ("zh", "en"):
                    lines.append(
                        line(
                            f"crawl {lang}",
                            CrawlBook(**params, book_id=book, lang=lang),
                            _reasons(layout.rejected("crawl", f"{book}-{lang}")),
                        )
                    )
                lines.append(
                    line("clean", CleanBook(**params, book_id=book), _reasons(layout.rejected("clean", book)))
                )
            else:
                lines.append(f"{book} (adopted: crawled and cleaned by another config)")
            lines.append(line("dedup", dedup, dedup_rejected[book]))
            lines.append(
                line("filter", FilterBook(**params, book_id=book), _reasons(layout.rejected("filter", book)))
            )
            lines.append(
                line("align", AlignBook(**params, book_id=book), _reasons(layout.rejected("align", book)))
            )
            lines.append(line("mine", MineBook(**params, book_id=book), Counter()))
        lines += ["corpus", line("summary", BuildCorpus(**params), Counter())]
        lines += [line(label, task, Counter()) for label, task in _made_once(params, layout)]
    counts = Counter(state.split(":")[0] for state in states.values())
    totals = ", ".join(f"{counts[state]} {state}" for state in ("built", "stale", "not built"))
    adopted = adopted_note(len(books) - len(book_ids))
    return "\n".join([f"Status of {len(books)} books{adopted} in {layout.root} (tasks: {totals})", *lines])


def stale_aligned(params: dict[str, str], layout: Layout, book_ids: list[str], command: str) -> str | None:
    """One line when the aligned tables there are not this config's build as it would be now (each book's
    ``AlignBook`` judged as ``corpus_status`` judges it: stale, or no record of its build), else None;
    ``command`` builds them again."""
    books = [book for book in corpus_books(layout, book_ids) if layout.aligned(book).exists()]
    with completeness_memo():
        stale = [(book, why) for book in books if (why := AlignBook(**params, book_id=book).why_stale())]
    if not stale:
        return None
    whys = [f"{book}: {'no record of its build' if why == 'not built' else why}" for book, why in stale]
    listed = "; ".join(whys[:3]) + ("; …" if len(whys) > 3 else "")
    tables, are = ("table", "is") if len(stale) == 1 else ("tables", "are")
    return (
        f"the aligned {tables} of {len(stale)} of {len(books)} {'book' if len(books) == 1 else 'books'} {are} "
        f"stale for this config ({listed}): these figures are of an earlier build; run: {command}"
    )


def _made_once(params: dict[str, str], layout: Layout) -> list[tuple[str, StageTask]]:
    """The exports (one per set of formats) and the report the folder records having made, each with its
    label: a file of theirs edited or deleted since, or a corpus built again, shows them stale, where an
    ``export`` or ``report`` would make them again. Never made: no line (they are made on demand); a file
    there named by no set of formats is no export's."""
    from exports.stage import FORMATS

    units = [path.stem.split("-") for path in ExportCorpus(**params).manifest_path().parent.glob("*.json")]
    exports = [ExportCorpus(**params, formats=tuple(u)) for u in sorted(units) if set(u) <= set(FORMATS)]
    report = BuildReport(**params)
    made = [(f"export {','.join(task.formats)}", task) for task in exports]
    return made + ([("report", report)] if report.manifest_path().is_file() else [])


def _rejections(path: Path) -> list[tuple[str, str]]:
    """(book, ``stage/reason``) of each rejection in a file; none if it is absent or unreadable."""
    try:
        table = read_table(path, "rejected", columns=["stage", "reason", "book_id"]).to_pydict()
    except DamagedFile:  # absent, or damaged (of another table too): its task's state says so
        return []
    return [
        (owner, f"{stage}/{reason}")
        for stage, reason, owner in zip(table["stage"], table["reason"], table["book_id"])
    ]


def _reasons(path: Path) -> Counter[str]:
    """Rejections per ``stage/reason`` in a file of one book's."""
    return Counter(reason for _, reason in _rejections(path))
