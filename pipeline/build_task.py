"""BuildCorpus (the ``make corpus`` target): every book through mining, the books table and the corpus summary."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from core import storage
from pipeline.book_stages import AlignBook, CleanBook, DedupCorpus, FilterBook, MineBook
from pipeline.crawl_task import CrawlBook
from pipeline.stage_task import StageTask

UNTIL = ("crawl", "clean", "dedup", "filter", "align", "mine")  # the stages a build can stop after


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

    def producers(self) -> list[StageTask]:
        """The summary counts every stage's rows and rejections: of the corpus's books (``corpus_books``), whose
        adopted ones this config filters, aligns and mines too."""
        books = [b.book_id for b in self.cfg.books]
        crawls = [self.clone(CrawlBook, book_id=b, lang=lang) for b in books for lang in ("zh", "en")]
        cleans = [self.clone(CleanBook, book_id=b) for b in books]
        stages = [
            self.clone(task, book_id=b)
            for b in self.corpus_books()
            for task in (FilterBook, AlignBook, MineBook)
        ]
        return [*crawls, *cleans, *stages, self.clone(DedupCorpus)]

    def read_tables(self) -> list[Path]:
        """The tables of the books adopted into the folder that the summary counts and no task of the config
        writes: their raw chapters and their crawls' and cleaning's rejections."""
        rejected = self.layout.rejected
        return [
            path
            for b in self.corpus_books()[len(self.cfg.books) :]
            for path in (
                self.layout.raw("zh", b),
                self.layout.raw("en", b),
                rejected("crawl", f"{b}-zh"),
                rejected("crawl", f"{b}-en"),
                rejected("clean", b),
            )
        ]

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

    def books(self) -> list[dict[str, Any]]:
        """The rows of the books table: each of the config's books with its titles, genre and sites as the
        config lists them, then each book adopted into the folder (``--adopt``), of which it knows the id alone."""
        listed = [
            {
                "book_id": b.book_id,
                "title_zh": b.title_zh,
                "title_en": b.title_en,
                "genre": b.genre,
                "zh_site": b.sources["zh"].site,
                "en_site": b.sources["en"].site,
                "adopted": False,
            }
            for b in self.cfg.books
        ]
        unknown = dict.fromkeys(storage.columns("books"))
        adopted = [{**unknown, "book_id": b, "adopted": True} for b in self.corpus_books()[len(listed) :]]
        return listed + adopted

    def settings(self) -> dict[str, Any]:
        """The books table's rows: an edited title or genre, or a book adopted, writes it again (and the report
        after it); and the folder, which the summary names: a folder moved or copied is summarised again."""
        return {"books": self.books(), "output": str(self.layout.root)}

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
