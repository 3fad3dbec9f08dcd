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
from evals.figures import FIGURES, Figure, FigureError, commands, each, grab, span

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")


def test_a_figure_fills_the_readme_text_with_rounded_values():
    figure = Figure(("cmd",), grab(r"^all (\S+) (\S+) (\d+)/(\d+)"), "{0:~.3f}, {1:.1%}, {2:,}/{3}", "| row")
    assert figure.text(["x\nall 0.8394 0.9873 1337/2000\n"]) == ".839, 98.7%, 1,337/2000"
    assert figure.shape().fullmatch(".839, 98.7%, 1,337/2000") and not figure.shape().search(".839, 98.7%")
    assert figure.place("| other | .839\n| row | .839, 98.7%\n") == "| row | .839, 98.7%"
    assert Figure(("cmd",), grab("x"), "x").place("a\n  b") == "a b"
    with pytest.raises(FigureError, match="no 'absent' in the output"):
        Figure(("cmd",), grab("absent"), "{0}").text(["present"])


def test_a_span_reads_the_least_and_greatest_value_of_several_outputs():
    figure = Figure(("a", "b"), span(grab(r"P (\S+)", r"Q (\S+)")), "{0:~.2f}–{1:~.2f}")
    assert figure.text(["P 0.5 Q 0.33", "P 0.59 Q 0.4"]) == ".33–.59"


def test_each_reads_its_own_command_output():
    figure = Figure(("a", "b"), each(grab(r"P (\S+)"), grab(r"Q (\S+)")), "{0}/{1}")
    assert figure.text(["P 1 Q 9", "P 8 Q 2"]) == "1/2"


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
