"""A side of a book whose table of contents gives no chapter fails the build with one line per book, and a killed
crawl's chapters still count as fetched for the first time."""

from __future__ import annotations

import shutil
from pathlib import Path

import luigi
import pytest
import yaml

from core import storage
from core.layout import Layout
from pipeline.crawl_task import CrawlBook
from tests.crawlers.faultsite import page, serve_faults
from tests.helpers import output_of, params, run_cli, target, write_config

pytestmark = pytest.mark.slow
SELECTORS = {"chapter_links": "ul.toc a", "title": "h1", "body": "div.text p"}


def _config(tmp_path: Path, zh_url: str, en_url: str) -> Path:
    sites = {
        name: {"lang": lang, "url": url, "delay": 0, "selectors": SELECTORS}
        for name, lang, url in (("zh-site", "zh", zh_url), ("en-site", "en", en_url))
    }
    book = {"id": "bk", "zh": {"site": "zh-site", "toc": "book/"}, "en": {"site": "en-site", "toc": "novel/"}}
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump({"sites": sites, "books": [book]}), encoding="utf-8")
    return path


def test_an_empty_or_unfetchable_table_of_contents_fails_the_build_with_one_line_each(tmp_path):
    with serve_faults() as zh, serve_faults() as en:
        zh.routes["/book/"] = page(
            b'<ul class="chapters"><li><a href="1.html">1</a></li></ul>'
        )  # selector misses
        config = _config(tmp_path, zh.url, en.url)  # en: /novel/ is a 404
        result = run_cli("corpus", "--until", "crawl", *target(config))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    fails = [line for line in result.stderr.splitlines() if line.startswith("FAILED")]
    assert fails == [
        f"FAILED bk: CrawlBook: bk/en: toc_failed: table of contents {en.url}novel/ (chapter_links 'ul.toc a'): "
        "http_404 (Ignoring non-200 response); "
        f"CrawlBook: bk/zh: toc_empty: table of contents {zh.url}book/ (chapter_links 'ul.toc a'): no chapter link "
        "on its pages",
    ]
    layout = Layout(output_of(config))
    rejected = {
        lang: storage.read_rows(layout.rejected("crawl", f"bk-{lang}"), "rejected") for lang in ("zh", "en")
    }
    assert [(r["item_id"], r["reason"]) for r in rejected["zh"] + rejected["en"]] == [
        ("bk/zh", "toc_empty"),
        ("bk/en", "toc_failed"),
    ]
    assert not list(layout.root.rglob("*.tmp"))  # the crawls' temporary folders are gone


def test_chapters_journaled_by_a_killed_crawl_count_as_fetched_for_the_first_time(tmp_path):
    config = write_config(tmp_path, books=["city-star"])
    task = CrawlBook(**params(config), book_id="city-star", lang="en")
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    stats = Layout(output_of(config)).stats("crawl", "city-star-en")
    first = storage.read_json(stats)
    assert first["new_chapters"] == first["chapters"] > 0
    # as if killed after journaling every chapter, before writing the raw shard: the journal stays
    raw = Layout(output_of(config)).raw("en", "city-star")
    raw.unlink()
    shutil.rmtree(output_of(config) / "_manifests")
    assert luigi.build(
        [CrawlBook(**params(config), book_id="city-star", lang="en")],
        local_scheduler=True,
        log_level="WARNING",
    )
    again = storage.read_json(stats)
    assert again["new_chapters"] == first["chapters"]
    assert again["requests"] == first["requests"] - first["chapters"]  # no chapter was fetched again
