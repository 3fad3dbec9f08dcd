"""Values of Luigi's own command line (``luigi --module pipeline.tasks``): a bad one is one line and exit 2."""

from __future__ import annotations

import datetime
import os

import pytest
from luigi.cmdline import luigi_run
from luigi.cmdline_parser import CmdlineParser

from core.paths import REPO_ROOT
from pipeline.book_stages import CleanBook
from pipeline.update_task import UpdateCorpus

DEMO = "config/demo.yaml"
RANGE = ["RangeDaily", "--of", "UpdateCorpus", "--param-name", "date", "--start", "2026-12-01"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["UpdateCorpus", "--date", "notadate"],
            "luigi: error: argument --date: 'notadate' is not a date (YYYY-MM-DD)",
        ),
        (
            [*RANGE, "--of-params", "{bad json"],
            "luigi: error: argument --of-params: '{bad json' is not JSON (Expecting property name enclosed"
            " in double quotes: line 1 column 2 (char 1))",
        ),
        (
            [*RANGE, "--of-params", "[1]"],
            "luigi: error: argument --of-params: '[1]' is not a JSON object ({...})",
        ),
        (
            [*RANGE, "--of-params", '{"config": "/nonexistent.yaml"}'],
            "config error: /nonexistent.yaml: file not found",
        ),
        (
            [*RANGE, "--of-params", '{"bogus": 1}'],
            "luigi: error: argument --of-params: UpdateCorpus has no parameter 'bogus'"
            " (it has: config, output_dir, run_id, date, since)",
        ),
        (
            ["RangeDaily", "--of", "Bogus", "--start", "2026-12-01"],
            "luigi: error: argument --of: 'Bogus' names no task (the daily one is UpdateCorpus)",
        ),
        (
            [*RANGE[:-1], "notadate"],
            "luigi: error: argument --start: 'notadate' is not a date (YYYY-MM-DD)",
        ),
        (
            [*RANGE, "--stop", "2026-13-01"],
            "luigi: error: argument --stop: '2026-13-01' is not a date (YYYY-MM-DD)",
        ),
        (["BuildCorpus", "--config", "/nonexistent.yaml"], "config error: /nonexistent.yaml: file not found"),
    ],
)
def test_a_bad_value_on_luigis_command_line_is_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as exit_:
        luigi_run(["--module", "pipeline.tasks", *args, "--local-scheduler", "--no-lock"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == message + "\n"


def test_the_cron_lines_range_makes_each_days_update_of_its_config():
    with CmdlineParser.global_instance(
        ["--module", "pipeline.tasks", *RANGE, "--of-params", f'{{"config": "{DEMO}"}}']
    ) as cp:
        task = cp.get_task_obj()
    day = datetime.date(2026, 12, 2)
    assert task._instantiate_task_cls(day) == UpdateCorpus(config=DEMO, date=day)


def test_one_config_and_one_folder_named_two_ways_are_one_task(tmp_path, monkeypatch):
    """Relative or absolute, or the command line's default, one config is one task; and one folder, however named:
    two workers sharing a luigid each ran their own of every task."""
    monkeypatch.chdir(REPO_ROOT)
    folder = tmp_path / "out"
    folder.mkdir()
    (tmp_path / "link").symlink_to(folder, target_is_directory=True)
    tasks = [
        CleanBook(config=DEMO, output_dir=str(folder), book_id="city-star"),
        CleanBook(config=str(REPO_ROOT / DEMO), output_dir=f"{tmp_path}/./out/", book_id="city-star"),
        CleanBook(config=f"./{DEMO}", output_dir=str(tmp_path / "link"), book_id="city-star"),
        CleanBook(output_dir=os.path.relpath(folder), book_id="city-star"),
    ]
    assert [(t.config, t.output_dir) for t in tasks] == [(str(REPO_ROOT / DEMO), str(folder.resolve()))] * 4
    assert len({t.task_id for t in tasks}) == 1
