"""A directory of JSON files used as a mapping (e.g. the cohesion miner's per-chapter cache).

Keys are file names (hex digests); values are written atomically with the storage helpers, so a
killed run leaves no half-written entry. Each entry holds its value's SHA-256 beside it: an entry edited
by hand since it was written is a miss (computed and written again), with a one-line warning, not a value
that a clean build would not make.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

from core import storage
from core.json_text import json_digest


class JsonDirCache(MutableMapping[str, Any]):
    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def __getitem__(self, key: str) -> Any:
        path = self._path(key)
        if not path.is_file():
            raise KeyError(key)
        try:
            entry = storage.read_json(path)
        except storage.DamagedFile:  # torn or overwritten: computed and written again
            raise KeyError(key) from None
        if not (isinstance(entry, dict) and entry.keys() == {"sha256", "value"}):
            raise KeyError(key)  # not an entry of this cache (written by an older version): computed again
        if entry["sha256"] != json_digest(entry["value"]):
            print(f"warning: {path}: edited since it was written; computed again", file=sys.stderr)
            raise KeyError(key)
        return entry["value"]

    def __setitem__(self, key: str, value: Any) -> None:
        # compact, unlike ``storage.write_json``: an indent sends ``json`` to its pure-Python encoder, about 5%
        # of mining's CPU in these writes (a chapter's candidates); the reader takes either form
        entry = {"sha256": json_digest(value), "value": value}
        text = json.dumps(entry, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
        storage.write_bytes(self._path(key), text.encode("utf-8"))

    def __delitem__(self, key: str) -> None:
        try:
            self._path(key).unlink()
        except FileNotFoundError:
            raise KeyError(key) from None

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._path(key).is_file()

    def __iter__(self) -> Iterator[str]:
        return (p.stem for p in sorted(self.root.glob("*/*.json")))

    def __len__(self) -> int:
        return sum(1 for _ in self.root.glob("*/*.json"))
