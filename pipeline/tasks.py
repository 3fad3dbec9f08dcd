"""The Luigi tasks: thin wrappers that read inputs, call one domain function and write atomically.

Per book: CrawlBook (zh, en) → CleanBook → [DedupCorpus] → FilterBook → AlignBook → MineBook.
Corpus level: DedupCorpus (exact and near duplicates within and across books), BuildCorpus (the
``make corpus`` target: every book through mining, plus the books table and the corpus summary).
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Any

import luigi

from pipeline import storage
from pipeline.config import Config, load_config
from pipeline.langdata import REPO_ROOT
from pipeline.layout import Layout

DEFAULT_CONFIG = REPO_ROOT / "config" / "demo.yaml"
log = logging.getLogger("luigi-interface")


@cache
def _load(path: str) -> Config:
    return load_config(path)


class ConfigTask(luigi.Task):
    """A task of the pipeline configured by one YAML file."""

    config = luigi.Parameter(default=str(DEFAULT_CONFIG), significant=True)

    @property
    def cfg(self) -> Config:
        return _load(str(self.config))

    @property
    def layout(self) -> Layout:
        return Layout(self.cfg.output)

    def targets(self, *paths: Path) -> list[luigi.LocalTarget]:
        return [luigi.LocalTarget(str(p)) for p in paths]


class BookTask(ConfigTask):
    book_id = luigi.Parameter()


class CrawlBook(BookTask):
    """Fetch one book's table of contents and chapters from its site in one language."""

    lang = luigi.ChoiceParameter(choices=["zh", "en"])

    @property
    def resources(self) -> dict[str, int]:  # one crawl per site at a time, across all workers
        return {f"site_{self.cfg.book(self.book_id).sources[self.lang].site}": 1}

    def output(self) -> list[luigi.LocalTarget]:
        tag = f"{self.book_id}-{self.lang}"
        return self.targets(self.layout.raw(self.lang, self.book_id), self.layout.rejected("crawl", tag),
                            self.layout.stats("crawl", tag))

    def run(self) -> None:
        from crawlers.journal import read_journal
        from crawlers.raw import raw_rows
        from crawlers.run import CrawlError, crawl

        source = self.cfg.book(self.book_id).sources[self.lang]
        site = self.cfg.sites[source.site]
        journal = self.layout.crawl_journal(self.lang, self.book_id)
        report = crawl(site, source.toc, journal, log_file=journal.with_suffix(".log"))
        state = read_journal(journal)
        if state.toc_failure is not None:
            failure = state.toc_failure
            raise CrawlError(f"{self.book_id}/{self.lang}: the table of contents {failure['url']} could not be "
                             f"fetched ({failure['reason']}); see {journal.with_suffix('.log')}")
        rows, failures = raw_rows(state, self.book_id, self.lang, site.name)
        report.update(chapters=len(rows), failed=len(failures), site=site.name)
        raw_path, rejected_path, stats_path = (Path(t.path) for t in self.output())
        storage.write_table(failures, "rejected", rejected_path)
        storage.write_json(report, stats_path)
        storage.write_table(rows, "raw_chapters", raw_path)
        log.info("crawled %s/%s: %d chapters, %d failed, %d requests", self.book_id, self.lang,
                 len(rows), len(failures), report["requests"])


class CleanBook(BookTask):
    """Clean both languages of a book: boilerplate, titles, mojibake, sentence splitting."""

    def requires(self) -> list[CrawlBook]:
        return [CrawlBook(config=self.config, book_id=self.book_id, lang=lang) for lang in ("zh", "en")]

    def output(self) -> list[luigi.LocalTarget]:
        return self.targets(self.layout.clean(self.book_id), self.layout.rejected("clean", self.book_id),
                            self.layout.stats("clean", self.book_id))

    def run(self) -> None:
        from filters.stage import clean_book

        book = self.cfg.book(self.book_id)
        raw = [row for task in self.requires() for row in storage.read_rows(Path(task.output()[0].path), "raw_chapters")]
        boilerplate = {lang: list(self.cfg.sites[src.site].boilerplate) for lang, src in book.sources.items()}
        rows, rejected, stats = clean_book(raw, boilerplate)
        _write_stage(self.output(), "clean_chapters", rows, rejected, stats)


class DedupCorpus(ConfigTask):
    """Drop exact and near-duplicate chapters within and across books; measure the corpus en/zh ratio."""

    def requires(self) -> list[CleanBook]:
        return [CleanBook(config=self.config, book_id=b.book_id) for b in self.cfg.books]

    def output(self) -> list[luigi.LocalTarget]:
        per_book = [self.layout.deduped(b.book_id) for b in self.cfg.books]
        return self.targets(*per_book, self.layout.rejected("dedup", "corpus"), self.layout.stats("dedup", "corpus"))

    def run(self) -> None:
        from filters.stage import dedup_corpus

        clean = [row for task in self.requires() for row in storage.read_rows(Path(task.output()[0].path), "clean_chapters")]
        kept, rejected, stats = dedup_corpus(clean)
        storage.write_table(rejected, "rejected", self.layout.rejected("dedup", "corpus"))
        storage.write_json(stats, self.layout.stats("dedup", "corpus"))
        for book in self.cfg.books:
            rows = [row for row in kept if row["book_id"] == book.book_id]
            storage.write_table(rows, "clean_chapters", self.layout.deduped(book.book_id))


class FilterBook(BookTask):
    """Pair zh and en chapters by number and apply the chapter filters."""

    def requires(self) -> DedupCorpus:
        return DedupCorpus(config=self.config)

    def output(self) -> list[luigi.LocalTarget]:
        return self.targets(self.layout.chapters(self.book_id), self.layout.rejected("filter", self.book_id),
                            self.layout.stats("filter", self.book_id))

    def run(self) -> None:
        from filters.chapter_filters import FilterConfig
        from filters.stage import pair_and_filter_book

        clean = storage.read_rows(self.layout.deduped(self.book_id), "clean_chapters")
        en_per_zh = storage.read_json(self.layout.stats("dedup", "corpus"))["en_per_zh"]
        options = FilterConfig(**self.cfg.options.get("filters", {}))
        rows, rejected, stats = pair_and_filter_book(clean, options, en_per_zh)
        _write_stage(self.output(), "chapters", rows, rejected, stats)


class AlignBook(BookTask):
    """Align the sentences of every chapter pair of a book (with book-level lexicon refinement)."""

    def requires(self) -> FilterBook:
        return FilterBook(config=self.config, book_id=self.book_id)

    def output(self) -> list[luigi.LocalTarget]:
        return self.targets(self.layout.aligned(self.book_id), self.layout.rejected("align", self.book_id),
                            self.layout.stats("align", self.book_id))

    def run(self) -> None:
        from alignment.stage import align_book

        chapters = storage.read_rows(self.layout.chapters(self.book_id), "chapters")
        rows, rejected, stats = align_book(chapters)
        _write_stage(self.output(), "aligned_pairs", rows, rejected, stats)


class MineBook(BookTask):
    """Mine cohesion candidates on the English side of a book's aligned chapters."""

    def requires(self) -> AlignBook:
        return AlignBook(config=self.config, book_id=self.book_id)

    def output(self) -> list[luigi.LocalTarget]:
        return self.targets(self.layout.candidates(self.book_id), self.layout.stats("cohesion", self.book_id))

    def run(self) -> None:
        from cohesion.stage import mine_book

        chapters = storage.read_rows(self.layout.chapters(self.book_id), "chapters")
        pairs = storage.read_rows(self.layout.aligned(self.book_id), "aligned_pairs")
        rows, stats = mine_book(chapters, pairs)
        storage.write_json(stats, self.layout.stats("cohesion", self.book_id))
        storage.write_table(rows, "candidates", self.layout.candidates(self.book_id))


class BuildCorpus(ConfigTask):
    """Every book through every stage, the books table and the corpus summary (``make corpus``)."""

    def requires(self) -> list[MineBook]:
        return [MineBook(config=self.config, book_id=b.book_id) for b in self.cfg.books]

    def output(self) -> list[luigi.LocalTarget]:
        return self.targets(self.layout.books(), self.layout.stats("corpus", "summary"))

    def run(self) -> None:
        from pipeline.summary import corpus_summary

        books = [
            {"book_id": b.book_id, "title_zh": b.title_zh, "title_en": b.title_en, "genre": b.genre,
             "zh_site": b.sources["zh"].site, "en_site": b.sources["en"].site}
            for b in self.cfg.books
        ]
        storage.write_table(books, "books", self.layout.books())
        storage.write_json(corpus_summary(self.layout, [b.book_id for b in self.cfg.books]),
                           self.layout.stats("corpus", "summary"))


def _write_stage(outputs: list[luigi.LocalTarget], table: str, rows: list[dict], rejected: list[dict],
                 stats: dict[str, Any]) -> None:
    """Write a stage's rejections and stats first and its main table last (the completion marker)."""
    main, rejected_path, stats_path = (Path(t.path) for t in outputs)
    storage.write_table(rejected, "rejected", rejected_path)
    storage.write_json(stats, stats_path)
    storage.write_table(rows, table, main)
