"""Every command line option of the project is described in its ``--help``."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys

import pytest

from core.paths import REPO_ROOT
from tests.helpers import HANG

PACKAGES = (
    "alignment",
    "bench",
    "cohesion",
    "core",
    "crawlers",
    "evals",
    "exports",
    "filters",
    "mteval",
    "pipeline",
    "qc",
)


def _add_argument_calls():
    for package in PACKAGES:
        for path in sorted((REPO_ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "add_argument":
                    yield path.relative_to(REPO_ROOT), node


def test_every_option_and_argument_has_a_help_text():
    calls = list(_add_argument_calls())
    assert len(calls) > 50
    assert [
        f"{path}:{node.lineno}" for path, node in calls if not any(k.arg == "help" for k in node.keywords)
    ] == []


@pytest.mark.parametrize(
    "module", ["exports.check_report", "crawlers.demo.render", "crawlers.demo.source", "bench"]
)
def test_commands_that_read_their_arguments_by_hand_before_now_answer_help(module):
    result = subprocess.run(
        [sys.executable, "-m", module, "--help"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG
    )
    assert result.returncode == 0 and result.stdout.startswith("usage: "), result.stderr


def test_the_pipeline_help_names_every_command_in_its_description():
    """``python -m pipeline --help`` listed every command but ``status`` in its first line."""
    result = subprocess.run(
        [sys.executable, "-m", "pipeline", "--help"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    text = " ".join(result.stdout.split())  # argparse wraps the lines at the terminal's width
    choices = re.search(r"\{([a-z,-]+)\}", text)[1].split(",")
    listed = re.search(r"Command line: python -m pipeline ([a-z|-]+) ", text)[1].split("|")
    assert sorted(listed) == sorted(choices)


@pytest.mark.parametrize("module", ["cohesion.mine", "cohesion.sample", "cohesion.evaluate"])
def test_a_help_description_is_the_docstring_s_whole_first_paragraph(module):
    """The description was the docstring's first line: ``cohesion.mine --help`` ended "English sentences, one per"."""
    first = " ".join(importlib.import_module(module).__doc__.split("\n\n")[0].replace("``", "").split())
    result = subprocess.run(
        [sys.executable, "-m", module, "--help"], cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG
    )
    assert first in " ".join(result.stdout.split())
