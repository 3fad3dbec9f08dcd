"""The import contracts of pyproject.toml break on the imports they exist to forbid: each case plants
modules in a copy of the packages' sources and runs lint-imports there."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
LINT = Path(sys.executable).with_name("lint-imports")

CONTRACTS = {contract["name"]: contract for contract in CONFIG["contracts"]}
LAYERS = next(name for name, c in CONTRACTS.items() if c["type"] == "layers")
MODULE_CYCLES = next(name for name, c in CONTRACTS.items() if c["type"] == "acyclic_siblings")
FILTERS_ALIGNMENT = next(
    name for name, c in CONTRACTS.items() if c.get("modules") == ["filters", "alignment"]
)
DECLARED = next(
    name for name, c in CONTRACTS.items() if c["type"] == "independence" and "ignore_imports" in c
)

CASES = {
    "filters imports alignment": (
        {"filters/planted.py": "import alignment.beads"},
        [],
        {LAYERS, FILTERS_ALIGNMENT, DECLARED},
    ),
    "alignment imports filters": (
        {"alignment/planted.py": "import filters.dedup"},
        [],
        {LAYERS, FILTERS_ALIGNMENT, DECLARED},
    ),
    "text imports a domain package": ({"text/planted.py": "import filters.dedup"}, [], {LAYERS}),
    "core imports text": ({"core/planted.py": "import text.numerals"}, [], {LAYERS}),
    "an undeclared edge down": ({"exports/planted.py": "import crawlers.raw"}, [], {DECLARED}),
    # declared, but mteval -> exports closes the cycle exports -> mteval
    "a declared edge back": (
        {"mteval/planted.py": "import exports.splits"},
        ["mteval.planted -> exports.splits"],
        {LAYERS},
    ),
    # declared, but closes alignment -> exports -> mteval -> alignment
    "a declared cycle through a third": (
        {"alignment/planted.py": "import exports.tokens"},
        ["alignment.planted -> exports.tokens"],
        {LAYERS},
    ),
    "two modules of a package import each other": (
        {
            "alignment/planted_a.py": "import alignment.planted_b",
            "alignment/planted_b.py": "import alignment.planted_a",
        },
        [],
        {MODULE_CYCLES},
    ),
}


def _copy_sources(root: Path) -> None:
    def not_python(folder: str, names: list[str]) -> list[str]:
        return [
            n for n in names if n == "__pycache__" or (not n.endswith(".py") and not Path(folder, n).is_dir())
        ]

    for package in CONFIG["root_packages"]:
        shutil.copytree(REPO / package, root / package, ignore=not_python)


def _config(declared: list[str]) -> str:
    """pyproject's import-linter section as TOML (JSON strings and lists are TOML too), ``declared`` added
    to the declared edges."""
    lines = ["[tool.importlinter]", f"root_packages = {json.dumps(CONFIG['root_packages'])}"]
    for contract in CONFIG["contracts"]:
        contract = {**contract}
        if contract["name"] == DECLARED:
            contract["ignore_imports"] = [*contract["ignore_imports"], *declared]
        lines.append("[[tool.importlinter.contracts]]")
        lines.extend(f"{key} = {json.dumps(value)}" for key, value in contract.items())
    return "\n".join(lines) + "\n"


def _broken(root: Path) -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "1000"}
    run = subprocess.run(
        [str(LINT), "--no-cache", str(root / "contracts.toml")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode in (0, 1), run.stderr
    return set(re.findall(r"^(.+?) BROKEN(?: \(.*\))?$", run.stdout, re.M))


def test_the_contracts_hold_on_the_sources(tmp_path: Path) -> None:
    _copy_sources(tmp_path)
    (tmp_path / "contracts.toml").write_text(_config([]), encoding="utf-8")
    assert _broken(tmp_path) == set()


@pytest.mark.parametrize("case", CASES)
def test_a_forbidden_import_breaks_its_contracts(tmp_path: Path, case: str) -> None:
    planted, declared, expected = CASES[case]
    _copy_sources(tmp_path)
    for path, source in planted.items():
        (tmp_path / path).write_text(source + "\n", encoding="utf-8")
    (tmp_path / "contracts.toml").write_text(_config(declared), encoding="utf-8")
    assert _broken(tmp_path) == expected
