"""The one stage order that the CLI builds stage by stage and BuildCorpus / UpdateCorpus yield."""

from __future__ import annotations

import datetime
from itertools import islice

from pipeline.build_task import BuildCorpus
from pipeline.update_task import UpdateCorpus
from tests.helpers import params, write_config


def _names(stages) -> list[list[str]]:
    return [
        [f"{t.task_family}:{getattr(t, 'book_id', '')}{getattr(t, 'lang', '')}" for t in s] for s in stages
    ]


def test_stages_in_order_each_stopping_where_asked(tmp_path):
    build = BuildCorpus(**params(write_config(tmp_path, books=["city-star", "sword-sect"])))
    assert _names(build.stages()) == [
        ["CleanBook:city-star", "CleanBook:sword-sect"],
        ["DedupCorpus:"],
        ["MineBook:city-star", "MineBook:sword-sect"],
        ["BuildCorpus:"],
    ]
    assert _names(build.stages("crawl")) == [
        ["CrawlBook:city-starzh", "CrawlBook:city-staren", "CrawlBook:sword-sectzh", "CrawlBook:sword-secten"]
    ]
    assert _names(build.stages("dedup"))[-1] == ["DedupCorpus:"]
    assert _names(build.stages("align"))[-1] == ["AlignBook:city-star", "AlignBook:sword-sect"]


def test_update_yields_the_refreshed_crawls_then_the_build(tmp_path):
    config = write_config(tmp_path, books=["city-star"])
    update = UpdateCorpus(**params(config), date=datetime.date(2026, 11, 30), since=1.5)
    refreshed = BuildCorpus(**params(config)).stages(refresh="2026-11-30", since=1.5)
    assert [(t.refresh, t.since) for t in refreshed[0]] == [("2026-11-30", 1.5), ("2026-11-30", 1.5)]
    assert list(islice(update.run(), len(refreshed))) == refreshed  # what it writes waits for them to run
