"""Tasks of a stage that share one upstream task, as every book's filter shares the corpus-wide dedup; the
upstream counts how often its completeness is judged."""

from __future__ import annotations

from pathlib import Path

import luigi

from core import storage
from pipeline.stage_task import StageTask


class Whole(StageTask):
    """The upstream task: ``judged`` lists each judgement of its completeness."""

    judged: list[str] = []  # noqa: RUF012 -- shared by every instance, cleared by each test

    def output_paths(self) -> list[Path]:
        return [self.layout.root / "whole.json"]

    def _complete(self) -> bool:
        Whole.judged.append(self.task_id)
        return super()._complete()

    def run(self) -> None:
        path = self.output_paths()[0]
        self.write_outputs([(path, lambda: storage.write_json({}, path))])


class Part(StageTask):
    """A task behind ``Whole``, one per ``part``."""

    part = luigi.Parameter()

    def requires(self) -> Whole:
        return self.clone(Whole)

    def output_paths(self) -> list[Path]:
        return [self.layout.root / f"{self.part}.json"]

    def run(self) -> None:
        path = self.output_paths()[0]
        self.write_outputs([(path, lambda: storage.write_json({}, path))])
