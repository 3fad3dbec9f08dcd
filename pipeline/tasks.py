"""The Luigi tasks: each reads its inputs, calls its stage module and writes atomically (``pipeline.stage_task``).

Per book: CrawlBook (zh, en) → CleanBook → [DedupCorpus] → FilterBook → AlignBook → MineBook.
Corpus level: DedupCorpus (exact and near duplicates within and across books) and BuildCorpus (the
``make corpus`` target: every book through mining, the books table and the corpus summary);
UpdateCorpus (``make update``, one per date): refetch every table of contents, then rebuild what changed.
ExportCorpus and BuildReport read the built corpus. The stage modules: ``crawlers.stage``,
``filters.clean_stage``, ``filters.dedup_stage``,
``filters.filter_stage``, ``alignment.stage``, ``cohesion.stage``, ``exports.stage``, ``exports.report``.
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import luigi
from luigi.tools.range import RangeDaily  # noqa: F401 - registered for the cron line: luigi --module pipeline.tasks RangeDaily

from core import storage
from core.rejection import Rejection, one_line
from core.stage import StageResult
from pipeline.settings import changed
from pipeline.manifest import Manifest
from pipeline.preload import preload
from pipeline.stage_task import BookTask, StageTask

log = logging.getLogger("luigi-interface")
UNTIL = ("crawl", "clean", "dedup", "filter", "align", "mine")  # the stages a build can stop after


def files_under(folders: list[Path]) -> list[Path]:
    """Every file in ``folders``, sorted: what a task that writes whole folders records, so that one deleted,
    truncated or overwritten since makes the task run again."""
    return sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())


@StageTask.event_handler(luigi.Event.DEPENDENCY_DISCOVERED)
def _preload(task: StageTask, _dependency: luigi.Task) -> None:
    """Preload a task's family as Luigi schedules the task to run: in the process that forks the tasks, so
    Luigi's own entry points (``luigi --module pipeline.tasks``, the cron line's ``RangeDaily``) preload
    too. The command line has preloaded each stage already (``pipeline.cli_build``), which this finds done."""
    preload([task.task_family])


class CrawlBook(BookTask):
    """Fetch one book's table of contents and new chapters in one language; write its raw shard.

    With ``refresh`` set (``make update`` passes the date), the task is complete only once it has
    crawled for that token, or (``since``, the update's start) since the update started, so every table of
    contents is refetched; chapters already in the crawl journal are never fetched again. The token is no
    part of the task's id: two updates of different dates write the same files, and through one luigid the
    second takes the first's crawl (run meanwhile) as its own instead of crawling again. Chapters that
    failed (and a site that served a challenge page) are recorded as rejections and retried by the next
    run (the next ``run_id``).
    """

    lang = luigi.ChoiceParameter(choices=["zh", "en"])
    refresh = luigi.Parameter(default="", significant=False)
    since = luigi.OptionalFloatParameter(
        default=None, significant=False, description="a crawl started since (epoch seconds) is this refresh's"
    )
    recheck = luigi.BoolParameter(default=False, significant=False, description="refetch known chapters too")

    @property
    def unit(self) -> str:
        return f"{self.book_id}-{self.lang}"

    @property
    def resources(self) -> dict[str, int]:  # one crawl per site at a time, across all workers
        return {f"site_{self.cfg.book(str(self.book_id)).sources[str(self.lang)].site}": 1}

    def output_paths(self) -> list[Path]:
        return self.stage_paths("crawl", self.layout.raw(str(self.lang), str(self.book_id)))

    def local_file(self) -> Path | None:
        """The book's file when its source is a local EPUB or text file (its toc, relative to the config)."""
        from crawlers.stage import source_file

        source = self.cfg.book(str(self.book_id)).sources[str(self.lang)]
        return source_file(self.cfg.sites[source.site], source.toc, self.cfg.path.resolve().parent)

    def current_inputs(self) -> dict[str, str] | None:
        """Plus a local file's content hash: when the file changes, the book is read again. A file that
        cannot be read (no permission, a name too long) is read all the same, so that the crawl names why."""
        from crawlers.stage import source_digest

        inputs = super().current_inputs()
        if inputs is not None and (path := self.local_file()) is not None:
            try:
                inputs["source"] = source_digest(path)
            except OSError as err:
                inputs["source"] = f"unreadable: {err.strerror or err}"
        return inputs

    def settings(self) -> dict[str, Any]:
        """The side's source (its ``toc`` and site profile, ``crawlers.stage.source_settings``)."""
        from crawlers.stage import source_settings

        source = self.cfg.book(str(self.book_id)).sources[str(self.lang)]
        return source_settings(self.cfg.sites[source.site], source.toc)

    def due_reasons(self, extra: dict[str, Any]) -> list[str]:
        """Done when crawled (for this refresh token, if any) with nothing left failed or blocked."""
        from crawlers.stage import due_reasons

        return due_reasons(extra, str(self.run_id), str(self.refresh), self.since)

    def run(self) -> None:
        from crawlers.stage import CrawlInputs, CrawlSettings, crawl_side, side_failure

        started = time.time()
        book_id, lang = str(self.book_id), str(self.lang)
        source = self.cfg.book(book_id).sources[lang]
        raw_path = self.output_paths()[0]  # the last completed crawl
        try:
            previous = storage.read_rows(raw_path, "raw_chapters") if raw_path.exists() else []
        except storage.DamagedFile:  # rebuilt from the journal below; only the new/edited counts need it
            previous = []
        inputs = CrawlInputs(
            book_id,
            lang,
            self.cfg.sites[source.site],
            source.toc,
            self.layout.crawl_journal(lang, book_id),
            {r["url"]: r["content_hash"] for r in previous},
            self.local_file(),
        )
        result = crawl_side(inputs, CrawlSettings(recheck=bool(self.recheck)))
        self.write_stage(
            "raw_chapters", result, refresh=str(self.refresh), started=started, failed=len(result.rejections)
        )
        if failed := side_failure(result, book_id, lang):  # the build fails at its end, with this line
            self.record_failure(failed)
        log.info(
            "crawled %s/%s: %d chapters (%d new), %d failed",
            book_id,
            lang,
            len(result.rows),
            result.stats["new_chapters"],
            len(result.rejections),
        )


class CleanBook(BookTask):
    """Clean both languages of a book: boilerplate, titles, mojibake, sentence splitting."""

    def requires(self) -> list[CrawlBook]:
        return [self.clone(CrawlBook, book_id=self.book_id, lang=lang) for lang in ("zh", "en")]

    def output_paths(self) -> list[Path]:
        return self.stage_paths("clean", self.layout.clean(str(self.book_id)))

    def boilerplate(self) -> dict[str, list[str]]:
        book = self.cfg.book(str(self.book_id))
        return {lang: list(self.cfg.sites[src.site].boilerplate) for lang, src in book.sources.items()}

    def settings(self) -> dict[str, Any]:
        return self.boilerplate() | changed(self.cfg.settings.clean)

    def due_reasons(self, extra: dict[str, Any]) -> list[str]:
        """A book whose cleaning failed is cleaned again by the next run."""
        return (
            ["cleaning failed in an earlier run"]
            if extra.get("failed_run") not in (None, str(self.run_id))
            else []
        )

    def run(self) -> None:
        from filters.clean_stage import clean_book

        raw = [row for path in self.input_paths() for row in storage.read_rows(path, "raw_chapters")]
        try:
            result = clean_book(raw, self.boilerplate(), self.cfg.settings.clean.mojibake)
        except Exception as err:  # noqa: BLE001 - fault isolation: the book is cleaned to nothing, the others build
            message = one_line(err)
            failed = Rejection("clean_error", message).row("clean", str(self.book_id), str(self.book_id))
            result = StageResult([], [failed], {"failed": message})
            self.write_stage("clean_chapters", result, failed_run=str(self.run_id))
            self.record_failure(message)
            return
        self.write_stage("clean_chapters", result)


class DedupCorpus(StageTask):
    """Drop exact and near-duplicate chapters within and across the corpus's books (``corpus_books``: those
    adopted into the folder too, whose cleaned tables it reads by content and whose deduplicated ones it writes)."""

    def requires(self) -> list[CleanBook]:
        return [self.clone(CleanBook, book_id=b.book_id) for b in self.cfg.books]

    def read_tables(self) -> list[Path]:
        return [self.layout.clean(book) for book in self.corpus_books()]

    def output_paths(self) -> list[Path]:
        per_book = [self.layout.deduped(book) for book in self.corpus_books()]
        return per_book + [self.layout.rejected("dedup", "corpus"), self.layout.stats("dedup", "corpus")]

    def settings(self) -> dict[str, Any]:
        return changed(self.cfg.settings.dedup)

    def run(self) -> None:
        from filters.dedup_stage import dedup_books

        def load(book: str) -> list[dict]:  # one book's chapters in memory at a time
            return storage.read_rows(self.layout.clean(book), "clean_chapters")

        books = self.corpus_books()
        result = dedup_books(books, load, self.cfg.settings.dedup)
        removed = {row["item_id"] for row in result.rejections}

        def write_kept(book: str, path: Path) -> str:
            return storage.write_table(
                [r for r in load(book) if r["raw_id"] not in removed], "clean_chapters", path
            )

        *per_book, rejected_path, stats_path = self.output_paths()
        writes = [
            (rejected_path, lambda: storage.write_table(result.rejections, "rejected", rejected_path)),
            (stats_path, lambda: storage.write_json(result.stats, stats_path)),
        ]
        for book, path in zip(books, per_book):
            writes.append((path, lambda book=book, path=path: write_kept(book, path)))
        self.write_outputs(writes)


class FilterBook(BookTask):
    """Pair zh and en chapters by number and apply the chapter filters."""

    def requires(self) -> DedupCorpus:
        return self.clone(DedupCorpus)

    def input_paths(self) -> list[Path]:
        return [self.layout.deduped(str(self.book_id))]  # only this book's shard: other books don't matter

    def output_paths(self) -> list[Path]:
        return self.stage_paths("filter", self.layout.chapters(str(self.book_id)))

    def settings(self) -> dict[str, Any]:
        return changed(self.cfg.settings.filters) | (
            {"pair": pair} if (pair := changed(self.cfg.settings.pair)) else {}
        )

    def run(self) -> None:
        from filters.filter_stage import pair_and_filter_book

        clean = storage.read_rows(self.input_paths()[0], "clean_chapters")
        self.write_stage(
            "chapters", pair_and_filter_book(clean, self.cfg.settings.filters, match=self.cfg.settings.pair)
        )


class AlignBook(BookTask):
    """Align the sentences of every chapter pair of a book (with book-level lexicon refinement)."""

    def requires(self) -> FilterBook:
        return self.clone(FilterBook, book_id=self.book_id)

    def output_paths(self) -> list[Path]:
        return self.stage_paths("align", self.layout.aligned(str(self.book_id)))

    def settings(self) -> dict[str, Any]:
        return changed(self.cfg.settings.align)

    def current_inputs(self) -> dict[str, str] | None:
        """Plus the book's machine translations (bleualign), by content: an edited, added or removed
        ``{chapter_id}.txt`` aligns the book again."""
        from alignment.translator import book_digest

        inputs = super().current_inputs()
        if inputs is not None and (folder := self.cfg.settings.align.translations):
            inputs["translations"] = book_digest(Path(folder), str(self.book_id))
        return inputs

    def run(self) -> None:
        from alignment.book import spare_cores
        from alignment.stage import align_chapter_rows

        chapters = storage.read_rows(self.input_paths()[0], "chapters")
        self.write_stage(
            "aligned_pairs",
            align_chapter_rows(chapters, settings=self.cfg.settings.align, processes=spare_cores()),
        )


class MineBook(BookTask):
    """Mine cohesion candidates on the English side of a book's aligned chapters."""

    def requires(self) -> AlignBook:
        return self.clone(AlignBook, book_id=self.book_id)

    def input_paths(self) -> list[Path]:
        return [self.layout.chapters(str(self.book_id)), self.layout.aligned(str(self.book_id))]

    def producers(self) -> list[StageTask]:
        return [self.clone(FilterBook, book_id=self.book_id), self.requires()]

    def output_paths(self) -> list[Path]:
        book = str(self.book_id)
        return [self.layout.candidates(book), self.layout.stats("cohesion", book)]

    def run(self) -> None:
        from cohesion.stage import mine_book
        from pipeline.cache import JsonDirCache

        chapters_path, aligned_path = self.input_paths()
        result = mine_book(
            storage.read_rows(chapters_path, "chapters"),
            storage.read_rows(aligned_path, "aligned_pairs"),
            JsonDirCache(self.layout.root / "cache" / "cohesion"),
        )
        candidates_path, stats_path = self.output_paths()
        self.write_outputs(
            [
                (candidates_path, lambda: storage.write_table(result.rows, "candidates", candidates_path)),
                (stats_path, lambda: storage.write_json(result.stats, stats_path)),
            ]
        )


class BuildCorpus(StageTask):
    """Every book through every stage, the books table and the corpus summary (``make corpus``).

    The stages (``stages()``) are yielded in order (books up to cleaning, the corpus dedup, books
    through mining) so that each task's completeness is judged after its inputs are up to date: a book
    whose cleaned chapters did not change is not filtered, aligned or mined again.
    """

    def stages(
        self, until: str | None = None, refresh: str = "", recheck: bool = False, since: float | None = None
    ) -> list[list[StageTask]]:
        """The build as successive task graphs, this task last: crawl (only when refreshing or stopping
        there; ``refresh``, ``recheck`` and ``since`` as ``CrawlBook``'s), clean, dedup, books through
        filter/align/mine (or the ``until`` stage, one of ``UNTIL``): the corpus's, adopted books too, whose
        chapters dedup may drop.

        ``run`` (and ``UpdateCorpus.run``) yield them; the CLI runs each as its own static Luigi build,
        so every worker sharing a central scheduler registers every task of a stage and can run it.
        """
        books = [b.book_id for b in self.cfg.books]
        last = {"filter": FilterBook, "align": AlignBook, "mine": MineBook}
        stages: list[list[StageTask]] = []
        if refresh or until == "crawl":
            stages.append(
                [
                    self.clone(CrawlBook, book_id=b, lang=lang, refresh=refresh, recheck=recheck, since=since)
                    for b in books
                    for lang in ("zh", "en")
                ]
            )
        if until == "crawl":
            return stages
        stages.append([self.clone(CleanBook, book_id=b) for b in books])
        if until == "clean":
            return stages
        stages.append([self.clone(DedupCorpus)])
        if until == "dedup":
            return stages
        stages.append([self.clone(last[until or "mine"], book_id=b) for b in self.corpus_books()])
        if until is None:
            stages.append([self])
        return stages

    def upstream(self) -> list[StageTask]:
        return [self.clone(MineBook, book_id=b) for b in self.corpus_books()]

    def producers(self) -> list[StageTask]:  # the summary counts every stage's rows and rejections
        books = [b.book_id for b in self.cfg.books]
        crawls = [self.clone(CrawlBook, book_id=b, lang=lang) for b in books for lang in ("zh", "en")]
        stages = [
            self.clone(task, book_id=b)
            for b in books
            for task in (CleanBook, FilterBook, AlignBook, MineBook)
        ]
        return [*crawls, *stages, self.clone(DedupCorpus)]

    def input_paths(self) -> list[Path]:
        """Every table the summary counts, and the crawls' reports (its last crawls' requests and new
        chapters): an update that finds nothing new writes the summary again with its own crawls' counts."""
        return [
            path
            for task in self.producers()
            for path in task.output_paths()
            if path.suffix == ".parquet" or isinstance(task, CrawlBook)
        ]

    def output_paths(self) -> list[Path]:
        return [self.layout.books(), self.layout.stats("corpus", "summary")]

    def books(self) -> list[dict[str, str]]:
        """The rows of the books table: each book's titles, genre and sites, as the config lists them."""
        return [
            {
                "book_id": b.book_id,
                "title_zh": b.title_zh,
                "title_en": b.title_en,
                "genre": b.genre,
                "zh_site": b.sources["zh"].site,
                "en_site": b.sources["en"].site,
            }
            for b in self.cfg.books
        ]

    def settings(self) -> dict[str, Any]:
        """The books table's rows: an edited title or genre writes it again (and the report after it)."""
        return {"books": self.books()}

    def run(self) -> Iterator[Any]:
        from pipeline.summary import corpus_summary

        for stage in self.stages()[:-1]:  # a plain loop: Luigi sends each stage's outputs back in
            yield stage
        books = self.books()
        summary = corpus_summary(self.layout, [b.book_id for b in self.cfg.books])
        books_path, summary_path = self.output_paths()
        self.write_outputs(
            [
                (books_path, lambda: storage.write_table(books, "books", books_path)),
                (summary_path, lambda: storage.write_json(summary, summary_path)),
            ]
        )


class CorpusTask(StageTask):
    """A corpus-level task that reads every book's chapter pairs and aligned beads."""

    def requires(self) -> BuildCorpus:
        return self.clone(BuildCorpus)

    def producers(self) -> list[StageTask]:
        return [
            self.clone(task, book_id=b.book_id) for b in self.cfg.books for task in (FilterBook, AlignBook)
        ]

    def input_paths(self) -> list[Path]:
        return [
            p
            for b in self.cfg.books
            for p in (self.layout.chapters(b.book_id), self.layout.aligned(b.book_id))
        ]

    def settings(self) -> dict[str, Any]:
        from qc.store import fingerprints

        return changed(self.cfg.settings.split) | fingerprints(self.layout)  # + reviewed corrections

    def read_tables(self) -> list[Path]:
        """Every table the task reads: each book's in the folder (``exports.corpus.book_files``), the config's
        and those of the books adopted into it (``--adopt``)."""
        from exports.corpus import book_files

        return [*book_files(self.layout.chapters), *book_files(self.layout.aligned)]


class ExportCorpus(CorpusTask):
    """Split by book and export in the formats MT toolkits read (``make export``)."""

    formats = luigi.ListParameter(default=("parquet", "text", "doc", "bwb", "jsonl", "tmx"))

    @property
    def unit(self) -> str:
        return "-".join(sorted(self.formats))

    def output_paths(self) -> list[Path]:
        return [self.layout.export_dir() / name for name in sorted(self.formats)]

    def exported_files(self) -> list[Path]:
        """Every file the export wrote: its summary and split plan, and each file in its format folders."""
        export = self.layout.export_dir()
        return [export / "summary.json", export / "splits.json", *files_under(self.output_paths())]

    def stale_formats(self) -> list[Path]:
        """The folders of the formats this export does not write that no export of the corpus as it is now
        wrote as they are (an export of another config, split or set of beads): ``run`` removes them."""
        from exports.stage import FORMATS

        current = self.current_inputs()
        written = [  # the formats and manifest of each export of the corpus as it is now
            (set(path.stem.split("-")), manifest)
            for path in sorted(self.manifest_path().parent.glob("*.json"))
            if (manifest := Manifest.load(path)) is not None and manifest.inputs == current
        ]
        others = [self.layout.export_dir() / name for name in sorted(set(FORMATS) - set(self.formats))]
        return [
            folder
            for folder in others
            if folder.exists()
            and not any(folder.name in formats and self._as_written(m, folder) for formats, m in written)
        ]

    def _as_written(self, manifest: Manifest, folder: Path) -> bool:
        """Whether ``folder`` holds the files ``manifest`` recorded under it, and only those, unchanged."""
        prefix = f"{self._rel(folder)}/"
        recorded = {rel: sha for rel, sha in manifest.outputs.items() if rel.startswith(prefix)}
        on_disk = {self._rel(path) for path in files_under([folder])}
        unchanged = Manifest(outputs=recorded, files=manifest.files).damaged(self.layout.root) is None
        return set(recorded) == on_disk and unchanged

    def run(self) -> None:
        """Export, then record every exported file, so that one deleted, truncated or overwritten since
        (``export/text/test.ids``, which evaluate-mt reads) makes the next build export again. The folders
        of other formats left by an export of an older corpus (``stale_formats``) are removed first."""
        from exports.stage import export_corpus

        for folder in self.stale_formats():
            shutil.rmtree(folder)
        summary = export_corpus(self.layout, list(self.formats), self.cfg.settings.split)
        self.write_outputs(
            [(p, lambda p=p: storage.file_sha256(p)) for p in self.exported_files()],
            summary=summary["splits"],
        )


class BuildReport(CorpusTask):
    """The corpus report: Table 6, filter funnel, alignment and cohesion plots (``make report``)."""

    def funnel(self) -> list[StageTask]:
        """The tasks whose tables the filter funnel counts: raw chapters and every stage's rejections."""
        books = [b.book_id for b in self.cfg.books]
        crawls = [self.clone(CrawlBook, book_id=b, lang=lang) for b in books for lang in ("zh", "en")]
        stages = [self.clone(task, book_id=b) for b in books for task in (CleanBook, FilterBook, AlignBook)]
        return [*crawls, *stages, self.clone(DedupCorpus)]

    def producers(self) -> list[StageTask]:
        return [
            *super().producers(),
            *(self.clone(MineBook, book_id=b.book_id) for b in self.cfg.books),
            self.clone(BuildCorpus),  # the books table: the genres section
            *self.funnel(),
        ]

    def input_paths(self) -> list[Path]:
        """Plus the raw and rejected tables: a chapter fetched and then rejected (an untranslated chapter
        that ``update`` fetched) changes the funnel and nothing else the report reads."""
        counted = (self.layout.root / "raw", self.layout.root / "rejected")
        return [
            *super().input_paths(),
            *(self.layout.candidates(b.book_id) for b in self.cfg.books),
            self.layout.books(),
            *(p for task in self.funnel() for p in task.output_paths() if p.parent.parent in counted),
        ]

    def read_tables(self) -> list[Path]:
        """Plus the candidates, raw chapters and rejections of each book in the folder (the charts read them all)."""
        from exports.corpus import book_files, rejected_files

        raw = [p for lang in ("zh", "en") for p in book_files(lambda b, lang=lang: self.layout.raw(lang, b))]
        return [
            *super().read_tables(),
            *book_files(self.layout.candidates),
            *raw,
            *rejected_files(self.layout),
        ]

    def output_paths(self) -> list[Path]:
        return [self.layout.report_dir() / "index.html", self.layout.report_dir() / "index.md"]

    def settings(self) -> dict[str, Any]:
        from qc.store import fingerprints

        return super().settings() | fingerprints(self.layout, results=True)  # + QC accuracy, MT scores

    def run(self) -> None:
        from exports.report import build_report

        build_report(self.layout, self.cfg.settings.split)
        files = files_under([self.layout.report_dir()])  # the pages and their charts (img/*.png)
        self.write_outputs([(p, lambda p=p: storage.file_sha256(p)) for p in files])


class UpdateCorpus(StageTask):
    """A dated incremental rerun: refetch every table of contents (new chapters only), rebuild what changed.

    Schedule it daily with ``luigi RangeDaily --of UpdateCorpus`` so that missed days are caught up.
    """

    date = luigi.DateParameter()
    since = luigi.OptionalFloatParameter(
        default=None,
        significant=False,
        description="the update's start (epoch seconds): CrawlBook's since; by default when it was scheduled",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.scheduled = time.time()  # RangeDaily makes every missed day's task before it runs any

    @property
    def unit(self) -> str:
        return self.date.isoformat()

    def output_paths(self) -> list[Path]:
        return [self.layout.stats("update", self.unit)]

    def complete(self) -> bool:
        """Done once its record is written; an update of the command line (``since``), once its record saw the
        crawls as they are: a second update the same day fetches, and records, what is new since the first."""
        path = self.output_paths()[0]
        if not path.exists():
            return False
        return self.since is None or self._earlier().get("crawls") == self._runs()

    def run(self) -> Iterator[Any]:
        """Without ``since`` (Luigi's own entry points), a crawl started since this task was scheduled
        counts as fresh: a ``RangeDaily`` catch-up of several days fetches each table of contents once (it
        fetched them 9 times each over 4 days: the days' crawls share a task id, and each day's waited out
        Luigi's cooldown on a task just done to crawl again)."""
        crawls, *build = self._stages()
        yield crawls  # dynamic dependencies: the build below is checked only after the crawls ran
        for stage in build:
            yield stage
        storage.write_json(self.record(), self.output_paths()[0])

    def record(self) -> dict[str, Any]:
        """The date's record: the new chapters of each side's last crawl, added to those an earlier update of
        the same date recorded for an earlier crawl; a crawl another date's record counted counts none."""
        runs, counted, earlier = self._runs(), self._counted_runs(), self._earlier()
        new = {}
        for unit, started in runs.items():
            before = earlier.get("new_chapters", {}).get(unit, 0)
            if earlier.get("crawls", {}).get(unit) == started or (unit, started) in counted:
                new[unit] = before
            else:
                new[unit] = before + storage.read_json(self.layout.stats("crawl", unit)).get(
                    "new_chapters", 0
                )
        return {"date": self.unit, "new_chapters": new, "crawls": runs}

    def _stages(self) -> list[list[StageTask]]:
        since = self.scheduled if self.since is None else self.since
        return self.clone(BuildCorpus).stages(refresh=self.unit, since=since)

    def _runs(self) -> dict[str, Any]:
        """Each side's last crawl, by its start."""
        crawls = self._stages()[0]
        return {c.unit: manifest.extra.get("started") if (manifest := c.manifest()) else None for c in crawls}

    def _earlier(self) -> dict[str, Any]:
        """The record an earlier update of this date wrote ({} where there is none, or it is damaged)."""
        try:
            return storage.read_json(self.output_paths()[0], dict)
        except (FileNotFoundError, storage.DamagedFile):
            return {}

    def _counted_runs(self) -> set[tuple[str, Any]]:
        """(crawl unit, its start) of the crawls other days' records counted: a crawl that several days
        share (a ``RangeDaily`` catch-up, two updates through one luigid) counts its new chapters once."""
        counted = set()
        for path in self.output_paths()[0].parent.glob("*.json"):
            if path.stem != self.unit:
                counted.update(storage.read_json(path).get("crawls", {}).items())
        return counted
