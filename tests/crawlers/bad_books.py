"""Bad local books read as ``CrawlBook`` reads them: the sites they are under, a good chapter to put
beside a bad one, and what a book comes to."""

from __future__ import annotations

from pathlib import Path

from crawlers.journal import read_journal
from crawlers.limits import Caps
from crawlers.local import read_local
from crawlers.profile import Site
from crawlers.raw import raw_rows, toc_rejection
from tests.crawlers.local_books import xhtml

EPUB = Site(name="shelf", lang="zh", url="file:///", serve=None, selectors=None, kind="epub")  # type: ignore[arg-type]
TEXT = Site(name="txt", lang="zh", url="file:///", serve=None, selectors=None, kind="text")  # type: ignore[arg-type]
GOOD = ("c1.xhtml", xhtml("第一章", ["甲走了。"]))


def outcome(site: Site, path: Path, tmp_path: Path, **caps: int) -> tuple[list[str], list[str]]:
    """(titles of the raw chapters, reasons of the rejections) of a book side read from ``path``."""
    journal = tmp_path / "j.jsonl"
    read_local(site, path, journal, Caps(**caps))
    state = read_journal(journal)
    rows, failures = raw_rows(state, "bk", "zh", site.name)
    if state.toc_failure is not None:
        failures.append(toc_rejection(state.toc_failure, "bk", "zh", None))
    return [r["title"] for r in rows], [f["reason"] for f in failures]


def text_file(tmp_path: Path, data: bytes) -> Path:
    """A text book of ``data``."""
    path = tmp_path / "book.txt"
    path.write_bytes(data)
    return path


def rejection_details(site: Site, path: Path, tmp_path: Path, **caps: int) -> list[str]:
    """The details of what reading ``path`` as ``site`` rejected: the table of contents' failure, or
    each chapter's."""
    journal = tmp_path / "j.jsonl"
    read_local(site, path, journal, Caps(**caps))
    state = read_journal(journal)
    found = [state.toc_failure] if state.toc_failure else list(state.failures.values())
    return [f["detail"] for f in found]
