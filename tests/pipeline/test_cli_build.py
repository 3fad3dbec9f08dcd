"""Running a build's stages: each Luigi run preloads what its tasks to run load, and nothing when all is built."""

from __future__ import annotations

import io
from argparse import Namespace

import luigi

from pipeline import cli_build
from pipeline.progress import BuildProgress


class Written(luigi.Task):
    path = luigi.Parameter()

    def output(self) -> luigi.LocalTarget:
        return luigi.LocalTarget(str(self.path))

    def run(self) -> None:
        with self.output().open("w") as handle:
            handle.write("done")


class Joined(Written):
    def requires(self) -> list[Written]:
        return [Written(path=f"{self.path}.part")]


def test_a_stage_preloads_the_families_it_will_run_and_nothing_once_they_are_built(monkeypatch, tmp_path):
    asked: list[list[str]] = []
    monkeypatch.setattr(cli_build, "preload", lambda families: asked.append(sorted(families)) or {})
    stages = [[Written(path=str(tmp_path / "a"))], [Joined(path=str(tmp_path / "b"))]]
    for _ in range(2):
        progress = BuildProgress(io.StringIO())
        assert (
            cli_build._run_stages(stages, Namespace(workers=1), {"local_scheduler": True}, progress) is None
        )
    assert asked == [["Written"], ["Joined", "Written"], [], []]
