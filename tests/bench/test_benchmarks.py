"""Every benchmark runs to its end at a tiny size, as ``make bench`` runs it (its own process), so none can rot.

Nothing about speed is asserted: only that each finishes and prints its table.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.paths import REPO_ROOT

BENCH = REPO_ROOT / "bench"
TINY_SCALE = {"BWB_BENCH_SMALL": "1x2", "BWB_BENCH_LARGE": "1x8"}
# benchmark -> (arguments for a run of seconds, a line its report prints)
TINY = {
    "bench_align": (["--chapters", "1"], "sentences/s/core"),
    "bench_cohesion": (["--generated", "--sentences", "60", "--repeat", "1"], "RATIO mining / floor"),
    "bench_crawl": (["--chapters", "3"], "core-hours"),
    "bench_exports": (["--books", "2", "--chapters", "2", "--beads", "5"], "corpus_summary"),
    "bench_filters": (["--chapters", "3"], "pair + filter"),
    "bench_long_input": (["--chars", "20000"], "split_en, one paragraph"),
    "bench_shape": (["--chapters", "2", "--sets", "synthetic,synthetic demo"], "a us/pair"),
}
SLOW = {"bench_cohesion", "bench_crawl", "bench_shape"}  # load spaCy and WordNet, or crawl


def bench(module: str, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m bench.MODULE ARGS`` in its own process, as ``make bench`` runs it."""
    return subprocess.run(
        [sys.executable, "-m", f"bench.{module}", *args],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **(env or {})},
        capture_output=True,
        text=True,
    )  # no timeout: on a busy machine a tiny run can take many minutes, and speed is not what is tested


@pytest.fixture
def main_of(capsys, monkeypatch):
    """``python -m bench.MODULE ARGS`` run through the module's ``main`` in this process, for the refusals:
    they end before any work, and a process of their own (a second or more of imports each) tests no more."""
    monkeypatch.setattr(os, "environ", os.environ.copy())  # bench_cohesion's import sets BLAS threads in it

    def run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
        try:
            status = importlib.import_module(f"bench.{module}").main(list(args))
        except SystemExit as done:
            status = done.code
        printed = capsys.readouterr()
        return subprocess.CompletedProcess([module, *args], status, printed.out, printed.err)

    return run


def test_an_unknown_benchmark_is_named_quoted_on_one_line(main_of):
    done = main_of("__main__", "align", "no\nsuch")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0].startswith(
        "python -m bench: error: unknown benchmark(s): 'no\\nsuch' (known: "
    )
    assert len(done.stderr.splitlines()) == 1


def run(module: str, *args: str, env: dict[str, str] | None = None) -> str:
    done = bench(module, *args, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_every_benchmark_has_a_tiny_run():
    assert {p.stem for p in BENCH.glob("bench_*.py")} == {*TINY, "bench_scale"}


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in sorted(TINY)]
)
def test_benchmark_runs_at_a_tiny_size(name):
    args, marker = TINY[name]
    assert marker in run(name, *args)


@pytest.mark.slow
def test_scale_bench_then_the_real_build_it_predicts(tmp_path):
    costs = tmp_path / "scale.json"
    out = run("bench_scale", "--save", str(costs), env=TINY_SCALE)
    assert "EXTRAPOLATION" in out and "2 cores:" in out and costs.is_file()
    out = run(
        "real_build",
        "--books",
        "1",
        "--chapters",
        "8",
        "--folder",
        str(tmp_path / "b"),
        "--costs",
        str(costs),
    )
    table = {line.split()[0]: line.split() for line in out.splitlines() if line.split()}
    for stage in ("clean", "dedup", "filter", "align", "mine"):
        assert table[stage][1] == "1" and table[stage][-1].endswith(
            "%"
        )  # one task; predicted, with a difference
    assert "post-crawl" in table
    again = run("real_build", "--report", "--folder", str(tmp_path / "b"), "--costs", str(costs))
    assert again.splitlines()[-9:] == out.splitlines()[-9:]


def test_real_build_needs_a_build_to_report_on(tmp_path: Path, main_of):
    done = main_of("real_build", "--report", "--folder", str(tmp_path))
    assert done.returncode == 1 and done.stderr == f"error: {tmp_path}: no build (runs.json) to report on\n"


@pytest.mark.parametrize(
    "files, error",
    [
        ({"runs.json": "{}"}, "{folder}: no build (config.yaml) to report on"),
        ({"runs.json": "{", "config.yaml": "books: []"}, "{folder}/runs.json: not readable JSON"),
        ({"costs.json": "[1]"}, "{folder}/costs.json: not the scale bench's costs (TypeError"),
        ({"costs.json": "{"}, "{folder}/costs.json: not readable JSON"),
    ],
)
def test_a_damaged_build_or_costs_file_is_one_line_before_any_work(tmp_path, files, error, main_of):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    done = main_of(
        "real_build", "--report", "--folder", str(tmp_path), "--costs", str(tmp_path / "costs.json")
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("error: " + error.format(folder=tmp_path)) and done.stderr.count("\n") == 1


@pytest.mark.parametrize(
    "module, option, value",
    [
        ("bench_align", "--chapters", "-1"),
        ("bench_cohesion", "--repeat", "0"),
        ("bench_exports", "--beads", "0"),
        ("bench_filters", "--chapters", "0"),
        ("bench_long_input", "--chars", "-5"),
        ("bench_shape", "--chapters", "0"),
        ("real_build", "--books", "0"),
        ("synthetic_books", "--books", "0"),
        ("bench_scale", "--cores", "2,x"),
    ],
)
def test_a_count_that_is_not_positive_is_refused_before_any_work(module, option, value, main_of):
    done = main_of(module, option, value)
    wrong = value.split(",")[-1]
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"python -m bench.{module}: error: argument {option}: '{wrong}' is not a positive whole number "
        f"(see python -m bench.{module} --help)\n"
    )


BIG = "9" * 15


@pytest.mark.parametrize(
    "module, args, problem",
    [  # each ran for hours, or ended in an OverflowError or MemoryError traceback
        ("bench_filters", ["--chapters", BIG], f"argument --chapters: '{BIG}' is over 100,000 (the most a book may have: too_many_chapters)"),
        ("bench_long_input", ["--chars", BIG], f"argument --chars: '{BIG}' is over 300,000,000 (a text book's 256 MiB is fewer characters)"),
        ("real_build", ["--books", BIG], f"argument --books: '{BIG}' is over 1,000 (BWB has 384 books)"),
        ("real_build", ["--workers", BIG], f"argument --workers: '{BIG}' is not a whole number from 1 to 256"),
        ("synthetic_books", ["--chapters", BIG, "x"], f"argument --chapters: '{BIG}' is over 100,000 (the most a book may have: too_many_chapters)"),
        ("bench_shape", ["--chapters", BIG], f"argument --chapters: '{BIG}' is over 100,000 (the most a book may have: too_many_chapters)"),
        ("bench_cohesion", ["--generated", "--sentences", BIG], f"argument --sentences: '{BIG}' is over 9,581,816 (BWB's English sentences)"),
        ("bench_exports", ["--books", "1000", "--beads", "2000"], "--books x --chapters x --beads is 100,000,000 beads, over the 10,000,000 this bench writes"),
    ],
)  # fmt: skip
def test_a_count_past_any_real_use_is_refused_before_any_work(module, args, problem, main_of):
    done = main_of(module, *args)
    assert (done.returncode, done.stdout) == (2, "")
    assert (
        done.stderr == f"python -m bench.{module}: error: {problem} (see python -m bench.{module} --help)\n"
    )


def test_a_failed_build_command_ends_the_real_build_in_one_line(tmp_path, monkeypatch, capsys):
    from bench import real_build

    monkeypatch.setattr(real_build.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 2))
    log = tmp_path / "build.log"
    assert not real_build.build(tmp_path / "c.yaml", tmp_path / "o", 1, log, tmp_path / "runs.json")
    assert capsys.readouterr().err == f"error: the command above failed (exit status 2); see {log}\n"


def test_a_save_path_that_cannot_be_written_is_refused_before_any_measuring(tmp_path, main_of):
    done = main_of("bench_scale", "--save", str(tmp_path))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"python -m bench.bench_scale: error: argument --save: '{tmp_path}' is a folder, not a file "
        "(see python -m bench.bench_scale --help)\n"
    )


@pytest.mark.parametrize("module, option", [("synthetic_books", None), ("real_build", "--folder")])
def test_a_folder_that_is_a_file_is_refused_before_any_work(tmp_path, module, option, main_of):
    (tmp_path / "file").write_text("x")
    folder = str(tmp_path / "file" / "books")
    done = main_of(module, *([option] if option else []), folder)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"python -m bench.{module}: error: argument {option or 'folder'}: '{folder}': {tmp_path / 'file'} is "
        f"a file, not a folder (see python -m bench.{module} --help)\n"
    )


def test_damaged_costs_stop_a_real_build_before_it_writes_the_books(tmp_path, main_of):
    (tmp_path / "costs.json").write_text("[1]")
    done = main_of("real_build", "--folder", str(tmp_path / "b"), "--costs", str(tmp_path / "costs.json"))
    assert (done.returncode, done.stdout) == (1, "") and not (tmp_path / "b").exists()
    assert done.stderr.startswith(f"error: {tmp_path}/costs.json: not the scale bench's costs (TypeError")


def test_the_scale_bench_help_names_the_environment_variables_it_reads(main_of):
    """``--help`` said nothing of BWB_BENCH_SMALL and BWB_BENCH_LARGE, the sizes it measures."""
    done = main_of("bench_scale", "--help")
    assert done.returncode == 0
    assert (
        "environment: the sizes measured, as BOOKSxCHAPTERS, in BWB_BENCH_SMALL (default 2x50) and "
        "BWB_BENCH_LARGE (default 1x510)"
    ) in " ".join(done.stdout.split())


def test_a_bench_size_past_any_real_use_is_one_line():
    """BWB_BENCH_LARGE=99999x99999 wrote synthetic books for ever."""
    from bench.bench_scale import parse_size

    assert parse_size("2x50") == (2, 50)
    with pytest.raises(SystemExit) as err:
        parse_size("99999x99999")
    assert str(err.value) == (
        "bad size '99999x99999': '99999' is over 1,000 (BWB has 384 books); expected BOOKSxCHAPTERS, e.g. 4x10"
    )
