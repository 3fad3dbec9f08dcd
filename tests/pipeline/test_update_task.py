"""UpdateCorpus without a build: its unit and the record of each date."""

from __future__ import annotations

import datetime

from core import storage
from core.stage import StageResult
from pipeline.build_task import BuildCorpus
from pipeline.crawl_task import CrawlBook
from pipeline.update_task import UpdateCorpus
from tests.helpers import params, write_config


def test_an_update_unit_is_its_date(demo):
    assert UpdateCorpus(**demo, date=datetime.date(2026, 12, 1)).unit == "2026-12-01"


def test_an_update_makes_its_stage_list_once(demo, monkeypatch):
    """``complete``, ``record`` and ``run`` each made the whole stage list again (and read the adopted books)."""
    made: list[str] = []
    stages = BuildCorpus.stages
    monkeypatch.setattr(
        BuildCorpus, "stages", lambda self, **kw: made.append(kw["refresh"]) or stages(self, **kw)
    )
    update = UpdateCorpus(**demo, date=datetime.date(2026, 12, 6), since=1.0)
    storage.write_json(update.record(), update.output_paths()[0])
    assert update.complete() and update.record()["crawls"] == {"city-star-zh": None, "city-star-en": None}
    assert made == ["2026-12-06"]


def _crawled(config, lang: str, new: int, started: float, removed: int = 0) -> None:
    """A crawl of one side of city-star that found ``new`` chapters (and ``removed`` ones no longer listed),
    started at ``started``."""
    stats = {"new_chapters": new, "removed_chapters": removed}
    CrawlBook(**params(config), book_id="city-star", lang=lang).write_stage(
        "raw_chapters", StageResult([], [], stats), started=started, failed=0
    )


def test_an_update_killed_while_building_records_its_crawls_new_chapters_when_run_again(tmp_path):
    """The record was written at the end alone: rerun, the update crawled again, found nothing new (the killed
    run had journaled it) and recorded no new chapter for the date."""
    config = write_config(tmp_path, books=["city-star"])
    day = datetime.date(2026, 12, 6)
    _crawled(config, "zh", 2, 100.0)
    _crawled(config, "en", 1, 100.0)
    run = UpdateCorpus(**params(config), date=day, since=99.0).run()
    next(run)  # the crawls, done
    next(run)  # the first stage of the build: killed there
    _crawled(config, "zh", 0, 300.0)  # the crawls of the update run again
    _crawled(config, "en", 0, 300.0)
    again = UpdateCorpus(**params(config), date=day, since=299.0)
    assert not again.complete() and not UpdateCorpus(**params(config), date=day).complete()
    assert again.record()["new_chapters"] == {"city-star-zh": 2, "city-star-en": 1}


def test_a_second_update_of_the_day_records_the_new_chapters_of_its_crawls_beside_the_firsts(tmp_path):
    """The day's record was written once: a second update the same day ran nothing for it, and the chapters
    its crawls fetched were in no date's record."""
    config = write_config(tmp_path, books=["city-star"])
    day = datetime.date(2026, 12, 6)

    _crawled(config, "zh", 2, 100.0)
    _crawled(config, "en", 1, 100.0)
    first = UpdateCorpus(**params(config), date=day, since=99.0)
    assert not first.complete()
    storage.write_json(first.record(), first.output_paths()[0])
    assert first.complete()
    _crawled(config, "en", 3, 200.0)  # the second update's crawl of one side
    second = UpdateCorpus(**params(config), date=day, since=199.0)
    assert not second.complete()
    assert second.record()["new_chapters"] == {"city-star-zh": 2, "city-star-en": 4}
    assert UpdateCorpus(**params(config), date=day).complete()  # RangeDaily: a day done stays done


def test_an_update_records_the_chapters_its_crawls_found_removed_from_the_tables_of_contents(tmp_path):
    """The crawl named them once, in rejections the next crawl rewrites: the date's record named none."""
    config = write_config(tmp_path, books=["city-star"])
    day = datetime.date(2026, 12, 6)
    _crawled(config, "zh", 1, 100.0, removed=2)
    _crawled(config, "en", 0, 100.0)
    first = UpdateCorpus(**params(config), date=day, since=99.0)
    storage.write_json(first.record(), first.output_paths()[0])
    _crawled(config, "zh", 0, 200.0, removed=1)  # a second update the same day
    record = UpdateCorpus(**params(config), date=day, since=199.0).record()
    assert (record["new_chapters"], record["removed_chapters"]) == (
        {"city-star-zh": 1, "city-star-en": 0},
        {"city-star-zh": 3, "city-star-en": 0},
    )
