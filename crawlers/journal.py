"""The crawl journal: an append-only JSON-lines file per book and language.

Each fetched chapter is appended (and flushed) the moment it is complete, so a killed crawl keeps what
it fetched and the next run fetches only what is missing. Records:

* ``{"type": "toc", "chapters": [[url, title], ...], "fetched_at": ...}`` — the table of contents;
* ``{"type": "chapter", "url", "page_urls", "title", "paragraphs", "encoding", "reader", "fetched_at"}``
  (``reader``: ``crawlers.profile.page_reader`` of the selectors that read it; absent for local books and
  for records of earlier versions);
* ``{"type": "failure", "url", "reason", "detail", "fetched_at"}`` — a chapter that could not be fetched
  (reasons: see ``crawlers.spider``); it is requested again on the next run;
* ``{"type": "toc_failure", "url", "reason", "detail", "fetched_at"}`` — a table-of-contents page that
  could not.

URLs are canonical (the site's configured base URL), whatever address was actually crawled. A line cut
off by a killed crawl, or one of another shape than these (edited by hand, written by another version), is
skipped: its chapter is fetched again. Each record holds the ``sha256`` of its canonical JSON (``digest``);
one whose digest does not match (its text edited by hand) is skipped too, and so are the earlier records of
its chapter (or table of contents): the latest record wins, and an edited one is no record, so that chapter is
fetched again, never read from an earlier record; ``JournalState.edited`` names them for a warning
(``edited_warning``). A record without a digest (written before records had it) is taken as it is.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from core.json_text import json_digest
from core.storage import refuse_special


@dataclass
class JournalState:
    """What a journal says now: the latest table of contents and the latest record per chapter URL."""

    toc: list[tuple[str, str]] = field(default_factory=list)
    chapters: dict[str, dict[str, Any]] = field(default_factory=dict)
    failures: dict[str, dict[str, Any]] = field(default_factory=dict)
    toc_failure: dict[str, Any] | None = None  # set when the latest attempt to read the TOC failed
    edited: list[str] = field(default_factory=list)  # what the latest record edited by hand was of, in order


def check_journal(path: Path) -> None:
    """``DamagedFile`` for a named pipe or a device in place of a journal: opening one would wait for ever
    (a folder in its place is the opener's ``IsADirectoryError``)."""
    refuse_special(path, "a named pipe or a device, not a crawl journal: remove it, then run the build again")


def digest(record: dict[str, Any]) -> str:
    """SHA-256 of ``record``'s canonical JSON (``core.json_text.json_digest``), its own ``sha256`` left out."""
    return json_digest({key: value for key, value in record.items() if key != "sha256"})


def read_by(record: dict[str, Any] | None, reader: str) -> bool:
    """Whether ``record`` is a chapter the selectors ``reader`` digests read (``crawlers.profile.page_reader``;
    one journaled before readers were is taken as theirs)."""
    return record is not None and record.get("reader") in (None, reader)


def read_journal(path: Path) -> JournalState:
    """What the journal at ``path`` says. A record edited since it was written (``digest``) drops what the
    earlier records said of its chapter (or table of contents), which is fetched again; those that no later
    record replaces are listed in ``edited`` ("the table of contents" or the chapter's URL)."""
    state = JournalState()
    if not path.exists():
        return state
    check_journal(path)
    edited: dict[str | None, None] = {}  # the URLs of edited records (None: a table of contents), in order
    with open(path, "rb") as handle:  # line by line: a kill may cut a line inside a UTF-8 character
        for line in handle:
            try:
                record = json.loads(line)
            except (ValueError, RecursionError):  # JSON's and UTF-8's errors; nested too deeply
                continue  # a line cut off by a killed crawl; that chapter is refetched
            if not _shaped(record):
                continue  # edited by hand or written by another version: refetched like a cut-off line's
            if "sha256" in record and record["sha256"] != digest(record):
                edited[record.get("url")] = None
                _forget(state, record)
                continue
            edited.pop(record.get("url"), None)
            kind = record["type"]
            if kind == "toc":
                state.toc = [tuple(entry) for entry in record["chapters"]]
                state.toc_failure = None
            elif kind == "chapter":
                known = state.chapters.get(record["url"])
                if known is not None and _same_text(known, record):
                    known["reader"] = record.get("reader")  # a refetch keeps the first time, and its reader
                else:
                    state.chapters[record["url"]] = record
                state.failures.pop(record["url"], None)
            elif kind == "failure":
                state.failures[record["url"]] = record
            elif kind == "toc_failure":
                state.toc_failure = record
    state.edited = ["the table of contents" if url is None else url for url in edited]
    return state


def _forget(state: JournalState, record: dict[str, Any]) -> None:
    """Drop what the records before ``record`` (edited by hand, so no record) said of what it is of."""
    if record["type"] == "toc":
        state.toc = []
    elif record["type"] == "toc_failure":
        state.toc_failure = None
    else:
        state.chapters.pop(record["url"], None)
        state.failures.pop(record["url"], None)


EXAMPLES = 3  # the edited records a warning names


def edited_warning(path: Path, edited: list[str]) -> str | None:
    """One line for the records of the journal at ``path`` that ``read_journal`` found edited (``edited``),
    naming the first ``EXAMPLES``; None where there are none."""
    if not edited:
        return None
    if len(edited) == 1:
        what = f"the record of {edited[0]} was edited since it was written"
    else:
        more = f" and {len(edited) - EXAMPLES} more" if len(edited) > EXAMPLES else ""
        what = f"{len(edited)} records ({', '.join(edited[:EXAMPLES])}{more}) were edited since they were written"
    return f"warning: {path}: {what}: skipped, fetched again"


def _shaped(record: object) -> bool:
    """Whether ``record`` has the fields, of the types, that the crawl writes for its type (the module
    docstring's list): the readers of the journal (the crawl itself, the raw table) take them as given."""
    if not isinstance(record, dict):
        return False
    kind = record.get("type")
    if kind == "toc":
        return isinstance(record.get("chapters"), list) and all(
            isinstance(entry, list) and len(entry) == 2 and _texts(entry) for entry in record["chapters"]
        )
    if kind == "chapter":
        return (
            isinstance(record.get("url"), str)
            and isinstance(record.get("title"), str | None)
            and isinstance(record.get("encoding"), str | None)
            and isinstance(record.get("reader"), str | None)
            and _texts(record.get("page_urls"))
            and _texts(record.get("paragraphs"))
            and _time(record.get("fetched_at"))
        )
    return kind in ("failure", "toc_failure") and _texts([record.get("url"), record.get("reason")])


def _texts(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _time(value: object) -> bool:
    """Whether ``value`` is a time as the crawl writes it (ISO 8601, ``Z`` for UTC)."""
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _same_text(old: dict[str, Any], new: dict[str, Any]) -> bool:
    return (old["title"], old["paragraphs"]) == (new["title"], new["paragraphs"])


def restore_chapters(path: Path, rows: list[dict[str, Any]]) -> int:
    """Journal a chapter record per raw row (``rows``: the side's last completed raw table) when the journal
    holds no chapter (emptied, removed, overwritten), so that its chapters are not fetched again; the number
    of records written (none where the journal holds a chapter: a torn or reshaped line's chapter is fetched
    again, as ever; nor where it holds a record edited by hand: those are fetched again, with a warning). The
    records keep each row's fetch time; the selectors that read them are not known."""
    state = read_journal(path)
    if not rows or state.chapters or state.edited:
        return 0
    writer = JournalWriter(path)
    try:
        writer.append_all(
            {
                "type": "chapter",
                "url": row["url"],
                "page_urls": list(row["page_urls"]),
                "title": row["title"],
                "paragraphs": row["text"].split("\n"),
                "encoding": row["encoding"],
                "fetched_at": row["fetched_at"].strftime("%Y-%m-%dT%H:%M:%SZ"),
            }
            for row in sorted(rows, key=lambda row: row["toc_index"])
        )
    finally:
        writer.close()
    return len(rows)


class JournalWriter:
    """Appends records, one fsynced line each; a line torn by a killed crawl is ended first, so the first new
    record starts on a fresh line (instead of being glued to the torn one and lost with it). A write that
    fails (a full disk) is an ``OSError`` naming the journal; a line it cut short is torn like a kill's."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        check_journal(path)
        self.path = path
        torn = _ends_torn(path)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        if torn:
            self._write(b"\n")

    def append(self, record: dict[str, Any]) -> None:
        self.append_all([record])

    def append_all(self, records: Iterable[dict[str, Any]]) -> None:
        """Append ``records`` with one fsync for them all: those of a book read at once (a local book, a
        journal restored from its raw table). A sync per record took a 30,000-chapter EPUB over 100 s where
        reading it took 8 s of CPU, and a text book of 100,000 chapter headings some 10 minutes."""
        lines = (json.dumps(r | {"sha256": digest(r)}, ensure_ascii=False) + "\n" for r in records)
        self._write("".join(lines).encode())

    def _write(self, data: bytes) -> None:
        try:
            while data:  # a write may take only part of the bytes
                data = data[os.write(self._fd, data) :]
            os.fsync(self._fd)
        except OSError as err:
            raise OSError(err.errno, err.strerror, str(self.path)) from None

    def close(self) -> None:
        os.close(self._fd)


def _ends_torn(path: Path) -> bool:
    """Whether the file's last line lacks its newline (the last write of a killed crawl)."""
    if not path.is_file() or path.stat().st_size == 0:
        return False
    with open(path, "rb") as handle:
        handle.seek(-1, os.SEEK_END)
        return handle.read(1) != b"\n"


JOURNAL_ERRNO = "journal/errno"  # the crawl's stat: the error number of a journal write that failed


class JournalPipeline:
    """Scrapy item pipeline that appends every item (a journal record) to the spider's journal, then the
    spider's unfinished chapters when it closes, and counts failures per reason (stats ``failed/REASON``)."""

    def __init__(self, crawler: Any) -> None:
        self.crawler = crawler

    @classmethod
    def from_crawler(cls, crawler: Any) -> JournalPipeline:
        return cls(crawler)

    def open_spider(self) -> None:
        self.writer = JournalWriter(Path(self.crawler.spider.journal_path))

    def close_spider(self) -> None:
        for record in self.crawler.spider.unfinished():
            self.process_item(record)
        self.writer.close()

    def process_item(self, item: dict[str, Any]) -> dict[str, Any]:
        """Journal ``item``; once a write has failed (a full disk), the crawl stops with the error in the
        stats (``JOURNAL_ERRNO``) and no more is written: what was not journaled is fetched by the next run."""
        stats = self.crawler.stats
        if stats.get_value(JOURNAL_ERRNO) is not None:
            return item
        try:
            self.writer.append(item)
        except OSError as err:
            from scrapy.utils.defer import deferred_from_coro

            stats.set_value(JOURNAL_ERRNO, err.errno)
            deferred_from_coro(self.crawler.engine.close_spider_async(reason="journal_error"))
            return item
        if item["type"] in ("failure", "toc_failure"):
            stats.inc_value(f"failed/{item['reason']}")
        return item
