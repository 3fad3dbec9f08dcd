"""The scale bench's stage runs: the peak memory they report is their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_scale import main, run_child


@pytest.mark.slow  # a process of its own, preloading the stage
def test_a_stage_reports_its_own_peak_not_its_parents(tmp_path: Path):
    held = b"x" * (600 << 20)  # written, so resident: the bench's own peak, larger than the stage's
    measured = run_child("dedup", tmp_path, [])
    del held
    assert measured["tasks"] == 1
    assert measured["rss_mb"] < 400  # ru_maxrss of the stage's process reported this process's 600+ MB


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (
            ["--root", ""],
            "argument --root: '' is not a path (an unset variable? write . for the current folder)",
        ),
        (["--root", "x"], "--root: only with --stage (internal)"),
        (["b1"], "book ids: only with --stage (internal)"),
        (["--stage", "clean", "b1"], "--stage: only with --root (internal)"),
    ],
)
def test_the_internal_arguments_stand_only_together(capsys, argv, error):
    """``--root ''`` or a book id without ``--stage`` was ignored and the whole bench ran (minutes)."""
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    assert capsys.readouterr().err == (
        f"python -m bench.bench_scale: error: {error} (see python -m bench.bench_scale --help)\n"
    )
