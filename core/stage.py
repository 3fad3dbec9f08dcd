"""The one shape every domain stage function returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class StageResult:
    """A stage's output rows, its REJECTED rows and its JSON-able stats."""

    rows: list[dict] = field(default_factory=list)
    rejections: list[dict] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
