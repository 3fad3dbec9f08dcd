"""UpdateCorpus (``make update``, one per date): refetch every table of contents, then rebuild what changed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

import luigi

from core import storage
from pipeline.build_task import BuildCorpus
from pipeline.luigi_params import UpdateDateParameter
from pipeline.stage_task import StageTask


COUNTED = ("new_chapters", "removed_chapters")  # what a date's record counts per side, from its crawls' stats


class UpdateCorpus(StageTask):
    """A dated incremental rerun: refetch every table of contents (new chapters only), rebuild what changed.

    Schedule it daily with ``luigi RangeDaily --of UpdateCorpus`` so that missed days are caught up.
    """

    date = UpdateDateParameter()
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
        """Done once its record is written (not the one its run writes before the build: ``run``); an update of
        the command line (``since``), once its record saw the crawls as they are: a second update the same day
        fetches, and records, what is new since the first."""
        path = self.output_paths()[0]
        if not path.exists() or self._earlier().get("built") is False:
            return False
        return self.since is None or self._earlier().get("crawls") == self._runs()

    def run(self) -> Iterator[Any]:
        """Without ``since`` (Luigi's own entry points), a crawl started since this task was scheduled
        counts as fresh: a ``RangeDaily`` catch-up of several days fetches each table of contents once (it
        fetched them 9 times each over 4 days: the days' crawls share a task id, and each day's waited out
        Luigi's cooldown on a task just done to crawl again)."""
        crawls, *build = self._stages
        yield crawls  # dynamic dependencies: the build below is checked only after the crawls ran
        self.record_crawls()
        for stage in build:
            yield stage
        storage.write_json(self.record(), self.output_paths()[0])

    def record_crawls(self) -> None:
        """Write the record of the crawls, done, before the build, marked unbuilt (not ``complete``): an update
        killed while building crawled again when rerun, found nothing new (the killed one had journaled it),
        and its date's record named no new chapter."""
        storage.write_json({**self.record(), "built": False}, self.output_paths()[0])

    def record(self) -> dict[str, Any]:
        """The date's record: the new chapters of each side's last crawl, and those its table of contents no
        longer listed (``removed_chapters``, each a ``removed_from_toc`` rejection of that crawl), added to those
        an earlier update of the same date recorded for an earlier crawl; a crawl another date's record counted
        counts none."""
        runs, counted, earlier = self._runs(), self._counted_runs(), self._earlier()
        counts: dict[str, dict[str, int]] = {key: {} for key in COUNTED}
        for unit, started in runs.items():
            seen = earlier.get("crawls", {}).get(unit) == started or (unit, started) in counted
            stats = {} if seen else storage.read_json(self.layout.stats("crawl", unit))
            for key in COUNTED:
                counts[key][unit] = earlier.get(key, {}).get(unit, 0) + stats.get(key, 0)
        return {"date": self.unit, **counts, "crawls": runs}

    @cached_property
    def _stages(self) -> list[list[StageTask]]:
        """The crawls, then the build (``BuildCorpus.stages``): made once per task, which ``complete``, ``record``
        and ``run`` each ask for (the crawls' manifests, which the run changes, ``_runs`` reads each time)."""
        since = self.scheduled if self.since is None else self.since
        return self.clone(BuildCorpus).stages(refresh=self.unit, since=since)

    def _runs(self) -> dict[str, Any]:
        """Each side's last crawl, by its start."""
        crawls = self._stages[0]
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
