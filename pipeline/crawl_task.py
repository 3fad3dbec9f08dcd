"""CrawlBook: fetch one side of a book (``crawlers.stage``), from its site or a local EPUB or text file."""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

import luigi

from core import storage
from core.files import os_problem
from pipeline.manifest import SETTINGS
from pipeline.stage_task import BookTask

log = logging.getLogger("luigi-interface")


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
                inputs["source"] = f"unreadable: {os_problem(err)}"
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

    def _source_unchanged(self) -> bool:
        """Whether the last crawl read the side with its current source settings (its raw table's chapters are
        what a crawl now would journal: a journal that lost them may take them back)."""
        manifest, current = self.manifest(), self.current_inputs()
        return (
            manifest is not None
            and current is not None
            and manifest.inputs.get(SETTINGS) == current.get(SETTINGS)
        )

    def run(self) -> None:
        from crawlers.journal import restore_chapters
        from crawlers.stage import CrawlInputs, CrawlSettings, crawl_side, side_failure

        started = time.time()
        book_id, lang = str(self.book_id), str(self.lang)
        source = self.cfg.book(book_id).sources[lang]
        raw_path = self.output_paths()[0]  # the last completed crawl
        try:
            previous = storage.read_rows(raw_path, "raw_chapters") if raw_path.exists() else []
        except storage.DamagedFile:  # rebuilt from the journal below; only the new/edited counts need it
            previous = []
        journal = self.layout.crawl_journal(lang, book_id)
        # a web side's pages are not fetched again (a local file is read whole each time anyway)
        web = self.local_file() is None
        restored = restore_chapters(journal, previous) if web and self._source_unchanged() else 0
        inputs = CrawlInputs(
            book_id,
            lang,
            self.cfg.sites[source.site],
            source.toc,
            journal,
            {r["url"]: r["content_hash"] for r in previous},
            self.local_file(),
        )
        result = crawl_side(inputs, CrawlSettings(recheck=bool(self.recheck)))
        if restored:
            result.stats["restored_chapters"] = restored
        retry = result.stats["failed"]  # the rejections but front matter, which a new reading reads again
        self.write_stage("raw_chapters", result, refresh=str(self.refresh), started=started, failed=retry)
        if failed := side_failure(result, book_id, lang):  # the build fails at its end, with this line
            self.record_failure(failed)
        log.info(
            "crawled %s/%s: %d chapters (%d new), %d failed",
            book_id,
            lang,
            len(result.rows),
            result.stats["new_chapters"],
            retry,
        )
