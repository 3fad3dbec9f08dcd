"""Test helpers shared across folders: demo configs that write into a temporary folder."""

from __future__ import annotations

from pathlib import Path

import yaml

from pipeline.langdata import REPO_ROOT

DEMO_CONFIG = REPO_ROOT / "config" / "demo.yaml"


def write_config(tmp_path: Path, source: Path = DEMO_CONFIG, books: list[str] | None = None, **site_overrides) -> Path:
    """A copy of a config with output in ``tmp_path``, absolute serve folders, optionally fewer books."""
    raw = yaml.safe_load(source.read_text(encoding="utf-8"))
    raw["output"] = str(tmp_path / "output")
    for name, site in raw["sites"].items():
        if "serve" in site:
            site["serve"] = str((source.parent / site["serve"]).resolve())
        site.update(site_overrides.get(name, {}))
    if books is not None:
        raw["books"] = [b for b in raw["books"] if b["id"] in books]
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
