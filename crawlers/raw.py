"""Turn a crawl journal into raw-chapter rows (``core.schemas.RAW_CHAPTERS``) and crawl rejections."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from core.raw_rows import raw_chapter, raw_id
from core.rejection import Rejection, shorten
from crawlers.journal import JournalState, read_by
from crawlers.links import leads_to_a_page


def content_hash(title: str, text: str) -> str:
    return hashlib.sha1(f"{title}\n{text}".encode()).hexdigest()


TOC_REASONS = {"toc_empty": "toc_empty", "blocked": "site_blocked"}  # any other TOC failure: toc_failed


def toc_rejection(
    failure: dict[str, Any], book_id: str, lang: str, selector: str | None, kept: int = 0
) -> dict[str, Any]:
    """The rejection of a book's side whose table of contents gave no chapter list (journal ``toc_failure``);
    its detail names the TOC URL, the ``chapter_links`` selector and what happened, on one line, and the
    ``kept`` chapters of the last table of contents read, which stand (none is taken as removed).
    A local file (``selector`` None) that cannot be read keeps its own reason (``missing_spine``, ...)."""
    what = " ".join(str(failure.get("detail") or "").split())
    note = f"; the {kept} chapters of the last table of contents read are kept as they were" if kept else ""
    if selector is None:
        return {
            "stage": "crawl",
            "item_id": f"{book_id}/{lang}",
            "book_id": book_id,
            "lang": lang,
            "reason": failure["reason"],
            "detail": f"{failure['url']}: {what}{note}",
        }
    if failure["reason"] != "toc_empty":
        what = f"{failure['reason']} ({what})" if what else failure["reason"]
    return {
        "stage": "crawl",
        "item_id": f"{book_id}/{lang}",
        "book_id": book_id,
        "lang": lang,
        "reason": TOC_REASONS.get(failure["reason"], "toc_failed"),
        "detail": f"table of contents {failure['url']} (chapter_links {selector!r}): {what}{note}",
    }


def empty_bodies(state: JournalState, reader: str) -> list[str]:
    """The chapters of the table of contents whose latest reading found no text (``empty_body``), when no
    chapter's latest reading by the selectors that ``reader`` digests (``crawlers.profile.page_reader``)
    found any: a ``body`` selector that picks nothing on the site's chapter pages. Empty where one did (a
    side of some empty pages, or one whose earlier chapters have text and new ones none), or none was read."""
    if any(url not in state.failures and read_by(state.chapters.get(url), reader) for url, _ in state.toc):
        return []
    return [url for url, _ in state.toc if state.failures.get(url, {}).get("reason") == "empty_body"]


def unlinked_chapters(state: JournalState, book_id: str, lang: str) -> list[dict[str, Any]]:
    """A ``no_link`` rejection for each entry of the table of contents whose link leads to no page (an empty
    or missing href, a fragment, a script: ``crawlers.links.leads_to_a_page``), a locked chapter's placeholder
    say: item id the raw id its chapter would have (its place in the table of contents), the detail naming the
    link's place, text and href. Never fetched, so no failure to retry: the next crawl reads the table of
    contents again, and fetches the chapter once the site links to it."""
    return [
        Rejection(
            "no_link",
            f"link {toc_index + 1} of the table of contents, {shorten(title, quote=True)}, leads to no page "
            f"({f'href {shorten(url, quote=True)}' if url else 'no href'}): not fetched",
        ).row("crawl", raw_id(book_id, lang, toc_index), book_id, lang)
        for toc_index, (url, title) in enumerate(state.toc)
        if not leads_to_a_page(url)
    ]


def raw_rows(state: JournalState, book_id: str, lang: str, site: str) -> tuple[list[dict], list[dict]]:
    """Rows for every chapter of the table of contents, in its order, and a rejection per missing one:
    ``fetch_failed`` for a web page, the reader's own reason for a chapter of a local file
    (``broken_xhtml``, ``missing_item``, ``chapter_too_long``)."""
    rows: list[dict[str, Any]] = []
    failures: list[dict[str, Any]] = []
    for toc_index, (url, link_title) in enumerate(state.toc):
        if not leads_to_a_page(url):
            continue  # no page to fetch: ``unlinked_chapters``
        chapter_id = raw_id(book_id, lang, toc_index)
        record = state.chapters.get(url)
        local = url.startswith("file:")
        # a local file is read whole each time: a chapter that its last reading failed (the file edited since)
        # is rejected, as a first reading of that file rejects it; a web page keeps what an earlier fetch read
        if record is None or (local and url in state.failures):
            failure = state.failures.get(url, {})
            detail = f"{url}: {failure.get('reason', 'not fetched')}"
            if failure.get("detail"):
                detail += f" ({failure['detail']})"
            local = local and "reason" in failure
            failures.append(
                {
                    "stage": "crawl",
                    "item_id": chapter_id,
                    "book_id": book_id,
                    "lang": lang,
                    "reason": failure["reason"] if local else "fetch_failed",
                    "detail": detail,
                }
            )
            continue
        title = record["title"] or link_title
        text = "\n".join(record["paragraphs"])
        rows.append(
            raw_chapter(
                book_id,
                lang,
                toc_index,
                title,
                text,
                site=site,
                url=url,
                page_urls=record["page_urls"],
                fetched_at=datetime.fromisoformat(record["fetched_at"].replace("Z", "+00:00")),
                encoding=record["encoding"],
                content_hash=content_hash(title, text),
            )
        )
    return rows, failures
