"""The tasks that read the built corpus: ExportCorpus (``exports.stage``) and BuildReport (``exports.report``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import luigi

from core import storage
from pipeline.book_stages import AlignBook, CleanBook, DedupCorpus, FilterBook, MineBook
from pipeline.build_task import BuildCorpus
from pipeline.crawl_task import CrawlBook
from pipeline.manifest import Manifest
from pipeline.settings import changed
from pipeline.stage_task import StageTask, input_changes


def files_under(folders: list[Path]) -> list[Path]:
    """Every file in ``folders``, sorted: what a task that writes whole folders records, so that one deleted,
    truncated or overwritten since makes the task run again."""
    return sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())


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
        return changed(self.cfg.settings.split)

    def files_read(self) -> dict[str, str]:
        """The reviewed corrections."""
        from qc.store import fingerprints

        return fingerprints(self.layout).get("annotations", {})

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
            if (manifest := Manifest.load(path)) is not None
            and current is not None
            and not input_changes(manifest.inputs, current)
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
        of other formats left by an export of an older corpus (``stale_formats``) are left out of the new
        export folder, which replaces the old one whole."""
        from exports.stage import export_corpus

        dropped = [folder.name for folder in self.stale_formats()]
        summary = export_corpus(self.layout, list(self.formats), self.cfg.settings.split, dropped)
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

    def files_read(self) -> dict[str, str]:
        """Plus QC accuracy, MT scores (and the test sets they were scored on) and probe results."""
        from qc.store import fingerprints

        return fingerprints(self.layout, results=True).get("annotations", {})

    def run(self) -> None:
        from exports.report import build_report

        build_report(self.layout, self.cfg.settings.split)
        files = files_under([self.layout.report_dir()])  # the pages and their charts (img/*.png)
        self.write_outputs([(p, lambda p=p: storage.file_sha256(p)) for p in files])
