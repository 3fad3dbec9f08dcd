"""Running a build's stages: each Luigi run preloads what its tasks to run load, and nothing when all is built."""

from __future__ import annotations

import io
import os
from argparse import Namespace
from pathlib import Path

import luigi
import pytest

from core.layout import Layout
from pipeline import cli_build
from pipeline.build_task import BuildCorpus
from pipeline.config import load_config
from pipeline.progress import BuildProgress
from pipeline.stage_task import DEFAULT_CONFIG
from tests.helpers import HANG, params, write_config
from tests.pipeline.shared_upstream import Part, Whole


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
        scheduler = {"local_scheduler": True}
        assert cli_build._run_stages(stages, Namespace(workers=1), scheduler, progress, lambda: None) is None
    assert asked == [["Written"], ["Joined", "Written"], [], []]


def test_a_stage_judges_the_upstream_its_tasks_share_once(tmp_path):
    """Each task's own judgement (the plan's, Luigi's, and its run's as it starts) judged the shared upstream
    again: a rerun of 40 built books judged tasks 10,886 times, a number that grew with the square of the books."""
    given = params(write_config(tmp_path, books=["city-star"]))
    Whole(**given).run()
    stage = [Part(**given, part=name) for name in ("a", "b", "c")]
    Whole.judged.clear()
    progress = BuildProgress(io.StringIO())
    assert (
        cli_build._run_stages(
            [stage], Namespace(workers=1), {"local_scheduler": True}, progress, lambda: None
        )
        is None
    )
    assert all(Path(part.output_paths()[0]).is_file() for part in stage)
    assert Whole.judged == [Whole(**given).task_id]


class Rationed(Written):
    resources = {"ration": 1}  # noqa: RUF012 -- Luigi's attribute


def test_a_stage_the_local_scheduler_does_not_run_ends_the_build_not_waited_on(monkeypatch, tmp_path):
    """A task whose resource luigi.cfg sets to 0 is never run; with the local scheduler no other worker runs
    it either, and the build waited 30 s at a time, for ever."""
    waits = []

    def wait(stage: list, seconds: float) -> bool:
        waits.append(seconds)
        if len(waits) > 2:
            raise RuntimeError("waited again and again")
        return False

    monkeypatch.setattr(cli_build, "_wait_until_complete", wait)
    config = luigi.configuration.get_config()
    config.set("resources", "ration", "0")  # the process-wide parser (an added section stays empty)
    try:
        progress = BuildProgress(io.StringIO())
        stage = [Rationed(path=str(tmp_path / "a"))]
        unfinished = cli_build._run_stages(
            [stage], Namespace(workers=1), {"local_scheduler": True}, progress, lambda: None
        )
    finally:
        config.remove_option("resources", "ration")
    assert "were not granted run permission by the scheduler" in unfinished
    assert waits == []


def test_a_summary_that_meets_a_damaged_output_is_one_line_and_the_failures_still_follow(
    tmp_path, monkeypatch, capsys
):
    from core.storage import DamagedFile
    from pipeline.failures import record
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    target = cli_build.Target.of(Namespace(config=str(config), output=str(tmp_path / "out")))
    folder = target.layout.aligned("bk")

    def damaged(self, finished: bool = True, until: str | None = None) -> str:
        raise DamagedFile(folder, "not a readable Parquet file (is a directory)")

    folder.mkdir(parents=True)
    monkeypatch.setattr(cli_build.Target, "summary", damaged)
    record(target.layout.root, "AlignBook", "bk", "bk", target.params["run_id"], "IsADirectoryError: x")
    cli_build.print_summary(target, "a stage failed")
    assert cli_build.finish(target, "a stage failed") == 1
    assert capsys.readouterr() == (
        "",
        f"no summary: damaged output: {folder}: not a readable Parquet file (is a directory); "
        "remove that folder, then run the build again to rebuild it\n"
        "FAILED bk: AlignBook: IsADirectoryError: x\n"
        "the book failed; fix it and run the same command again\n",
    )


def test_a_folder_in_place_of_a_crawl_report_is_one_line_no_summary(tmp_path, capsys):
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    target = cli_build.Target.of(Namespace(config=str(config), output=str(tmp_path / "out")))
    folder = target.layout.stats("crawl", "bk-zh")
    folder.mkdir(parents=True)
    cli_build.print_summary(target, None)
    assert capsys.readouterr() == (
        "",
        f"no summary: damaged output: {folder}: a folder, not a JSON file; "
        "remove that folder, then run the build again to rebuild it\n",
    )


def test_a_folder_that_gets_another_configs_books_during_a_build_stops_it_at_the_next_stage(tmp_path):
    """Workers of two configs sharing a luigid and a folder (they share the lock) both passed the check at
    their start, then overwrote each other's corpus-wide tables (books.parquet, dedup) and exited 0."""
    from pipeline.output_folder import FolderRefused
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    target = cli_build.Target.of(Namespace(config=str(config), output=str(tmp_path / "out")))
    other = target.layout.root / "raw" / "zh" / "other.parquet"  # the other config's worker crawled a book
    args = Namespace(workers=1, scheduler_host=None)
    with pytest.raises(FolderRefused) as err:
        cli_build.build(
            target, lambda: [[Written(path=str(other))], [Written(path=str(tmp_path / "next"))]], args
        )
    assert str(err.value) == (
        f"output folder {target.layout.root} holds books that {config} does not list: other; use another "
        "--output, or rerun with --prune (delete their built files) or --adopt (keep them in this corpus)"
    )
    assert not (tmp_path / "next").exists()


@pytest.mark.parametrize("option", ["prune", "adopt"])
def test_prune_and_adopt_change_the_folder_once_the_build_holds_its_lock(
    tmp_path, monkeypatch, capsys, option
):
    from pipeline import output_folder
    from pipeline.lock import holds
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    other = tmp_path / "out" / "raw" / "zh" / "other.parquet"
    other.parent.mkdir(parents=True)
    other.touch()
    args = Namespace(
        config=str(config),
        output=str(tmp_path / "out"),
        workers=1,
        scheduler_host=None,
        prune=option == "prune",
        adopt=option == "adopt",
    )
    target = cli_build.Target.of(args)  # no refusal, and nothing changed yet
    assert output_folder.foreign_books(target.layout, target.book_ids) == ["other"]
    held: list[bool] = []
    act = getattr(output_folder, option)
    monkeypatch.setattr(
        output_folder, option, lambda layout, books: held.append(holds(layout.root)) or act(layout, books)
    )
    assert cli_build.build(target, lambda: [[Written(path=str(tmp_path / "next"))]], args) is None
    assert held == [True] and output_folder.foreign_books(target.layout, target.book_ids) == []
    assert other.exists() == (option == "adopt")
    message = (
        f"pruned 1 books not in {config} (1 files): other"
        if option == "prune"
        else "adopted 1 books into this corpus: other"
    )
    assert message in capsys.readouterr().err.splitlines()


def test_prune_names_the_adopted_books_it_keeps_and_how_to_drop_one(tmp_path, capsys):
    """``--prune`` after ``--adopt`` deleted nothing and said nothing."""
    from pipeline import output_folder
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    layout = Layout(tmp_path / "out")
    for book in ("other", "gone"):
        (layout.root / "raw" / "zh").mkdir(parents=True, exist_ok=True)
        (layout.root / "raw" / "zh" / f"{book}.parquet").touch()
    output_folder.adopt(layout, ["other", "gone", "bk"])
    (layout.root / "raw" / "zh" / "gone.parquet").unlink()  # adopted, no longer held: not named
    args = Namespace(config=str(config), output=str(layout.root), workers=1, scheduler_host=None, prune=True)
    target = cli_build.Target.of(args)
    assert cli_build.build(target, lambda: [[Written(path=str(tmp_path / "next"))]], args) is None
    assert (
        f"--prune kept 1 adopted books: other (to drop one, delete its id from {layout.root}/_adopted.json and "
        "run with --prune again)"
    ) in capsys.readouterr().err.splitlines()
    assert (layout.root / "raw" / "zh" / "other.parquet").exists()


def test_a_build_starts_luigis_task_processes_by_fork(monkeypatch):
    set_to = []
    monkeypatch.setattr(cli_build.multiprocessing, "get_start_method", lambda allow_none=False: "forkserver")
    monkeypatch.setattr(
        cli_build.multiprocessing, "set_start_method", lambda m, force=False: set_to.append(m)
    )
    cli_build._fork_tasks()  # Python 3.14's default on Linux: a task would not hold its build's lock
    assert set_to == ["fork"]


SLEEPING_BUILD = """
import io, time, luigi
from argparse import Namespace
from core.layout import Layout
from pipeline import cli_build
from pipeline.progress import BuildProgress

class Sleeper(luigi.Task):
    n = luigi.IntParameter()

    def run(self):
        time.sleep(600)

cli_build._fork_tasks()
stage = [Sleeper(n=1), Sleeper(n=2)]
progress = BuildProgress(io.StringIO())
cli_build._run_stages([stage], Namespace(workers=2), {"local_scheduler": True}, progress, lambda: None)
"""


def test_luigis_task_processes_die_with_a_build_killed_alone():
    """kill -9 of the build's pid only (an out-of-memory kill) leaves no task process behind, holding the
    build lock and writing beside the rerun."""
    import signal
    import subprocess
    import sys
    import time

    from core.paths import REPO_ROOT
    from tests.crawlers.test_web import _alive, _children

    build = subprocess.Popen([sys.executable, "-c", SLEEPING_BUILD], cwd=REPO_ROOT)
    tasks: list[int] = []
    try:
        deadline = time.monotonic() + HANG
        while len(tasks := _children(build.pid)) < 2:
            assert build.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        build.send_signal(signal.SIGKILL)
        build.wait()
        deadline = time.monotonic() + HANG
        while any(map(_alive, tasks)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, tasks)), "a task process outlived the build"
    finally:
        build.kill()
        for pid in filter(_alive, tasks):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(
    "failing, last",
    [
        (["a"], "1 of 3 books failed (the others are built); fix them and run the same command again"),
        (["a", "b", "c"], "all 3 books failed; fix them and run the same command again"),
    ],
)
def test_the_last_line_counts_the_failed_books(tmp_path, capsys, failing, last):
    """Every book failed read "3 of 3 books failed (the others are built)"."""
    from pipeline.failures import record
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {name: local_book(tmp_path, name) for name in "abc"})
    target = cli_build.Target.of(Namespace(config=str(config), output=str(tmp_path / "out")))
    for book in failing:
        record(target.layout.root, "AlignBook", book, book, target.params["run_id"], "ValueError: x")
    assert cli_build.finish(target, None) == 1
    assert capsys.readouterr().err.splitlines()[-1] == last


@pytest.mark.parametrize(
    "failing, last",
    [
        (["old"], "1 of 4 books failed (the others are built); fix them and run the same command again"),
        (["a", "b", "c", "old"], "all 4 books failed; fix them and run the same command again"),
    ],
)
def test_the_last_line_counts_the_adopted_books_and_their_failures(tmp_path, capsys, failing, last):
    """A book adopted into the folder (``--adopt``) is built with the config's: its failure went uncounted (no
    count line when it failed alone) and the count was the config's ("all 3 books failed")."""
    from core.storage import write_table
    from pipeline.failures import record
    from pipeline.output_folder import adopt
    from tests.helpers import local_book, local_config

    config = local_config(tmp_path, {name: local_book(tmp_path, name) for name in "abc"})
    target = cli_build.Target.of(Namespace(config=str(config), output=str(tmp_path / "out")))
    write_table([], "clean_chapters", target.layout.clean("old"))
    adopt(target.layout, ["old"])
    for book in failing:
        record(target.layout.root, "AlignBook", book, book, target.params["run_id"], "ValueError: x")
    assert cli_build.finish(target, None) == 1
    assert capsys.readouterr().err.splitlines()[-1] == last


def test_a_hint_to_build_names_the_command_with_the_users_config_and_output(tmp_path):
    """ "not built yet (run: make corpus)" was the hint whatever ``--config`` and ``--output`` a command had."""
    from pipeline.stage_task import DEFAULT_CONFIG
    from tests.helpers import local_book, local_config

    demo = cli_build.Target.of(Namespace(config=str(DEFAULT_CONFIG), output=None), owned=False)
    assert demo.build_command() == "make corpus"
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")}, name="my books.yaml")
    mine = cli_build.Target.of(Namespace(config=str(config), output=str(tmp_path / "out")), owned=False)
    assert (
        mine.build_command() == f"python -m pipeline corpus --config '{config}' --output {tmp_path / 'out'}"
    )


def test_the_configs_own_folder_named_by_output_is_the_same_tasks_as_none():
    """``make corpus`` and ``--output`` naming the config's folder: one task each, not two that both run."""
    own = load_config(str(DEFAULT_CONFIG)).output
    named = cli_build.Target.of(Namespace(config=str(DEFAULT_CONFIG), output=str(own)), owned=False)
    unnamed = cli_build.Target.of(Namespace(config=str(DEFAULT_CONFIG), output=None), owned=False)
    assert named.params["output_dir"] == unnamed.params["output_dir"] == ""
    assert BuildCorpus(**named.params).task_id == BuildCorpus(**unnamed.params).task_id
