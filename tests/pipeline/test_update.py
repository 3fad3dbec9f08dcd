"""`python -m pipeline update`: new chapters on a site are fetched, and only their book is rebuilt."""

from __future__ import annotations

import datetime
import re
import shutil
import sys
import time
from pathlib import Path

import luigi
import pytest
from luigi.tools.range import RangeDaily

import crawlers.stage
from core import storage
from crawlers.demo.render import render_site
from crawlers.demo.source import SOURCE_DIR
from crawlers.journal import read_journal
from pipeline.book_stages import FilterBook
from pipeline import cli
from pipeline.cli import main
from pipeline.update_task import UpdateCorpus
from tests.crawlers.local_books import invented_chapter
from tests.helpers import (
    demo_build,
    local_book,
    local_config,
    output_of,
    params,
    run_cli,
    table_snapshot,
    target,
    write_config,
)

pytestmark = pytest.mark.slow
BOOKS = ["sword-sect", "star-system"]
GROWING, NEW, LATER = "star-system", "ch08.txt", "ch09.txt"
DONE = re.compile(r"^\s+done\s+(\w+)\s+(\S+)", re.MULTILINE)


def _site_config(root: Path, source: Path) -> Path:
    render_site(root / "site", source)
    return write_config(
        root,
        books=BOOKS,
        moxiang={"serve": str(root / "site" / "zh")},
        moonlit={"serve": str(root / "site" / "en")},
    )


def _ran(stderr: str) -> set[tuple[str, str]]:
    return set(DONE.findall(stderr))


def _run(*args: str) -> str:
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    return result.stderr


def test_update_fetches_new_chapters_only_and_rebuilds_only_their_book(
    tmp_path, tmp_path_factory, monkeypatch
):
    source = tmp_path / "source"
    shutil.copytree(SOURCE_DIR, source)
    held_back = tmp_path / "held-back"
    held_back.mkdir()
    for name in (NEW, LATER):
        shutil.move(source / GROWING / name, held_back / name)
    config = _site_config(tmp_path / "site-v1", source)
    _run("corpus", *target(config))
    out = output_of(config)
    before = {
        lang: set(read_journal(out / "crawl" / lang / f"{GROWING}.jsonl").chapters) for lang in ("zh", "en")
    }

    shutil.move(held_back / NEW, source / GROWING / NEW)  # the author publishes, the translator translates
    render_site(tmp_path / "site-v1" / "site", source)
    ran = _ran(_run("update", *target(config), "--date", "2026-11-28"))

    for lang in ("zh", "en"):
        fetched = set(read_journal(out / "crawl" / lang / f"{GROWING}.jsonl").chapters) - before[lang]
        assert len(fetched) == 1, lang
        assert storage.read_json(out / "stats" / "crawl" / f"{GROWING}-{lang}.json")["new_chapters"] == 1
        assert storage.read_json(out / "stats" / "crawl" / f"sword-sect-{lang}.json")["new_chapters"] == 0
    crawls = {("CrawlBook", f"{book}/{lang}") for book in BOOKS for lang in ("zh", "en")}
    assert ran == crawls | {
        ("CleanBook", GROWING),
        ("DedupCorpus", "corpus"),
        ("FilterBook", GROWING),
        ("AlignBook", GROWING),
        ("MineBook", GROWING),
        ("BuildCorpus", "corpus"),
        ("UpdateCorpus", "corpus"),
    }

    ran_again = _ran(_run("update", *target(config), "--date", "2026-11-29"))
    # nothing new: no book runs again; the corpus summary does, with these crawls' counts (it kept the last ones)
    assert ran_again == crawls | {("BuildCorpus", "corpus"), ("UpdateCorpus", "corpus")}
    for book in BOOKS:
        for lang in ("zh", "en"):
            assert storage.read_json(out / "stats" / "crawl" / f"{book}-{lang}.json")["new_chapters"] == 0
    assert storage.read_json(out / "stats" / "corpus" / "summary.json")["crawl"]["new_chapters"] == 0

    # The scheduled form (the documented cron line): RangeDaily runs the days that were missed, only those,
    # and fetches each table of contents once for all of them (it did once per day, and more); the chapter
    # published meanwhile counts as new on one day's record only (each day's counted it)
    shutil.move(held_back / LATER, source / GROWING / LATER)
    render_site(tmp_path / "site-v1" / "site", source)
    crawled = []
    crawl_side = crawlers.stage.crawl_side
    monkeypatch.setattr(
        crawlers.stage,
        "crawl_side",
        lambda inputs, *args: crawled.append(inputs.lang) or crawl_side(inputs, *args),
    )
    window = RangeDaily(
        of=UpdateCorpus,
        of_params=params(config),
        param_name="date",
        start=datetime.date(2026, 11, 25),
        stop=datetime.date(2026, 11, 30),
    )
    result = luigi.build([window], local_scheduler=True, log_level="WARNING", detailed_summary=True)
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    assert sorted(p.stem for p in (out / "stats" / "update").glob("*.json")) == [
        "2026-11-25",
        "2026-11-26",
        "2026-11-27",
        "2026-11-28",
        "2026-11-29",
    ]
    assert sorted(crawled) == ["en", "en", "zh", "zh"]
    monkeypatch.undo()
    caught_up = [storage.read_json(out / "stats" / "update" / f"2026-11-2{day}.json") for day in (5, 6, 7)]
    assert sorted(sum(record["new_chapters"].values()) for record in caught_up) == [0, 0, 2]
    # the demo site is what the sources, now whole again, render (tests/crawlers/demo/test_render.py)
    assert table_snapshot(out) == table_snapshot(demo_build(tmp_path_factory, BOOKS))

    # The translator edits a published chapter: --recheck refetches known chapters and finds it by content hash.
    chapter = source / "sword-sect" / "ch02.txt"
    chapter.write_text(
        chapter.read_text(encoding="utf-8").replace("en: ", "en: Indeed, ", 1), encoding="utf-8"
    )
    render_site(tmp_path / "site-v1" / "site", source)
    ran = _ran(_run("update", *target(config), "--date", "2026-11-30", "--recheck"))
    assert storage.read_json(out / "stats" / "crawl" / "sword-sect-en.json")["edited_chapters"] == 1
    assert storage.read_json(out / "stats" / "crawl" / "sword-sect-zh.json")["edited_chapters"] == 0
    assert ran == crawls | {
        ("CleanBook", "sword-sect"),
        ("DedupCorpus", "corpus"),
        ("FilterBook", "sword-sect"),
        ("AlignBook", "sword-sect"),
        ("MineBook", "sword-sect"),
        ("BuildCorpus", "corpus"),
        ("UpdateCorpus", "corpus"),
    }


def test_an_update_stopped_after_its_crawls_records_their_new_chapters_when_run_again(
    tmp_path, monkeypatch, capsys
):
    """The date's record was written at the update's end alone: run again, its crawls found nothing new (the
    stopped run had journaled it), and the record named no new chapter."""
    monkeypatch.setattr(cli, "started", time.time)  # each command starts now, not as this process did
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    assert main(["corpus", *target(config)]) == 0
    zh, _ = invented_chapter(9)
    with open(tmp_path / "bk.txt", "a", encoding="utf-8") as handle:
        handle.write("第五章 第5天\n" + "\n".join(zh) + "\n")
    with monkeypatch.context() as patch:
        patch.setattr(FilterBook, "run", lambda self: sys.exit("stopped"))
        assert main(["update", *target(config), "--date", "2026-12-06"]) == 1
    assert main(["update", *target(config), "--date", "2026-12-06"]) == 0
    record = storage.read_json(output_of(config) / "stats" / "update" / "2026-12-06.json")
    assert record["new_chapters"] == {"bk-en": 0, "bk-zh": 1}
    capsys.readouterr()
