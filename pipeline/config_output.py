"""The config's ``output:``: the folder a config's builds write to, always inside the repository's ``output/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.arg_types import has_control_character
from core.paths import REPO_ROOT
from core.rejection import quoted
from pipeline.config_reader import Reader, resolved
from pipeline.output_folder import LAYOUT

OUTPUT_ROOT = REPO_ROOT / "output"


def read_output_folder(r: Reader, value: Any) -> Path:
    """The config's output folder, which must lie inside the repository's ``output/``; without
    ``output:``, ``output/{config file name without .yaml}``, so that two configs never share one.

    A config never makes the pipeline write elsewhere; to write to another place (shared storage
    for several machines, a scratch disk) the user says so on the command line: ``--output DIR``.
    """
    if value is None:
        if r.path.stem in LAYOUT or not r.path.stem or r.path.stem.startswith("."):
            raise r.fail(
                "output",
                f"missing, and the default output/{r.path.stem} would mix with another "
                "output's folders: set output: (e.g. output/my-novels)",
            )
        resolved(r, OUTPUT_ROOT / r.path.stem, "output", f"the default output/{r.path.stem}")
        return OUTPUT_ROOT / r.path.stem
    folder = resolved(r, REPO_ROOT / r.text(value, "output"), "output", quoted(value))
    if has_control_character(str(folder)):
        raise r.fail(
            "output",
            f"{quoted(value)} holds a line break or another control character, which no message could show "
            "on one line: choose another",
        )
    if folder != OUTPUT_ROOT and OUTPUT_ROOT not in folder.parents:
        raise r.fail(
            "output",
            f"{quoted(value)} is outside {OUTPUT_ROOT}, where a config's output: must lie, with or without "
            "--output: drop it or set it inside, and give --output DIR to write elsewhere",
        )
    if folder != OUTPUT_ROOT and (entry := folder.relative_to(OUTPUT_ROOT).parts[0]) in LAYOUT:
        raise r.fail(
            "output",
            f"{quoted(value)} lies in output/{entry}, a folder of the output that output/ itself holds (the "
            "demo's), which would mix with it or be deleted by its clean: choose another name",
        )
    return folder
