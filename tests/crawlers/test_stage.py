import time
from dataclasses import replace
from pathlib import Path

import pytest

from core.stage import StageResult
from core.storage import DamagedFile
from crawlers import stage
from crawlers.profile import Site
from crawlers.raw import content_hash
from crawlers.stage import CrawlInputs, crawl_side, due_reasons, side_failure, source_file
from tests.crawlers.fault_crawl import UTF8, chapter_page, profile, publish
from tests.crawlers.faultsite import FaultSite, page, serve_faults
from tests.crawlers.local_books import write_epub, xhtml

EPUB_SITE = Site(name="shelf", lang="en", url="file:///", serve=None, selectors=None, kind="epub")  # type: ignore[arg-type]


def _inputs(tmp_path: Path, book: Path, previous: dict[str, str] | None = None) -> CrawlInputs:
    return CrawlInputs(
        "lamp", "en", EPUB_SITE, book.name, tmp_path / "journal" / "lamp.jsonl", previous or {}, book
    )


def _epub(tmp_path: Path, second: str = "It was red.") -> Path:
    return write_epub(
        tmp_path / "lamp.epub",
        [
            ("c1.xhtml", xhtml("Chapter 1: The Lamp", ["Mira lit the lamp."])),
            ("c2.xhtml", xhtml("Chapter 2: The Boat", ["Mira found a boat.", second])),
        ],
    )


def test_a_local_side_becomes_raw_rows_and_counts_new_and_edited_chapters(tmp_path):
    book = _epub(tmp_path)
    first = crawl_side(_inputs(tmp_path, book))
    assert [(r["raw_id"], r["title"], r["text"]) for r in first.rows] == [
        ("lamp/en/00000", "Chapter 1: The Lamp", "Mira lit the lamp."),
        ("lamp/en/00001", "Chapter 2: The Boat", "Mira found a boat.\nIt was red."),
    ]
    assert first.rejections == []
    assert (first.stats["chapters"], first.stats["new_chapters"], first.stats["edited_chapters"]) == (2, 2, 0)
    previous = {r["url"]: r["content_hash"] for r in first.rows}
    again = crawl_side(_inputs(tmp_path, _epub(tmp_path, "It was blue."), previous))
    assert (again.stats["new_chapters"], again.stats["edited_chapters"], again.stats["failed"]) == (0, 1, 0)
    assert again.rows[1]["content_hash"] == content_hash(
        "Chapter 2: The Boat", "Mira found a boat.\nIt was blue."
    )


def test_text_before_a_books_first_heading_is_a_named_rejection_but_no_failure_to_retry(tmp_path):
    """It was dropped without a word; as a failure, every build would read the unchanged file again."""
    site = Site(name="txt", lang="zh", url="file:///", serve=None, selectors=None, kind="text")  # type: ignore[arg-type]
    book = tmp_path / "lamp.txt"
    book.write_text("灯\n第一章 灯\n米拉点了灯。\n", encoding="utf-8")
    inputs = CrawlInputs("lamp", "zh", site, book.name, tmp_path / "journal" / "lamp.jsonl", {}, book)
    result = crawl_side(inputs)
    assert [r["raw_id"] for r in result.rows] == ["lamp/zh/00000"]
    assert [(r["stage"], r["item_id"], r["reason"]) for r in result.rejections] == [
        ("crawl", "lamp/zh/front_matter", "front_matter")
    ]
    assert result.rejections[0]["detail"].startswith("1 line (1 characters) before the first chapter heading")
    assert (result.stats["failed"], side_failure(result, "lamp", "zh")) == (0, None)


def test_a_missing_file_rejects_the_whole_side_by_name(tmp_path):
    result = crawl_side(_inputs(tmp_path, tmp_path / "gone.epub"))
    assert result.rows == []
    assert [(r["item_id"], r["reason"]) for r in result.rejections] == [("lamp/en", "file_not_found")]
    assert side_failure(result, "lamp", "en") == (
        f"lamp/en: file_not_found: {(tmp_path / 'gone.epub').resolve().as_uri()}: no such file"
    )


def test_a_folder_in_place_of_the_journal_is_no_rejection_of_the_book_but_the_tasks_error(tmp_path):
    inputs = _inputs(tmp_path, _epub(tmp_path))
    inputs.journal.mkdir(parents=True)
    with pytest.raises(IsADirectoryError) as err:
        crawl_side(inputs)
    assert err.value.filename == str(inputs.journal)


def test_a_named_pipe_in_place_of_the_journal_is_the_tasks_error_not_a_wait_for_ever(tmp_path):
    import os

    inputs = _inputs(tmp_path, _epub(tmp_path))
    inputs.journal.parent.mkdir(parents=True)
    os.mkfifo(inputs.journal)
    with pytest.raises(DamagedFile) as err:
        crawl_side(inputs)
    assert err.value.path == inputs.journal


def test_a_crash_of_the_reader_keeps_the_chapters_read_before(tmp_path, monkeypatch):
    """A crawl that crashed (one that could not start: a full disk, a missing executable) wrote the side's
    raw table with no chapter, and every stage after it rebuilt the book empty."""
    inputs = _inputs(tmp_path, _epub(tmp_path))
    first = crawl_side(inputs)

    def crash(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "python")

    monkeypatch.setattr(stage, "read_local", crash)
    again = crawl_side(
        _inputs(tmp_path, inputs.local_file, {r["url"]: r["content_hash"] for r in first.rows})
    )
    assert again.rows == first.rows
    assert [(r["item_id"], r["reason"]) for r in again.rejections] == [("lamp/en", "read_error")]
    assert (again.stats["chapters"], again.stats["new_chapters"], again.stats["failed"]) == (2, 0, 1)


def test_a_crash_of_the_reader_is_a_read_error_of_the_side(tmp_path, monkeypatch):
    def crash(*args, **kwargs):
        raise OSError("disk on fire")

    monkeypatch.setattr(stage, "read_local", crash)
    result = crawl_side(_inputs(tmp_path, tmp_path / "lamp.epub"))
    assert result.rejections == [
        {
            "stage": "crawl",
            "item_id": "lamp/en",
            "book_id": "lamp",
            "lang": "en",
            "reason": "read_error",
            "detail": f"{tmp_path / 'lamp.epub'}: OSError: disk on fire",
        }
    ]
    assert result.stats == {
        "chapters": 0,
        "new_chapters": 0,
        "edited_chapters": 0,
        "failed": 1,
        "site": "shelf",
        "journal_edited": 0,
    }


def test_a_failed_chapter_is_no_side_failure():
    chapter = {
        "stage": "crawl",
        "item_id": "lamp/en/00003",
        "book_id": "lamp",
        "lang": "en",
        "reason": "fetch_failed",
        "detail": "u: timeout",
    }
    assert side_failure(StageResult([], [chapter], {}), "lamp", "en") is None


@pytest.mark.parametrize(
    ("last", "run_id", "refresh", "reasons"),
    [
        ({}, "r1", "", []),
        ({"failed": 2, "run_id": "r1"}, "r1", "", []),  # failed in this very run: not retried again by it
        ({"failed": 2, "run_id": "r0"}, "r1", "", ["failed chapters to retry"]),
        ({"failed": 0, "run_id": "r0", "refresh": "2026-11-27"}, "r1", "2026-11-28", ["refresh 2026-11-28"]),
        ({"failed": 0, "run_id": "r0", "refresh": "2026-11-28"}, "r1", "2026-11-28", []),
    ],
)
def test_due_reasons(last, run_id, refresh, reasons):
    assert due_reasons(last, run_id, refresh) == reasons


def test_a_crawl_started_since_the_update_began_is_its_refresh_whatever_its_token():
    last = {"failed": 0, "run_id": "r0", "refresh": "2026-12-01", "started": 100.0}
    assert due_reasons(last, "r1", "2026-12-02", since=100.0) == []
    assert due_reasons(last, "r1", "2026-12-02", since=100.5) == ["refresh 2026-12-02"]
    assert due_reasons({"refresh": "2026-12-01"}, "r1", "2026-12-02", since=0.0) == ["refresh 2026-12-02"]


def test_a_crawl_dated_after_now_is_no_refresh_the_clock_was_set_back():
    """An update started before a crawl's recorded start by the clock set back took it for its own refresh
    and fetched no table of contents, until the clock reached that start."""
    last = {"failed": 0, "run_id": "r0", "refresh": "2026-12-01", "started": time.time() + 3600}
    assert due_reasons(last, "r1", "2026-12-02", since=time.time()) == ["refresh 2026-12-02"]


def test_an_update_refetches_a_table_of_contents_crawled_before_it_began_for_its_own_date():
    """A second ``update`` the same day (the cron line's in the morning, one by hand later) found every crawl
    done for its date and fetched no table of contents: a chapter posted meanwhile was not fetched."""
    last = {"failed": 0, "run_id": "r0", "refresh": "2026-12-02", "started": 100.0}
    assert due_reasons(last, "r1", "2026-12-02", since=100.5) == ["refresh 2026-12-02"]
    assert due_reasons(last, "r1", "2026-12-02", since=100.0) == []


def test_source_file_is_the_toc_beside_the_config_for_a_local_site_only(tmp_path):
    web = Site(name="w", lang="en", url="http://x.test/", serve=None, selectors=None)  # type: ignore[arg-type]
    assert source_file(EPUB_SITE, "books/lamp.epub", tmp_path) == tmp_path / "books" / "lamp.epub"
    assert source_file(web, "toc.html", tmp_path) is None


@pytest.mark.slow
@pytest.mark.parametrize(("room", "named"), [(6000, "j.jsonl"), (100, "job.json")], ids=["journal", "job"])
def test_a_crawl_on_a_full_disk_fails_naming_the_file_and_the_rerun_fetches_what_it_left(
    demo_config, room, named
):
    """A web crawl whose journal the disk had no room for recorded each chapter left as a failed fetch
    (``fetch_failed``, "not fetched"), and one that could not write its job file rejected the side
    (``read_error``): rejections of the book's, not a storage error naming the file."""
    import errno

    from crawlers.journal import read_journal
    from pipeline.config import load_config
    from tests.helpers import file_size_limit

    config = load_config(demo_config)
    book = config.books[0]
    source = book.sources["zh"]
    inputs = CrawlInputs(
        book.book_id, "zh", config.sites[source.site], source.toc, demo_config.parent / "j.jsonl", {}
    )
    with file_size_limit(room), pytest.raises(OSError) as err:
        crawl_side(inputs)
    assert (err.value.errno, Path(err.value.filename).name) == (errno.EFBIG, named)
    rerun = crawl_side(inputs)  # every chapter of the table of contents, none rejected
    assert (len(rerun.rows), rerun.rejections) == (len(read_journal(inputs.journal).toc), [])
    assert len(rerun.rows) > 1


@pytest.mark.slow
def test_a_chapter_edited_in_the_journal_by_hand_is_fetched_again(demo_config):
    """Each crawl rebuilds the raw chapters from the journal, whose lines were only checked for their shape:
    a chapter's text edited there was kept as the site's."""
    import json

    from crawlers.journal import read_journal
    from pipeline.config import load_config

    config = load_config(demo_config)
    source = config.books[0].sources["zh"]
    journal = demo_config.parent / "j.jsonl"
    inputs = CrawlInputs(config.books[0].book_id, "zh", config.sites[source.site], source.toc, journal, {})
    first = crawl_side(inputs)
    url, text = first.rows[1]["url"], first.rows[1]["text"]
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if json.loads(line).get("url") == url)
    record = json.loads(lines[index])
    lines[index] = json.dumps(record | {"paragraphs": ["改。"]}, ensure_ascii=False) + "\n"
    journal.write_text("".join(lines), encoding="utf-8")
    again = crawl_side(inputs)
    assert [(row["url"], row["text"]) for row in again.rows] == [
        (row["url"], row["text"]) for row in first.rows
    ]
    fetched = [json.loads(line).get("url") for line in journal.read_text(encoding="utf-8").splitlines()]
    assert fetched[len(lines) :] == [None, url]  # the table of contents, then the edited chapter alone
    assert read_journal(journal).chapters[url]["paragraphs"] == text.split("\n")
    # the crawl process's warning was not seen: the side's stats say it, for the build's progress and summary
    warning = (
        f"warning: {journal}: the record of {url} was edited since it was written: skipped, fetched again"
    )
    assert (again.stats["journal_edited"], again.stats["journal_warning"]) == (1, warning)
    # the refetched record edited in turn: fetched again, not read from the record before it
    lines = journal.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[-1] = json.dumps(json.loads(lines[-1]) | {"paragraphs": ["改。"]}, ensure_ascii=False) + "\n"
    journal.write_text("".join(lines), encoding="utf-8")
    third = crawl_side(inputs)
    fetched = [json.loads(line).get("url") for line in journal.read_text(encoding="utf-8").splitlines()]
    assert (fetched[len(lines) :], third.stats["journal_warning"]) == ([None, url], warning)
    assert "journal_warning" not in crawl_side(inputs).stats


def _site_side(site: FaultSite, journal: Path, previous: dict[str, str]) -> CrawlInputs:
    return CrawlInputs("lamp", "zh", profile(site), "book/", journal, previous)


def _published(site: FaultSite, chapters: dict[str, int]) -> None:
    """A table of contents at /book/ listing only ``chapters`` (path -> chapter number), in that order."""
    zh = "零一二三四五六七八九"
    site.routes.clear()
    publish(
        site, {path: page(chapter_page(f"第{zh[n]}章", f"灯亮了{n}次。")) for path, n in chapters.items()}
    )


def _recrawl(site: FaultSite, journal: Path, first: StageResult) -> StageResult:
    return crawl_side(_site_side(site, journal, {r["url"]: r["content_hash"] for r in first.rows}))


def test_a_chapter_taken_off_the_table_of_contents_leaves_by_name_not_silently(tmp_path):
    """It was dropped from the raw rows with no word: no rejection, no count, the journal alone still held it."""
    journal = tmp_path / "crawl" / "lamp.jsonl"
    with serve_faults() as site:
        _published(site, {"/c/1": 1, "/c/2": 2, "/c/3": 3})
        first = crawl_side(_site_side(site, journal, {}))
        _published(site, {"/c/1": 1, "/c/3": 3})
        again = _recrawl(site, journal, first)
    assert [r["title"] for r in again.rows] == ["第一章", "第三章"]
    assert [(r["item_id"], r["reason"], r["detail"]) for r in again.rejections] == [
        (
            "lamp/zh/removed/00000",
            "removed_from_toc",
            f"{site.url}c/2 ('第二章'): listed by the last crawl's table of contents, no longer by the site's; "
            "its journal record is kept",
        )
    ]
    assert (again.stats["removed_chapters"], again.stats["failed"], again.stats["new_chapters"]) == (1, 0, 0)
    assert side_failure(again, "lamp", "zh") is None


def test_a_chapter_moved_to_another_url_is_fetched_there_and_its_old_url_named_removed(tmp_path):
    journal = tmp_path / "crawl" / "lamp.jsonl"
    with serve_faults() as site:
        _published(site, {"/c/1": 1, "/c/2": 2})
        first = crawl_side(_site_side(site, journal, {}))
        _published(site, {"/c/1": 1, "/moved/2": 2})  # the same text at a new address
        again = _recrawl(site, journal, first)
    assert [(r["title"], r["text"]) for r in again.rows] == [(r["title"], r["text"]) for r in first.rows]
    assert (again.stats["new_chapters"], again.stats["removed_chapters"]) == (1, 1)
    assert [r["reason"] for r in again.rejections] == ["removed_from_toc"]


def test_a_table_of_contents_that_fails_keeps_the_last_crawls_chapters_and_removes_none(tmp_path):
    journal = tmp_path / "crawl" / "lamp.jsonl"
    with serve_faults() as site:
        _published(site, {"/c/1": 1, "/c/2": 2})
        first = crawl_side(_site_side(site, journal, {}))
        site.routes["/book/"] = page(b"gone", status=404)
        again = _recrawl(site, journal, first)
    assert [r["url"] for r in again.rows] == [r["url"] for r in first.rows]
    assert [(r["item_id"], r["reason"]) for r in again.rejections] == [("lamp/zh", "toc_failed")]
    assert again.stats["removed_chapters"] == 0
    assert side_failure(again, "lamp", "zh") == (
        f"lamp/zh: toc_failed: table of contents {site.url}book/ (chapter_links 'ul.toc a'): http_404 "
        "(Ignoring non-200 response); the 2 chapters of the last table of contents read are kept as they were"
    )


def _read_with(site: FaultSite, journal: Path, body: str) -> StageResult:
    selectors = replace(profile(site).selectors, body=body)
    return crawl_side(CrawlInputs("lamp", "zh", profile(site, selectors=selectors), "book/", journal, {}))


def test_a_body_selector_that_picks_nothing_on_any_chapter_page_fails_the_side_by_name(tmp_path):
    """Each chapter was an empty_body rejection and the build ended "Corpus built", exit status 0, 0 pairs."""
    journal = tmp_path / "crawl" / "lamp.jsonl"
    with serve_faults() as site:
        _published(site, {"/c/1": 1, "/c/2": 2})
        wrong = _read_with(site, journal, "div.content p")
        again = _read_with(site, journal, "div.content p")  # the failed chapters retried: the same line
        fixed = _read_with(site, journal, "div.text p")
    assert wrong.rows == []
    assert [(r["item_id"], r["reason"]) for r in wrong.rejections] == [
        ("lamp/zh/00000", "fetch_failed"),
        ("lamp/zh/00001", "fetch_failed"),
        ("lamp/zh", "body_empty"),
    ]
    line = (
        "lamp/zh: body_empty: body 'div.content p' matched nothing on any of the 2 chapters read "
        f"(the first: {site.url}c/1)"
    )
    assert (side_failure(wrong, "lamp", "zh"), side_failure(again, "lamp", "zh")) == (line, line)
    assert [r["text"] for r in fixed.rows] == ["灯亮了1次。", "灯亮了2次。"]
    assert (fixed.rejections, side_failure(fixed, "lamp", "zh")) == ([], None)


def test_a_side_where_some_chapter_pages_have_text_keeps_a_rejection_per_empty_chapter(tmp_path):
    """An empty page among chapters with text (a locked chapter) is that chapter's failure, retried alone by
    the next build, never the side's; nor are the empty pages of new chapters after chapters with text."""
    journal = tmp_path / "crawl" / "lamp.jsonl"
    empty = page(b'<html><body><h1>X</h1><div class="text"></div></body></html>')
    with serve_faults() as site:
        _published(site, {"/c/1": 1, "/c/2": 2})
        site.routes["/c/2"] = empty
        first = _read_with(site, journal, "div.text p")
        retried = _read_with(site, journal, "div.text p")
        _published(site, {"/c/1": 1, "/c/2": 2, "/c/3": 3})
        site.routes["/c/2"] = site.routes["/c/3"] = empty
        update = _read_with(site, journal, "div.text p")
    for result, failed in (
        (first, ["lamp/zh/00001"]),
        (retried, ["lamp/zh/00001"]),
        (update, ["lamp/zh/00001", "lamp/zh/00002"]),
    ):
        assert [r["item_id"] for r in result.rejections] == failed
        assert side_failure(result, "lamp", "zh") is None
    assert site.hits["/c/1"] and len(site.hits["/c/1"]) == 1  # the retries fetched the empty chapter alone


def test_a_body_container_of_br_separated_text_is_read_as_its_paragraphs(tmp_path):
    journal = tmp_path / "crawl" / "lamp.jsonl"
    container = '<html><body><h1>第一章</h1><div class="text">灯亮了。<br><br>门开了。<br><br>请收藏本站</div></body></html>'
    with serve_faults() as site:
        publish(site, {"/c/1": page(container.encode("gbk"))})
        result = _read_with(site, journal, "div.text")
    assert [r["text"] for r in result.rows] == ["灯亮了。\n门开了。\n请收藏本站"]


PLACEHOLDERS = [  # (link, text): a locked chapter's placeholders of no page, between two chapters
    ('href="/c/1"', "第一章"),
    ('href=""', "第二章"),
    ("", "第三章"),  # no href at all
    ('href=" # "', "第四章"),
    ('href="javascript:void(0)"', "第五章"),
    ('href="/c/6"', "第六章"),
]


def test_a_table_of_contents_link_to_no_page_is_a_named_rejection_in_its_place_never_fetched(tmp_path):
    """It was skipped without a record ("#" fetched the table of contents as a chapter), and the chapters
    after it took its number."""
    journal = tmp_path / "crawl" / "lamp.jsonl"
    latest = '<li><a href="javascript:void(0)">第五章</a></li>'  # a block of the latest at the top
    links = "".join(f"<li><a {link}>{text}</a></li>" for link, text in PLACEHOLDERS)
    with serve_faults() as site:
        site.routes.update({"/c/1": page(chapter_page("第一章")), "/c/6": page(chapter_page("第六章"))})
        site.routes["/book/"] = page(f'<ul class="toc">{latest}{links}</ul>'.encode(), headers=UTF8)
        first = crawl_side(_site_side(site, journal, {}))
        again = _recrawl(site, journal, first)
        hits = {path: len(times) for path, times in sorted(site.hits.items())}
    assert hits == {"/book/": 2, "/c/1": 1, "/c/6": 1, "/robots.txt": 2}
    for result in (first, again):
        assert [(r["raw_id"], r["title"]) for r in result.rows] == [
            ("lamp/zh/00000", "第一章"),
            ("lamp/zh/00005", "第六章"),
        ]
        assert [(r["item_id"], r["reason"], r["detail"]) for r in result.rejections] == [
            (
                f"lamp/zh/0000{n}",
                "no_link",
                f"link {n + 1} of the table of contents, '{text}', leads to no page ({href}): not fetched",
            )
            for n, text, href in [
                (1, "第二章", "no href"),
                (2, "第三章", "no href"),
                (3, "第四章", "href '#'"),
                (4, "第五章", "href 'javascript:void(0)'"),
            ]
        ]
        assert (result.stats["failed"], side_failure(result, "lamp", "zh")) == (0, None)
