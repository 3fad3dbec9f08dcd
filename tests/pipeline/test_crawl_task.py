"""CrawlBook without a build of the corpus: its reasons to run again, its fingerprint of the source, its unit."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import luigi.scheduler
import luigi.worker
import pytest

from core import storage
from core.layout import Layout
from core.stage import StageResult
from crawlers.limits import Caps
from pipeline.crawl_task import CrawlBook
from pipeline.progress import crawl_line
from tests.pipeline.edited_config import edit_config
from tests.helpers import local_book, local_config, output_of, params, write_config


def test_a_crawl_unit_is_its_book_and_side_and_it_holds_its_site(demo):
    crawl = CrawlBook(**demo, book_id="city-star", lang="en")
    assert (crawl.unit, crawl.resources) == (
        "city-star-en",
        {"site_moonlit": 1},
    )  # one crawl per site at a time


def test_a_crawl_reruns_for_failed_chapters_in_a_new_run_and_for_a_new_refresh_token(demo):
    crawl = CrawlBook(**demo, book_id="city-star", lang="zh", run_id="run-2", refresh="2026-12-01")
    assert crawl.due_reasons({"failed": 2, "run_id": "run-1", "refresh": "2026-11-30"}) == [
        "failed chapters to retry",
        "refresh 2026-12-01",
    ]
    assert (
        crawl.due_reasons({"failed": 2, "run_id": "run-2", "refresh": "2026-12-01"}) == []
    )  # this run already tried
    assert crawl.due_reasons({"failed": 0, "run_id": "run-1", "refresh": "2026-12-01"}) == []
    assert crawl.rerun_reasons(None, {}) == ["not built", "refresh 2026-12-01"]


def test_a_crawl_started_since_an_update_began_is_that_updates_refresh_whatever_its_date(demo):
    """Two updates of different dates through one luigid share each crawl's task id (they write the same
    files); the second waited for the first's crawl, found its own date not recorded, and crawled again
    (72 s for both on the demo, where one takes 13 s). A crawl started since it began is its refresh."""
    import time

    since = time.time()
    first = CrawlBook(
        **demo, book_id="city-star", lang="zh", run_id="run-1", refresh="2026-12-01", since=since
    )
    assert luigi.build([first], local_scheduler=True, log_level="WARNING")
    second = CrawlBook(
        **demo, book_id="city-star", lang="zh", run_id="run-2", refresh="2026-12-02", since=since
    )
    assert (second.task_id, second.why_stale()) == (first.task_id, None)
    later = CrawlBook(**second.param_kwargs | {"since": time.time()})
    assert later.why_stale() == "refresh 2026-12-02"


def test_a_crawl_whose_last_raw_table_is_damaged_rebuilds_it_from_the_journal(tmp_path):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    task = CrawlBook(**params(config), book_id="bk", lang="zh")
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    raw = Layout(output_of(config)).raw("zh", "bk")
    rows = storage.read_rows(raw, "raw_chapters")
    raw.write_bytes(b"garbage")
    again = CrawlBook(**params(config), book_id="bk", lang="zh", run_id="r2")
    assert luigi.build([again], local_scheduler=True, log_level="WARNING")
    assert [r["content_hash"] for r in storage.read_rows(raw, "raw_chapters")] == [
        r["content_hash"] for r in rows
    ]


@pytest.mark.parametrize("lost", ["emptied", "removed"])
def test_a_journal_that_lost_its_chapters_takes_them_back_from_the_raw_table_not_the_site(demo, lost):
    """The next update fetched every chapter page again (27 of city-star/zh) without a word."""
    first = CrawlBook(**demo, book_id="city-star", lang="en")
    assert luigi.build([first], local_scheduler=True, log_level="WARNING")
    layout = Layout(Path(demo["output_dir"]))
    rows = storage.read_rows(layout.raw("en", "city-star"), "raw_chapters")
    journal = layout.crawl_journal("en", "city-star")
    journal.write_bytes(b"") if lost == "emptied" else journal.unlink()
    again = CrawlBook(**demo, book_id="city-star", lang="en", run_id="r2", refresh="2026-12-07")
    assert luigi.build([again], local_scheduler=True, log_level="WARNING")
    stats = json.loads(layout.stats("crawl", "city-star-en").read_text(encoding="utf-8"))
    # robots.txt and the table of contents alone, as an update of an intact journal fetches
    assert (stats["responses"], stats["restored_chapters"], stats["new_chapters"]) == (3, len(rows), 0)
    assert storage.read_rows(layout.raw("en", "city-star"), "raw_chapters") == rows  # fetch times kept
    assert crawl_line(again) == (
        "  crawl city-star/en: 3 pages fetched, 0 failed; its journal held no chapter: "
        f"{len(rows)} restored from its raw table, not fetched again"
    )


@pytest.mark.slow
def test_a_journal_record_edited_by_hand_is_warned_of_in_the_progress_log_and_the_summary(demo):
    """The crawl process's warning went to its stderr, which nobody saw: the rerun said nothing of it."""
    from pipeline.summary import corpus_summary, format_summary

    first = CrawlBook(**demo, book_id="city-star", lang="en")
    assert luigi.build([first], local_scheduler=True, log_level="WARNING")
    layout = Layout(Path(demo["output_dir"]))
    journal = layout.crawl_journal("en", "city-star")
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(lines[1])
    lines[1] = json.dumps(record | {"paragraphs": ["Edited."]}, ensure_ascii=False) + "\n"
    journal.write_text("".join(lines), encoding="utf-8")
    again = CrawlBook(**demo, book_id="city-star", lang="en", run_id="r2", refresh="2026-12-07")
    assert luigi.build([again], local_scheduler=True, log_level="WARNING")
    warning = (
        f"warning: {journal}: the record of {record['url']} was edited since it was written: skipped,"
        " fetched again"
    )
    # robots.txt, the table of contents and the edited chapter's page
    assert crawl_line(again) == f"  crawl city-star/en: 4 pages fetched, 0 failed\n  {warning}"
    summary = corpus_summary(layout, ["city-star"])
    assert summary["crawl"]["journal_warnings"] == [warning]
    assert f"  {warning}" in format_summary(summary).splitlines()


def test_a_book_file_whose_name_the_system_refuses_is_a_named_rejection_not_a_crashed_task(tmp_path):
    long_name = "a" * 300 + ".txt"  # past a file system's 255 bytes: stat and open fail, not only a read
    config = local_config(tmp_path, {"bk": (long_name, local_book(tmp_path, "bk")[1])})
    task = CrawlBook(**params(config), book_id="bk", lang="zh")
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    rows = storage.read_rows(Layout(output_of(config)).rejected("crawl", "bk-zh"), "rejected")
    assert [(r["item_id"], r["reason"], r["detail"]) for r in rows] == [
        ("bk/zh", "file_unreadable", f"{(tmp_path / long_name).as_uri()}: File name too long")
    ]


def test_a_crawl_whose_toc_or_site_profile_was_edited_is_stale_but_not_for_a_slower_pace(tmp_path):
    """A book's ``toc`` pointed at another book, then corrected: ``corpus`` ran nothing and kept the chapters
    of the first ``toc`` (a crawl's fingerprint held only its code); the pace of a crawl changes no chapter."""
    config = write_config(tmp_path, books=["city-star"])
    CrawlBook(**params(config), book_id="city-star", lang="en").write_stage(
        "raw_chapters", StageResult([], [], {}), refresh="", failed=0
    )
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() is None
    edit_config(config, lambda raw: raw["sites"]["moonlit"].update(delay=5, concurrency=1))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() is None
    edit_config(config, lambda raw: raw["books"][0]["en"].update(toc="novel/star-system/"))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() == "config changed"
    assert CrawlBook(**params(config), book_id="city-star", lang="zh").why_stale() == "not built"
    edit_config(config, lambda raw: raw["books"][0]["en"].update(toc="novel/city-star/"))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() is None
    edit_config(config, lambda raw: raw["sites"]["moonlit"]["selectors"].update(body="div.entry p"))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() == "config changed"


def test_a_book_file_past_the_cap_is_fingerprinted_by_its_size_not_read(tmp_path):
    """Its SHA-256 was taken at every build before the crawl refused it by its size alone (a sparse 50 GB
    file: over a minute); a file within the cap is still known by its content."""
    config = local_config(tmp_path, {"bk": ("huge.txt", local_book(tmp_path, "bk")[1])})
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(Caps().book_bytes + 1)  # sparse: no disk space
    task = CrawlBook(**params(config), book_id="bk", lang="zh")
    info = huge.stat()
    assert task.current_inputs()["source"] == (
        f"past the cap: {Caps().book_bytes + 1} bytes, modified {info.st_mtime_ns}"
    )
    huge.write_bytes(b"\xe7\xac\xac")
    assert task.current_inputs()["source"] == hashlib.sha256(b"\xe7\xac\xac").hexdigest()
