"""The demo config with an edit, written where a test can load it."""

from pathlib import Path
from typing import Any, Callable

import yaml

from tests.helpers import DEMO_CONFIG


def edited_demo_config(tmp_path: Path, edit: Callable[[dict[str, Any]], Any]) -> Path:
    raw = yaml.safe_load(DEMO_CONFIG.read_text(encoding="utf-8"))
    for site in raw["sites"].values():
        site["serve"] = str((DEMO_CONFIG.parent / site["serve"]).resolve())
    edit(raw)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path
