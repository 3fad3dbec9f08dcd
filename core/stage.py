"""The one shape every domain stage function returns."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class StageResult:
    """A stage's output rows, its REJECTED rows and its JSON-able stats."""

    rows: list[dict] = field(default_factory=list)
    rejections: list[dict] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)


def stage_stats(n_in: int, rows: list, rejected: list[dict], **extra: object) -> dict:
    """A stage's stats: ``{"in": n, "out": n, "rejected": {reason: count}}`` plus ``extra``."""
    return {"in": n_in, "out": len(rows), "rejected": dict(Counter(r["reason"] for r in rejected)), **extra}
