"""A bad argument to any tool under evals/ or bench/ is one line on stderr and exit 2, not argparse's
usage block (``core.arg_types.OneLineParser``)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

from core.paths import REPO_ROOT

# tools whose required arguments argparse names before an unknown option
REQUIRED = {
    "evals.align": "data_dir",
    "evals.bleualign_speed": "--upstream-python",
    "evals.compare": "ours, reference",
    "evals.errors": "data_dir",
    "evals.judge": "command",
    "evals.stories": "file",
    "bench.synthetic_books": "folder",
}


def _tools() -> list[str]:
    """The modules under evals/ and bench/ run as commands (``bench.__main__`` is ``python -m bench``)."""
    return [
        f"{package}.{path.stem}"
        for package in ("evals", "bench")
        for path in sorted((REPO_ROOT / package).glob("*.py"))
        if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
    ]


SETUP_TOOLS = ["core.langdata", "pipeline.spacy_model"]  # took no arguments, and ignored any given


@pytest.mark.parametrize("module", [*_tools(), "crawlers.demo.render", "crawlers.demo.source", *SETUP_TOOLS])
def test_an_unknown_option_is_one_line_and_exit_2(module, capsys, monkeypatch):
    monkeypatch.setattr(os, "environ", os.environ.copy())  # bench_cohesion's import sets BLAS threads in it
    with pytest.raises(SystemExit) as exit_:
        importlib.import_module(module).main(["--no-such-option"])
    prog = f"python -m {module.removesuffix('.__main__')}"
    problem = (
        f"the following arguments are required: {REQUIRED[module]}"
        if module in REQUIRED
        else "unrecognized arguments: --no-such-option"
    )
    assert (exit_.value.code, capsys.readouterr()) == (
        2,
        ("", f"{prog}: error: {problem} (see {prog} --help)\n"),
    )


OTHER_TOOLS = [
    "cohesion.mine",
    "cohesion.evaluate",
    "cohesion.annotation",
    "cohesion.sample",
    "text.sentences",
    "crawlers.demo.render",
    "crawlers.demo.source",
    "exports.check_report",
]


@pytest.mark.parametrize("module", [*_tools(), *OTHER_TOOLS, *SETUP_TOOLS])
def test_a_tool_runs_its_main_through_exit_with(module):
    """Their output printed to ``> /dev/full`` or into ``| head`` ended in an OSError or BrokenPipeError
    traceback, and Ctrl-C in a KeyboardInterrupt traceback (``core.stdio.exit_with``: one line,
    ``interrupted``, status 130)."""
    source = (REPO_ROOT / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8")
    assert "exit_with(" in source.split('if __name__ == "__main__":')[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["evals.stories", "cohesion/judgements/stories-1.jsonl"],
        ["evals.mt", "/nonexistent"],  # "skipped: no evaluation data in ..."
        ["evals.compare", "demo", "demo"],  # an error on stderr: stdout never written
        ["crawlers.demo.source"],
        ["exports.check_report", "--help"],  # its verdict line was an OSError traceback
    ],
)
def test_a_stdout_that_cannot_be_written_is_one_line_not_a_traceback(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", *argv], cwd=REPO_ROOT, stdout=full, stderr=subprocess.PIPE, text=True
        )
    expected = "error: stdout: No space left on device\n"
    if argv[0] == "evals.compare":
        expected = "error: demo: no *.align beads\n"
    assert (done.returncode, done.stderr) == (1, expected)


@pytest.mark.parametrize(
    "module, args",
    [("cohesion.sample", []), ("evals.pairing", []), ("evals.judge", ["sample", "data"])],
)
def test_a_seed_is_a_whole_number_of_at_most_18_digits(module, args, capsys):
    """``type=int`` took negative seeds and, past 4,300 digits, gave argparse's generic message with the
    whole number echoed."""
    prog = f"python -m {module}" + (" sample" if args else "")
    for seed, problem in (
        ("-1", "'-1' is not a whole number of 0 or more"),
        (
            "9" * 5000,
            f"{'9' * 40!r}... (5,000 characters) has more than 18 digits: no count or seed is that large",
        ),
    ):
        with pytest.raises(SystemExit) as exit_:
            importlib.import_module(module).main([*args, "--seed", seed])
        assert (exit_.value.code, capsys.readouterr().err) == (
            2,
            f"{prog}: error: argument --seed: {problem} (see {prog} --help)\n",
        )
