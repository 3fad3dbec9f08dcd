"""The stages of a book's text after its crawl: CleanBook → DedupCorpus (across the corpus's books) →
FilterBook → AlignBook → MineBook. The stage modules: ``filters.clean_stage``, ``filters.dedup_stage``,
``filters.filter_stage``, ``alignment.stage``, ``cohesion.stage``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core import storage
from core.rejection import Rejection, one_line
from core.package_versions import installed_version
from core.stage import StageResult
from pipeline.config_inputs import ENCODER
from pipeline.crawl_task import CrawlBook
from pipeline.manifest import PACKAGE
from pipeline.settings import changed
from pipeline.stage_task import BookTask, StageTask


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
        ``{chapter_id}.txt`` aligns the book again; and the hybrid's encoder, of the ``embed`` extra, which no
        task's code counts (``core.package_versions``), by version."""
        from alignment.translator import book_digest

        inputs = super().current_inputs()
        if inputs is not None and (folder := self.cfg.settings.align.translations):
            inputs["translations"] = book_digest(Path(folder), str(self.book_id))
        if inputs is not None and self.cfg.settings.align.method == "hybrid":
            inputs[PACKAGE + ENCODER] = installed_version(ENCODER)
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
        # the chapters this run took from the cache (a killed run's too) tell of the run, not of the corpus:
        # in its manifest, so that a killed and rerun build's stats equal an uninterrupted one's
        stats = {name: value for name, value in result.stats.items() if name != "cached"}
        self.write_outputs(
            [
                (candidates_path, lambda: storage.write_table(result.rows, "candidates", candidates_path)),
                (stats_path, lambda: storage.write_json(stats, stats_path)),
            ],
            cached_chapters=result.stats["cached"],
        )
