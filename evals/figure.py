"""A README figure: the commands that print it, how its values are read from their output, and the README
text they fill after rounding.

Formats are Python's: ``{:.3f}``, ``{:~.3f}`` without the leading zero (.839), ``{:,}`` with thousands
separators. ``row`` is the start of the README line (a table row) that must hold the text; empty:
anywhere, whitespace folded. The registry of every figure is :mod:`evals.figures`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass

Value = int | float | str
Reader = Callable[[list[str]], list[Value]]


class FigureError(ValueError):
    """A command's output lacks what a figure reads from it."""


def _value(text: str) -> Value:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def grab(*patterns: str) -> Reader:
    """The groups of each pattern (``^`` and ``$`` at line ends) in each command's output, in order."""
    compiled = [re.compile(pattern, re.M) for pattern in patterns]

    def read(outputs: list[str]) -> list[Value]:
        values: list[Value] = []
        for output in outputs:
            for pattern in compiled:
                match = pattern.search(output)
                if match is None:
                    raise FigureError(f"no {pattern.pattern!r} in the output")
                values += [_value(group) for group in match.groups()]
        return values

    return read


def each(*readers: Reader) -> Reader:
    """Reader k reads the output of command k; their values in order."""

    def read(outputs: list[str]) -> list[Value]:
        return [value for reader, output in zip(readers, outputs, strict=True) for value in reader([output])]

    return read


def span(reader: Reader) -> Reader:
    """The least and the greatest of ``reader``'s values (a range across seeds or data sets)."""

    def read(outputs: list[str]) -> list[Value]:
        values = reader(outputs)
        return [min(values), max(values)]

    return read


class _Format(string.Formatter):
    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec.startswith("~"):
            text = format(value, format_spec[1:])
            return text[1:] if text.startswith("0.") else text
        return format(value, format_spec)


@dataclass(frozen=True)
class Figure:
    commands: tuple[str, ...]
    read: Reader
    readme: str
    row: str = ""

    def text(self, outputs: list[str]) -> str:
        """The README text the commands' outputs (one per command, in order) give."""
        return _Format().format(self.readme, *self.read(outputs))

    def shape(self) -> re.Pattern:
        """The README text with any number in place of each value: where the figure stands, without data."""
        parts = []
        for literal, field, _, _ in string.Formatter().parse(self.readme):
            parts.append(re.escape(literal))
            if field is not None:
                parts.append(r"[\d.,/%]+")
        return re.compile("".join(parts))

    def place(self, readme: str) -> str:
        """The part of ``readme`` that must hold the text: the line starting with ``row``, or all of it."""
        if not self.row:
            return " ".join(readme.split())
        return next((line for line in readme.splitlines() if line.startswith(self.row)), "")
