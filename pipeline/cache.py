"""A directory of JSON files used as a mapping (e.g. the cohesion miner's per-chapter cache).

Keys are file names (hex digests); values are written atomically with the storage helpers, so a
killed run leaves no half-written entry.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

from core import storage


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
            return storage.read_json(path)
        except storage.DamagedFile:  # torn or overwritten: computed and written again
            raise KeyError(key) from None

    def __setitem__(self, key: str, value: Any) -> None:
        storage.write_json(value, self._path(key))

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
