import io
import re
import time
from pathlib import Path

import luigi
import pytest

from pipeline.progress import BuildProgress, crawl_line
from pipeline.stage_task import StageTask
from tests.helpers import params, write_config


class Leaf(luigi.Task):
    n = luigi.IntParameter()
    finished = luigi.BoolParameter(default=False, significant=False)

    def complete(self) -> bool:
        return bool(self.finished)


class Top(luigi.Task):
    def requires(self) -> list[Leaf]:
        return [Leaf(n=0, finished=True), Leaf(n=1), Leaf(n=2)]

    def complete(self) -> bool:
        return False


def test_off_a_terminal_a_stage_prints_a_line_per_task_and_one_meter_when_done():
    stream = io.StringIO()
    progress = BuildProgress(stream)
    progress.plan([Top()])
    assert progress.todo == {"Top": 1, "Leaf": 2}  # the finished leaf is not counted
    progress.finished(Leaf(n=1))
    progress.finished(Leaf(n=2))
    lines = stream.getvalue().splitlines()
    assert [line[:37] for line in lines[:2]] == ["  done  Leaf         corpus          "] * 2
    assert len(lines) == 3 and lines[2].startswith("  Leaf       : 100%|") and "| 2/2 [" in lines[2]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_meter_is_redrawn_in_place_and_ends_with_the_stage():
    stream = Terminal()
    progress = BuildProgress(stream)
    progress.plan([Top()])
    progress.finished(Leaf(n=1))
    assert stream.getvalue().startswith("\r  Leaf       :  50%|") and "\n" not in stream.getvalue()
    progress.finished(Leaf(n=2))
    assert stream.getvalue().count("\r") == 2 and stream.getvalue().endswith("]\n")


def test_failures_print_one_line_each():
    stream = io.StringIO()
    BuildProgress(stream).failed(Leaf(n=3), RuntimeError("bk/zh: toc_empty:\nno chapter link"))
    BuildProgress(stream).failed(Leaf(n=3), KeyError())
    assert stream.getvalue() == (
        "  FAIL  Leaf         corpus                   bk/zh: toc_empty: no chapter link\n"
        "  FAIL  Leaf         corpus                   KeyError\n"
    )


def test_with_a_central_scheduler_each_task_run_here_gets_a_line_on_a_terminal_too():
    stream = Terminal()
    progress = BuildProgress(stream, per_task=True)
    progress.began(Leaf(n=3))
    progress.finished(Leaf(n=3))  # not planned here: only its own line
    assert stream.getvalue().startswith("\r\033[K  done  Leaf         corpus                   ")
    assert stream.getvalue().count("\n") == 1


def test_a_task_line_gives_its_wall_and_cpu_time():
    stream = io.StringIO()
    progress = BuildProgress(stream)
    progress.began(Leaf(n=4))
    start = time.process_time()
    while time.process_time() - start < 0.2:  # burn 0.2 s of CPU
        pass
    progress.finished(Leaf(n=4))
    line = stream.getvalue().rstrip("\n")
    assert re.fullmatch(r"  done  Leaf {9}corpus {19}\s*\d+\.\ds\s+\d+\.\ds cpu", line)
    assert float(line.split()[-2].rstrip("s")) >= 0.2


def test_preloading_prints_a_line_per_family_with_its_cpu_time_or_why_it_failed():
    stream = io.StringIO()
    BuildProgress(stream).preloaded({"MineBook": 7.25, "AlignBook": "OSError: no dictionary"})
    assert stream.getvalue() == (
        "  preload MineBook        7.2s cpu\n  preload AlignBook    failed: OSError: no dictionary\n"
    )
    live = Terminal()
    BuildProgress(live).preloaded({"MineBook": 7.25})
    assert live.getvalue() == ""  # on a terminal only the stages' meters


def test_progress_goes_to_stderr_as_it_is_when_the_build_starts(monkeypatch):
    # bound at the import, it was None for a command started with stderr closed (2>&-), set to the null
    # device after the import: the build stopped at once, with no word
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    BuildProgress().preloaded({"MineBook": 7.25})
    assert stream.getvalue() == "  preload MineBook        7.2s cpu\n"


class Settles(StageTask):
    """Incomplete when Luigi schedules it, complete by the time it runs: an upstream task ran again in the
    same build and wrote the same files (AlignBook behind a FilterBook whose chapters came out the same)."""

    checks = 0

    def output_paths(self) -> list[Path]:
        return [self.layout.root / "settles.json"]

    def _complete(self) -> bool:
        Settles.checks += 1
        return Settles.checks > 2  # planned, scheduled, then run

    def run(self) -> None:
        raise AssertionError("ran although complete")


@pytest.mark.parametrize("workers", [1, 2], ids=["in-process", "forked"])
def test_a_task_found_up_to_date_as_it_starts_is_said_to_be_so_not_done(tmp_path, workers):
    """It printed ``done  AlignBook  city-star  0.0s`` while the summary listed no AlignBook run."""
    task = Settles(**params(write_config(tmp_path, books=["city-star"])))
    Settles.checks = 0
    with (
        (tmp_path / "log").open("w") as stream,
        BuildProgress(stream).watch() as progress,
    ):  # a forked task's too
        progress.plan([task])
        assert luigi.build([task], local_scheduler=True, workers=workers, log_level="CRITICAL")
    lines = (tmp_path / "log").read_text().splitlines()
    assert lines[0] == "  skip  Settles      corpus                   up to date"
    assert len(lines) == 2 and lines[1].startswith("  Settles    : 100%|")


class Crawled:
    """A finished crawl as ``crawl_line`` reads it: a side's ids and its stats file (third output)."""

    book_id, lang = "bk", "zh"

    def __init__(self, stats: Path) -> None:
        self.stats = stats

    def output_paths(self) -> list[Path]:
        return [Path("raw"), Path("journal"), self.stats]


def test_a_crawl_line_counts_the_chapters_its_table_of_contents_no_longer_lists(tmp_path):
    stats = tmp_path / "stats.json"
    stats.write_text('{"responses": 3, "failed": 0, "removed_chapters": 2}', encoding="utf-8")
    assert crawl_line(Crawled(stats)) == (
        "  crawl bk/zh: 3 pages fetched, 0 failed; 2 no longer listed by its table of contents (removed_from_toc)"
    )
    stats.write_text('{"responses": 3, "failed": 0, "removed_chapters": 0}', encoding="utf-8")
    assert crawl_line(Crawled(stats)) == "  crawl bk/zh: 3 pages fetched, 0 failed"


def test_a_crawl_of_a_site_that_answered_nothing_counts_pages_and_a_local_book_chapters(tmp_path):
    """A site down from the start was "0 chapters read", a local book's words."""
    stats = tmp_path / "stats.json"
    stats.write_text('{"requests": 4, "responses": 0, "chapters": 0, "failed": 1}', encoding="utf-8")
    assert crawl_line(Crawled(stats)) == "  crawl bk/zh: 0 pages fetched, 1 failed"
    stats.write_text('{"requests": 0, "responses": 0, "chapters": 3, "failed": 0}', encoding="utf-8")
    assert crawl_line(Crawled(stats)) == "  crawl bk/zh: 3 chapters read, 0 failed"
