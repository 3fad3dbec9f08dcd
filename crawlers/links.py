"""Following links: the page a URL names, the URLs a response went through, a contents page's entries."""

from __future__ import annotations

from scrapy.http import Response
from w3lib.url import canonicalize_url


def last_of_each(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (URL, title) ``entries`` of one page less each one whose URL comes again later: a chapter
    listed twice keeps its place in the full list, after a block of the latest chapters at the top."""
    last = {url: k for k, (url, _) in enumerate(entries)}
    return [entry for k, entry in enumerate(entries) if last[entry[0]] == k]


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
