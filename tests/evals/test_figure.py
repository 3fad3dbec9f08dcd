"""A README figure: its values read from command output and rendered as the README shows them."""

from __future__ import annotations

import pytest

from evals.figure import Figure, FigureError, each, grab, span


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
