"""Following links: the page a URL names, the URLs a response went through, a contents page's entries."""

from __future__ import annotations

from scrapy.http import Response
from w3lib.url import canonicalize_url


def leads_to_a_page(href: str) -> bool:
    """Whether a link's (stripped) ``href`` names a page to fetch: not empty (or missing), nor a fragment
    alone ("#", "#top": the page the link is on), nor a script ("javascript:void(0)"): the placeholders of a
    locked chapter, or of a "next" link disabled on the last page."""
    return bool(href) and not href.startswith("#") and not href.lower().startswith("javascript:")


def entry_key(entry: tuple[str, str]) -> str | tuple[str, str]:
    """What tells a (URL, title) table-of-contents entry from the others: its URL, or the whole entry for a
    link to no page (``leads_to_a_page``), as the placeholders of two locked chapters share their href."""
    return entry[0] if leads_to_a_page(entry[0]) else entry


def last_of_each(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (URL, title) ``entries`` of one page less each one that comes again later (``entry_key``): a
    chapter listed twice keeps its place in the full list, after a block of the latest chapters at the top."""
    last = {entry_key(entry): k for k, entry in enumerate(entries)}
    return [entry for k, entry in enumerate(entries) if last[entry_key(entry)] == k]


def page_key(url: str) -> str:
    """The page ``url`` names, as Scrapy's duplicate filter tells pages apart (no fragment, the query
    sorted), or the URL itself when it cannot be parsed (a link never requested: offsite)."""
    try:
        return canonicalize_url(url)
    except ValueError:
        return url


def urls_of(response: Response) -> tuple[str, ...]:
    """The URLs the response was redirected from, and its own."""
    request = response.request
    return (*(request.meta.get("redirect_urls", ()) if request is not None else ()), response.url)
