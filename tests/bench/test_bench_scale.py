"""The scale bench's stage runs: the peak memory they report is their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_scale import run_child


@pytest.mark.slow  # a process of its own, preloading the stage
def test_a_stage_reports_its_own_peak_not_its_parents(tmp_path: Path):
    held = b"x" * (600 << 20)  # written, so resident: the bench's own peak, larger than the stage's
    measured = run_child("dedup", tmp_path, [])
    del held
    assert measured["tasks"] == 1
    assert measured["rss_mb"] < 400  # ru_maxrss of the stage's process reported this process's 600+ MB
