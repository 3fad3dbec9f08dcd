"""A config with an edit: the demo config's written where a test can load it, or a test's own edited in place."""

from pathlib import Path
from typing import Any, Callable

import yaml

from pipeline.stage_task import cached_config
from tests.helpers import DEMO_CONFIG


def edited_demo_config(tmp_path: Path, edit: Callable[[dict[str, Any]], Any]) -> Path:
    raw = yaml.safe_load(DEMO_CONFIG.read_text(encoding="utf-8"))
    for site in raw["sites"].values():
        site["serve"] = str((DEMO_CONFIG.parent / site["serve"]).resolve())
    edit(raw)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def edit_config(config: Path, edit: Callable[[dict[str, Any]], Any]) -> None:
    """Edit ``config`` in place, and forget the configs this process loaded (each is loaded once)."""
    raw = yaml.safe_load(config.read_text(encoding="utf-8"))
    edit(raw)
    config.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    cached_config.cache_clear()
