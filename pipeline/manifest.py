"""Task manifests: what each task read and wrote, by content fingerprint (SHA-256 of file bytes).

A task is complete when its manifest exists, its outputs are the files it recorded, its requirements
are complete and the fingerprints of what it depends on still equal those it recorded: the files it
reads, its settings, its code and bundled data (``code:`` and ``data:`` entries, from
``core.code_digest``), the versions of the pinned libraries its code imports (``package:`` entries,
from ``core.package_versions``) and the schema of each table it read or wrote as it ran (``schema:NAME``
entries, from ``core.storage.schema_digest``). So a rerun recomputes exactly the tasks whose inputs
changed, and tasks downstream of an unchanged shard do nothing.

Outputs are verified before they are trusted: each one's size and modification time are recorded,
and a file whose size differs, or whose time differs and whose bytes no longer hash to the recorded
SHA-256 (truncated, overwritten, of another schema), is damaged and its task runs again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core import storage

# the keys of a manifest's inputs besides the files read
CODE, DATA, PACKAGE, SCHEMA, SETTINGS = "code:", "data:", "package:", "schema:", "settings"
FILE = "file:"  # a file read by content that no task writes: corrections, QC and MT results, probe results
_FIELDS = ("inputs", "outputs", "extra", "files")


@dataclass
class Manifest:
    inputs: dict[str, str] = field(default_factory=dict)  # path relative to the output root -> sha256
    outputs: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the refresh token of a crawl
    files: dict[str, list[int]] = field(default_factory=dict)  # output path -> [size, mtime_ns]

    @classmethod
    def load(cls, path: Path) -> Manifest | None:
        try:
            data = storage.read_json(path)
        # NotADirectoryError: a file where its folder (_manifests/, _manifests/TASK/) was
        except (FileNotFoundError, NotADirectoryError, ValueError):
            return None
        if not _is_manifest(data):
            return None  # JSON, but not what ``save`` writes (a hand edit): its task runs again
        return cls(
            data.get("inputs", {}), data.get("outputs", {}), data.get("extra", {}), data.get("files", {})
        )

    def save(self, path: Path) -> None:
        storage.write_json(
            {"inputs": self.inputs, "outputs": self.outputs, "extra": self.extra, "files": self.files}, path
        )

    def record_files(self, root: Path) -> None:
        """Note each output's size and modification time, as written."""
        for rel in self.outputs:
            stat = (root / rel).stat()
            self.files[rel] = [stat.st_size, stat.st_mtime_ns]

    def damaged(self, root: Path) -> str | None:
        """Why an output is not the file this manifest recorded ('missing: PATH', 'damaged: PATH'), or None."""
        for rel, sha in self.outputs.items():
            try:
                stat = (root / rel).stat()
            except (FileNotFoundError, NotADirectoryError):  # NotADirectoryError: a file where its folder was
                return f"missing: {rel}"
            size, mtime_ns = self.files.get(rel, (stat.st_size, None))  # unrecorded: check the hash
            if stat.st_size != size or (
                stat.st_mtime_ns != mtime_ns and storage.file_sha256(root / rel) != sha
            ):
                return f"damaged: {rel}"
        return None


def _is_manifest(data: Any) -> bool:
    """The shape ``Manifest.save`` writes: four mappings, each entry of ``files`` a [size, mtime_ns] pair."""
    return (
        isinstance(data, dict)
        and all(isinstance(data.get(key, {}), dict) for key in _FIELDS)
        and all(isinstance(entry, list) and len(entry) == 2 for entry in data.get("files", {}).values())
    )


def recorded_tables(inputs: dict[str, str]) -> list[str]:
    """The tables whose schemas ``inputs`` hold (``schema:NAME``), sorted."""
    return sorted(key.removeprefix(SCHEMA) for key in inputs if key.startswith(SCHEMA))


def schema_inputs(tables: Iterable[str]) -> dict[str, str]:
    """The ``schema:NAME`` entries of the named tables, their schemas as declared now."""
    return {SCHEMA + table: storage.schema_digest(table) for table in sorted(set(tables))}


def changes(recorded: dict[str, str], current: dict[str, str]) -> list[str]:
    """Why ``current`` inputs differ from ``recorded`` ones: config, code, data, packages, table schemas or
    hand-made and result files (naming them), new input. A table ``current`` uses that ``recorded`` did not (read by edited code) is no
    reason of its own."""
    changed = sorted(
        key
        for key in recorded.keys() | current.keys()
        if recorded.get(key) != current.get(key) and not (key.startswith(SCHEMA) and key not in recorded)
    )
    code = [key.removeprefix(CODE) for key in changed if key.startswith(CODE)]
    data = [key.removeprefix(DATA) for key in changed if key.startswith(DATA)]
    packages = [key.removeprefix(PACKAGE) for key in changed if key.startswith(PACKAGE)]
    tables = [key.removeprefix(SCHEMA) for key in changed if key.startswith(SCHEMA)]
    files = [key.removeprefix(FILE) for key in changed if key.startswith(FILE)]
    reasons = ["config changed"] if SETTINGS in changed else []
    kinds = (("code", code), ("data", data), ("packages", packages))
    reasons += [f"{kind} changed: {_few(paths)}" for kind, paths in kinds if paths]
    reasons += [f"schema of {_few(tables)} changed"] if tables else []
    reasons += [f"input changed: {_few(files)}"] if files else []
    if any(key != SETTINGS and not key.startswith((CODE, DATA, PACKAGE, SCHEMA, FILE)) for key in changed):
        reasons.append("new input")
    return reasons


def _few(paths: list[str], shown: int = 3) -> str:
    more = f" and {len(paths) - shown} more" if len(paths) > shown else ""
    return ", ".join(paths[:shown]) + more
