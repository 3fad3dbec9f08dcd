"""README's quality figures: rendered by the registry, and (slow) rerun on ../shared/eval-data."""

from __future__ import annotations

import contextlib
import importlib
import io
import re
import shlex

import pytest

from core.paths import REPO_ROOT
from evals.data import EVAL_DATA
from evals.figure import Figure
from evals.figures import FIGURES, commands

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")


MAKE_TARGETS = {"evals.split", "evals.align"}  # README shows them as `make eval-split` and `make eval-align`


def test_every_figure_stands_in_its_readme_row_and_its_command_is_named_there():
    assert [f.readme for f in FIGURES if not f.shape().search(f.place(README))] == []
    modules = {shlex.split(command)[2] for command in commands()}
    assert [
        module for module in modules if f"python -m {module}" not in README and module not in MAKE_TARGETS
    ] == []


LABELS = re.compile(r"seeds? [\d, ]+:|\b4 folds\b")  # numbers in the quality table that are not results


def test_every_number_in_the_quality_table_results_is_a_registered_figure():
    section = README[README.index("## Quality and speed") : README.index("For reference, published")]
    unregistered = []
    for line in section.splitlines()[2:]:
        if line.startswith("| ") and not line.startswith(("| what", "| ---")):
            result = line.split(" | ")[2]
            for figure in FIGURES:
                if figure.row and line.startswith(figure.row):
                    result = figure.shape().sub("", result)
            unregistered += re.findall(r"\S*\d\S*", LABELS.sub("", result))
    assert unregistered == []


def groups() -> list[list[Figure]]:
    """The figures in groups that share commands, so that a test runs each command once (also under xdist)."""
    found: list[list[Figure]] = []
    for figure in FIGURES:
        joined = [group for group in found if set(figure.commands) & {c for f in group for c in f.commands}]
        found = [group for group in found if group not in joined] + [
            [f for g in joined for f in g] + [figure]
        ]
    return found


def _run(command: str) -> str:
    """What ``command`` (``python -m MODULE ARGS``, from the repository root) prints, run in this process
    through the module's ``main``: the commands share one import of the code and its loaded models."""
    _, _, module, *args = shlex.split(command)
    printed = io.StringIO()
    with contextlib.chdir(REPO_ROOT), contextlib.redirect_stdout(printed):
        status = importlib.import_module(module).main(args)
    assert not status, f"{command}: exit status {status}"
    return printed.getvalue()


@pytest.mark.slow
@pytest.mark.skipif(not EVAL_DATA.is_dir(), reason="../shared/eval-data absent")
@pytest.mark.parametrize("group", groups(), ids=lambda group: group[0].commands[0].split(maxsplit=2)[2])
def test_readme_shows_what_the_commands_print_today(group):
    outputs = {
        command: _run(command) for command in dict.fromkeys(c for figure in group for c in figure.commands)
    }
    wrong = []
    for figure in group:
        text = figure.text([outputs[command] for command in figure.commands])
        if text not in figure.place(README):
            wrong.append(f"{figure.row or 'README'!r} should say {text!r}")
    assert wrong == []
