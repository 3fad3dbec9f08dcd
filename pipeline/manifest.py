"""Task manifests: what each task read and wrote, by content fingerprint (SHA-256 of file bytes).

A task is complete when its manifest exists, its outputs exist, its requirements are complete and
the fingerprints of the files it reads still equal those it recorded. So a rerun recomputes exactly
the tasks whose inputs changed, and tasks downstream of an unchanged shard do nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core import storage


@dataclass
class Manifest:
    inputs: dict[str, str] = field(default_factory=dict)  # path relative to the output root -> sha256
    outputs: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the refresh token of a crawl

    @classmethod
    def load(cls, path: Path) -> Manifest | None:
        try:
            data = storage.read_json(path)
        except (FileNotFoundError, ValueError):
            return None
        return cls(data.get("inputs", {}), data.get("outputs", {}), data.get("extra", {}))

    def save(self, path: Path) -> None:
        storage.write_json({"inputs": self.inputs, "outputs": self.outputs, "extra": self.extra}, path)
