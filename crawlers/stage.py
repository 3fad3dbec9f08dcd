"""The crawl stage: one side (language) of one book -> RAW_CHAPTERS rows, crawl REJECTED rows, the crawl report.

A web side is crawled with Scrapy (``crawlers.web``), a local EPUB or text file is read
(``crawlers.local``); both journal what they fetched, and the rows are rebuilt from the journal, so a
killed crawl resumes where it stopped. This module also holds the crawl's own reasons to run again
(failed chapters, a refresh), which the Luigi task only records.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from core.rejection import Rejection, one_line
from core.stage import StageResult
from core.storage import file_sha256
from crawlers.journal import JournalState, check_journal, edited_warning, read_journal
from crawlers.limits import Caps
from crawlers.local import read_local
from crawlers.profile import Site, page_reader
from crawlers.raw import empty_bodies, raw_rows, toc_rejection, unlinked_chapters
from crawlers.web import crawl


@dataclass(frozen=True)
class CrawlInputs:
    """Where one side of a book is published and what the last completed crawl of it holds."""

    book_id: str
    lang: str
    site: Site
    toc: str  # a web site's table-of-contents URL (relative to ``site.url``), or a local source's file
    journal: Path  # the crawl journal (every chapter fetched so far); its log file lies beside it
    previous: dict[
        str, str
    ]  # url -> content_hash of the last completed crawl: what "new" and "edited" compare with
    local_file: Path | None = None  # set for a local source: the file, resolved


@dataclass(frozen=True)
class CrawlSettings:
    recheck: bool = False  # refetch the chapters already journaled too (to find edited ones)


def source_file(site: Site, toc: str, config_dir: Path) -> Path | None:
    """A local source's file (its ``toc``, relative to the config's folder); None for a web site."""
    return None if site.kind == "web" else config_dir / toc


def source_digest(path: Path, caps: Caps = Caps()) -> str:
    """What a fingerprint records of a local book file: the SHA-256 of its bytes, so that an edit reads the
    book again and a touch does not; "missing" where no file is. A file past the book cap, which the reading
    refuses by its size alone (``book_too_large``), by its size and modification time: hashed, a 50 GB
    sparse file held each build for a minute and more before that refusal. ``OSError`` where it cannot be
    read (no permission)."""
    if not path.is_file():
        return "missing"
    info = path.stat()
    if info.st_size > caps.book_bytes:
        return f"past the cap: {info.st_size} bytes, modified {info.st_mtime_ns}"
    return file_sha256(path)


def source_settings(site: Site, toc: str) -> dict[str, Any]:
    """What decides which chapters a side's crawl reads and how: the site's name (recorded in the raw rows),
    kind, address, selectors, encoding and heading pattern, and the side's ``toc``; not the crawl's pace
    (delay, concurrency, timeouts) nor the cleaning's boilerplate. A task's fingerprint records it, so a
    side whose ``toc`` or site was edited is crawled again by the next build."""
    return {
        "site": site.name,
        "kind": site.kind,
        "url": site.url,
        "allowed_origins": list(site.allowed_origins),
        "selectors": asdict(site.selectors) if site.selectors else None,  # none for a local file
        "encoding": site.encoding,
        "heading": site.heading,
        "toc": toc,
    }


def crawl_side(inputs: CrawlInputs, settings: CrawlSettings = CrawlSettings()) -> StageResult:
    """Fetch (or read) the side's table of contents and new chapters; rows for every chapter it lists.

    Rejections: one per chapter that could not be fetched, one for a text file's lines before its first
    heading (``front_matter``, item id ``book/lang/front_matter``), and one for the whole side (item id
    ``book/lang``, see :func:`side_failure`) when its table of contents or file gave no chapter list, the
    crawl itself crashed, or the site's ``body`` selector found no text on the pages of any chapter it read
    (``body_empty``, ``crawlers.raw.empty_bodies``; each of them is an ``empty_body`` failure too), and one
    per chapter the table of contents no longer lists (``removed_from_toc``, :func:`removed_chapters`) or
    links to no page (``no_link``, ``crawlers.raw.unlinked_chapters``): neither is a failure to retry. Stats:
    the crawl report plus chapters, new_chapters, edited_chapters, removed_chapters, failed, site,
    journal_edited (the journal's records edited by hand: skipped and fetched again, read here since the crawl
    process's warnings are not seen) and, where there are any, journal_warning (a line).
    """
    book_id, lang, site = inputs.book_id, inputs.lang, inputs.site
    inputs.journal.parent.mkdir(parents=True, exist_ok=True)
    check_journal(inputs.journal)  # the output folder's fault, not the book's: the task fails, naming it
    edited = read_journal(inputs.journal).edited  # before the crawl, which fetches them again
    try:
        if inputs.local_file is not None:
            report = read_local(site, inputs.local_file, inputs.journal, toc=inputs.toc)
        else:
            report = crawl(
                site,
                inputs.toc,
                inputs.journal,
                log_file=inputs.journal.with_suffix(".log"),
                recheck=settings.recheck,
            )
    except Exception as err:  # noqa: BLE001 - fault isolation: this side fails by name, the other books build
        if _output_fault(err, inputs.journal):
            raise  # the output folder's fault, not the book's: the task fails, naming the file
        where = inputs.local_file or inputs.toc
        crashed = _side_rejection(inputs, "read_error", f"{where}: {one_line(err)}")
        # the chapters journaled before stand, as where the table of contents fails: written as none, a
        # crawl that could not start emptied the book's raw table and every stage after it
        state = read_journal(inputs.journal)
        rows, failures = raw_rows(state, book_id, lang, site.name)
        result = _result(rows, [*failures, crashed], {}, inputs, edited)
        result.rejections.extend(unlinked_chapters(state, book_id, lang))
        return result
    state = read_journal(inputs.journal)
    rows, failures = raw_rows(state, book_id, lang, site.name)
    if state.toc_failure is not None:
        selector = site.selectors.chapter_links if site.kind == "web" else None
        failures.append(toc_rejection(state.toc_failure, book_id, lang, selector, len(rows)))
    elif site.kind == "web" and (empty := empty_bodies(state, page_reader(site.selectors, site.encoding))):
        what = f"body {site.selectors.body!r} matched nothing on any of the {len(empty)} chapters read"
        failures.append(_side_rejection(inputs, "body_empty", f"{what} (the first: {empty[0]})"))
    result = _result(rows, failures, report, inputs, edited)
    # rejections, but no failures to retry: the site links those chapters to no page, or lists them no longer
    result.rejections.extend(unlinked_chapters(state, book_id, lang))
    removed = removed_chapters(state, inputs)
    result.stats["removed_chapters"] = len(removed)
    result.rejections.extend(removed)
    # a rejection, but no failure to retry: reading the file again reads it again
    if front := report.get("front_matter"):
        result.rejections.append(
            Rejection("front_matter", front).row("crawl", f"{book_id}/{lang}/front_matter", book_id, lang)
        )
    return result


def removed_chapters(state: JournalState, inputs: CrawlInputs) -> list[dict[str, Any]]:
    """A ``removed_from_toc`` rejection for each chapter of the last completed crawl that the side's table of
    contents no longer lists (taken down, or moved to another URL, which is fetched as a new chapter): it
    leaves the corpus by name, never silently. Item id ``book/lang/removed/NNNNN``, in the last crawl's
    order. None where this crawl read no table of contents (a site down keeps the last one's chapters)."""
    if state.toc_failure is not None:
        return []
    listed = {url for url, _ in state.toc}
    gone = [url for url in inputs.previous if url not in listed]
    return [
        Rejection(
            "removed_from_toc",
            f"{url} ({(state.chapters.get(url) or {}).get('title') or ''!r}): listed by the last crawl's "
            "table of contents, no longer by the site's; its journal record is kept",
        ).row("crawl", f"{inputs.book_id}/{inputs.lang}/removed/{k:05d}", inputs.book_id, inputs.lang)
        for k, url in enumerate(gone)
    ]


def _output_fault(err: Exception, journal: Path) -> bool:
    """Whether ``err`` is a file of the side's crawl folder that could not be written (its journal, log file,
    or the crawl's job files): a folder in its place, a full disk. The chapters not journaled are fetched by
    the next run, not rejected as failed fetches or the side as unreadable."""
    named = err.filename if isinstance(err, OSError) else None
    return isinstance(named, str) and Path(named).absolute().is_relative_to(journal.parent.absolute())


def side_failure(result: StageResult, book_id: str, lang: str) -> str | None:
    """One line saying why a whole side of the book is missing, or None when its chapter list was read."""
    for row in result.rejections:
        if row["item_id"] == f"{book_id}/{lang}":
            return f"{book_id}/{lang}: {row['reason']}: {row['detail']}"
    return None


def due_reasons(last: dict[str, Any], run_id: str, refresh: str, since: float | None = None) -> list[str]:
    """A crawl's own reasons to run again, judged on what its last run recorded (``last``: its ``failed``
    count, ``run_id``, ``refresh`` token and the time it ``started``): failed chapters or a blocked site are
    retried by the next run (another ``run_id``); an update's ``refresh`` refetches the table of contents
    unless a crawl started at or after ``since`` (the update's start, seconds since the epoch) did, whatever
    its token: this update's own, or that of another, run meanwhile beside it through one luigid. An earlier
    update of the same date does not count (a second ``update`` that day fetched nothing new), nor does a crawl
    recorded as started after now (the clock set back since: every update until the clock reached it fetched no
    table of contents). Without ``since``, a crawl for another token refetches it."""
    reasons = ["failed chapters to retry"] if last.get("failed") and last.get("run_id") != run_id else []
    if since is not None:  # a start ahead of the clock is no refresh: the clock was set back since that crawl
        fresh = since <= last.get("started", float("-inf")) <= time.time()
    else:
        fresh = last.get("refresh") == refresh
    return reasons + ([f"refresh {refresh}"] if refresh and not fresh else [])


def _result(
    rows: list[dict],
    failures: list[dict],
    report: dict[str, Any],
    inputs: CrawlInputs,
    hand_edited: list[str],
) -> StageResult:
    before = inputs.previous
    edited = sum(1 for r in rows if r["url"] in before and r["content_hash"] != before[r["url"]])
    stats = {
        **report,
        "chapters": len(rows),
        "new_chapters": sum(1 for r in rows if r["url"] not in before),
        "edited_chapters": edited,
        "failed": len(failures),
        "site": inputs.site.name,
        "journal_edited": len(hand_edited),
    }
    if warning := edited_warning(inputs.journal, hand_edited):
        stats["journal_warning"] = warning
    return StageResult(rows, failures, stats)


def _side_rejection(inputs: CrawlInputs, reason: str, detail: str) -> dict[str, Any]:
    return Rejection(reason, detail).row(
        "crawl", f"{inputs.book_id}/{inputs.lang}", inputs.book_id, inputs.lang
    )
