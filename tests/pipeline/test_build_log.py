"""Luigi's own log lines go to the run's log file: the terminal shows one line per failure, never a traceback."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import alignment.stage
from core.layout import Layout
from pipeline.build_log import luigi_logging_to
from pipeline.cli import main
from tests.helpers import local_book, local_config, output_of, target


def test_luigis_errors_go_to_the_file_and_the_loggers_are_restored_after(tmp_path, capsys):
    logger = logging.getLogger("luigi-interface")
    before = (logger.handlers[:], logger.propagate, logger.level)
    path = tmp_path / "_logs" / "run.log"
    with luigi_logging_to(path):
        logging.getLogger("luigi-interface").info("scheduled")
        assert not path.exists()  # created at the first warning or error
        try:
            raise ValueError("a bead")
        except ValueError:
            logging.getLogger("luigi-interface").exception("task failed")
        logging.getLogger("luigi").warning("scheduler slow")
    assert capsys.readouterr() == ("", "")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert [line.split(" ", 2)[2] for line in lines if " luigi" in line] == [
        f"ERROR luigi-interface[{os.getpid()}]: task failed",
        f"WARNING luigi[{os.getpid()}]: scheduler slow",
    ]
    assert "Traceback (most recent call last):" in lines and "ValueError: a bead" in lines
    assert (logger.handlers, logger.propagate, logger.level) == before


def test_a_log_line_that_cannot_be_written_is_dropped_without_a_traceback(capsys):
    """A full disk: logging printed "--- Logging error ---" and two tracebacks on the terminal, before the
    build's own line saying the disk is full."""
    with luigi_logging_to(Path("/dev/full")):  # every write: No space left on device
        logging.getLogger("luigi-interface").error("task failed")
    assert capsys.readouterr() == ("", "")


def test_a_log_line_whose_folder_is_gone_is_dropped(tmp_path, capsys):
    """The output folder moved or deleted while the build ran: the log's first line, which opens the file,
    raised FileNotFoundError into the task that logged it, and the build ended with 'error: OUT/_logs/RUN.log:
    No such file or directory'."""
    with luigi_logging_to(tmp_path / "out" / "_logs" / "run.log"):
        (tmp_path / "out").rename(tmp_path / "moved")
        logging.getLogger("luigi-interface").error("task failed")
    assert capsys.readouterr() == ("", "")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["_logs", "moved"]


def test_a_file_in_place_of_the_logs_folder_is_refused_in_one_line(tmp_path, capsys):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    (output_of(config) / "_logs").parent.mkdir()
    (output_of(config) / "_logs").write_text("x", encoding="utf-8")
    assert main(["corpus", *target(config)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"{output_of(config) / '_logs'} is a file where a folder goes: remove that file, then run the build again"
    )


def test_a_task_that_raises_is_one_line_its_traceback_in_the_runs_log_and_the_build_not_finished(
    tmp_path, capsys, monkeypatch
):
    def explode(*_args, **_kwargs):
        raise ValueError("a bead\nout of range")

    monkeypatch.setattr(alignment.stage, "align_chapter_rows", explode)
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    code = main(["corpus", *target(config), "--until", "align", "--workers", "1"])
    out, err = capsys.readouterr()
    assert out.startswith(f"Corpus NOT finished (failures below); built so far in {output_of(config)}\n")
    assert code == 1 and "Traceback" not in err and "luigi" not in err.split("Luigi's log")[0]
    logs = list((output_of(config) / "_logs").iterdir())
    assert len(logs) == 1 and logs[0].name.endswith(".log")
    assert err.splitlines()[-3:] == [
        "FAILED bk: AlignBook: ValueError: a bead out of range",
        "the book failed; fix it and run the same command again",
        f"Luigi's log of this run (tracebacks): {logs[0]}",
    ]
    log = logs[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last):" in log and log.rstrip().endswith("out of range")
    assert Layout(output_of(config)).build_log("x").parent == logs[0].parent
