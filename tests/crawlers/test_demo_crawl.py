"""A real crawl of the bundled demo sites over HTTP on 127.0.0.1, through the Luigi crawl tasks."""

import luigi
import pytest

from core import storage
from core.layout import Layout
from crawlers.demo.render import en_chapters, zh_author_note
from crawlers.demo.source import load_books
from pipeline.config import load_config
from pipeline.crawl_task import CrawlBook
from tests.helpers import output_of, params

pytestmark = pytest.mark.slow


def _crawl(config_path) -> None:
    config = load_config(config_path)
    tasks = [
        CrawlBook(**params(config_path), book_id=b.book_id, lang=lang)
        for b in config.books
        for lang in ("zh", "en")
    ]
    assert luigi.build(tasks, local_scheduler=True, log_level="WARNING")


def test_demo_crawl_gets_every_chapter_and_a_rerun_fetches_no_chapter_page(demo_config):
    _crawl(demo_config)
    layout = Layout(output_of(demo_config))
    for book in load_books():
        zh = storage.read_rows(layout.raw("zh", book.book_id), "raw_chapters")
        en = storage.read_rows(layout.raw("en", book.book_id), "raw_chapters")
        expected_zh = (
            len(book.chapters)
            + len(book.defects.get("duplicate_zh", []))
            + (zh_author_note(book) is not None)
        )
        assert (len(zh), len(en)) == (expected_zh, len(en_chapters(book))), book.book_id
        assert all(r["encoding"] in ("gbk", "gb18030") for r in zh)
        assert all(r["text"] and r["title"] for r in zh + en)
        first = next(ch for ch in book.chapters if ch.number == 1)
        assert zh[0]["title"] == first.title_zh and en[0]["title"] == en_chapters(book)[0][1]
        assert zh[0]["url"].startswith("http://moxiang.demo/book/")
    multi_page = [
        r
        for b in load_books()
        for r in storage.read_rows(layout.raw("zh", b.book_id), "raw_chapters")
        if len(r["page_urls"]) > 1
    ]
    assert multi_page, "the demo has chapters split over two pages"

    # Forget the finished outputs but keep the journal: the rerun reads TOC pages only.
    shard = layout.raw("zh", "city-star")
    before = storage.read_rows(shard, "raw_chapters")
    shard.unlink()
    _crawl(demo_config)
    report = storage.read_json(layout.stats("crawl", "city-star-zh"))
    toc_pages = -(-(len(before)) // 4)
    assert report["requests"] == 1 + toc_pages  # robots.txt and the table of contents, no chapter page
    after = storage.read_rows(shard, "raw_chapters")
    assert [r["content_hash"] for r in after] == [r["content_hash"] for r in before]
