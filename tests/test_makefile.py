"""Makefile variables a user sets, checked with ``make -n`` (nothing runs)."""

import subprocess

import pytest

from core.paths import REPO_ROOT


def test_a_config_error_stops_make_before_a_recipe_uses_an_empty_output_folder(tmp_path):
    done = subprocess.run(
        ["make", "-n", "evaluate", f"SUITE={tmp_path / 'suite.jsonl'}", "CONFIG=missing.yaml"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "--out /evaluation" not in done.stdout
    config_line, make_line = done.stderr.splitlines()[-2:]
    assert config_line == "config error: missing.yaml: file not found"
    assert make_line.endswith(": *** no output folder for CONFIG=missing.yaml.  Stop.")


def test_a_path_with_a_line_break_stops_make_before_a_recipe_cuts_it_in_two():
    """``make corpus OUTPUT=$'a\\nb'`` would build into ``a`` and run ``b --workers 1`` as a command."""
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "corpus", "OUTPUT=/tmp/a\nb"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.endswith(
        ": *** OUTPUT= holds a space or a line break, which make cannot pass on: use a path without.  Stop.\n"
    )


def test_an_empty_format_list_is_the_exports_one_line_not_an_argument_error(tmp_path):
    done = subprocess.run(
        ["make", "--no-print-directory", "export", "FORMATS=", f"CONFIG={tmp_path / 'config.yaml'}"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        "no export format in '' (known: parquet, text, doc, bwb, jsonl, tmx, or all)"
    )


def test_args_reach_the_probe_as_they_reach_the_build(tmp_path):
    """README: ``ARGS=`` passes more options to the command; ``make evaluate`` dropped ``--batch-size=4``."""
    done = subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-n",
            "evaluate",
            f"SUITE={tmp_path / 'suite.jsonl'}",
            "ARGS=--batch-size=4",
        ],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.replace("\\\n", " ").splitlines()  # the recipe's continued lines joined
    [probe] = [line for line in lines if "-m cohesion.evaluate" in line]
    assert probe.endswith(" --batch-size=4")


def test_a_path_with_shell_syntax_is_one_quoted_word_in_the_recipe():
    """``make corpus OUTPUT=/data/a&b`` built into /data/a in the background and ran ``b`` as a command."""
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "corpus", "OUTPUT=/tmp/a&b", "CONFIG=it's.yaml"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1].endswith(
        "-m pipeline corpus --config 'it'\\''s.yaml' --output '/tmp/a&b' --workers '1' "
    )


@pytest.mark.parametrize(
    "target, variable, value, recipe_end",
    [
        ("corpus", "WORKERS", "1; b", "--workers '1; b' "),  # ran b after the build
        ("update", "WORKERS", "", "--workers '' "),  # argparse's "expected one argument"
        ("bench", "BENCH", "x; b", "-m bench 'x;' 'b'"),  # ran b, and make exited 0
        ("export", "FORMATS", "x'y", "--formats 'x'\\''y' "),  # a shell syntax error
    ],
)
def test_every_value_a_recipe_passes_on_is_quoted(target, variable, value, recipe_end):
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", target, f"{variable}={value}"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].endswith(recipe_end)


def test_the_probe_is_given_the_corpus_only_for_the_unigram_baseline(tmp_path):
    """cohesion.evaluate refuses ``--corpus`` without ``baseline:unigram``, the one model that reads it."""
    probes = {}
    for models in ("baseline:unigram baseline:context", "baseline:context"):
        done = subprocess.run(
            [
                "make",
                "--no-print-directory",
                "-n",
                "evaluate",
                f"SUITE={tmp_path / 's.jsonl'}",
                f"MODELS={models}",
            ],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        lines = done.stdout.replace("\\\n", " ").splitlines()
        [probes[models]] = [line for line in lines if "-m cohesion.evaluate" in line]
    assert "--corpus" in probes["baseline:unigram baseline:context"]
    assert "--corpus" not in probes["baseline:context"]
