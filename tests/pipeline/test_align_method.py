"""options.align.method end to end on one demo book: a changed method reruns AlignBook and what follows."""

from __future__ import annotations

import luigi
import pytest
import yaml

from core import storage
from core.layout import Layout
from pipeline.stage_task import cached_config
from pipeline.build_task import BuildCorpus
from tests.helpers import output_of, params, write_config

pytestmark = pytest.mark.slow


def _build(config) -> str:
    result = luigi.build([BuildCorpus(**params(config))], local_scheduler=True, detailed_summary=True,
                         log_level="WARNING")  # fmt: skip
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    return result.summary_text


def _set_method(config, method: str) -> None:
    raw = yaml.safe_load(config.read_text(encoding="utf-8"))
    raw["options"] = {"align": {"method": method}}
    config.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    cached_config.cache_clear()  # configs are loaded once per process


def test_changing_the_method_realigns_the_book(tmp_path):
    config = write_config(tmp_path, books=["sword-sect"])
    _build(config)
    layout = Layout(output_of(config))
    default = storage.read_rows(layout.aligned("sword-sect"), "aligned_pairs")
    assert storage.read_json(layout.stats("align", "sword-sect"))["method"] == "default"
    _set_method(config, "galechurch")
    ran = _build(config).split("ran successfully")[1]
    assert "AlignBook" in ran and "MineBook" in ran and "FilterBook" not in ran
    galechurch = storage.read_rows(layout.aligned("sword-sect"), "aligned_pairs")
    assert storage.read_json(layout.stats("align", "sword-sect"))["method"] == "galechurch"
    assert galechurch != default
    _set_method(config, "default")
    _build(config)
    assert storage.read_rows(layout.aligned("sword-sect"), "aligned_pairs") == default
