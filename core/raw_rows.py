"""Rows of the ``raw_chapters`` table (``core.schemas.RAW_CHAPTERS``) and their ids, as the crawl stage makes them.

Apart from the schemas: a task counts this module as its code (its edit reruns the crawls that use it),
where a schema counts only for the tasks that read or write its table.
"""

from __future__ import annotations

from datetime import datetime


def raw_id(book_id: str, lang: str, toc_index: int) -> str:
    """The stable id of a raw chapter: its book, language and place in the table of contents."""
    return f"{book_id}/{lang}/{toc_index:05d}"


def raw_chapter(
    book_id: str,
    lang: str,
    toc_index: int,
    title: str,
    text: str,
    *,
    site: str,
    url: str,
    fetched_at: datetime,
    content_hash: str = "",
    page_urls: list[str] | None = None,
    encoding: str = "utf-8",
) -> dict:
    """A RAW_CHAPTERS row, its ``raw_id`` made from book, language and place; ``page_urls`` defaults
    to the chapter's one page, ``url``."""
    return {
        "raw_id": raw_id(book_id, lang, toc_index),
        "book_id": book_id,
        "lang": lang,
        "site": site,
        "toc_index": toc_index,
        "url": url,
        "page_urls": [url] if page_urls is None else page_urls,
        "fetched_at": fetched_at,
        "encoding": encoding,
        "title": title,
        "text": text,
        "content_hash": content_hash,
    }
