"""Origins (scheme, host, port) and the check that keeps a crawl on its site's own origins.

A crawl may request a URL only when its origin is the site's own or one the profile lists under
``allowed_origins``. Only http and https count: any other scheme (``ftp:``, ``file:``, ``data:``) has no
origin and is never allowed. Hosts compare case-insensitively, a host in another script as the crawler
requests it (IDNA, ``xn--``), and default ports are made explicit, so ``HTTP://Example.com`` and
``http://example.com:80/`` are the same origin, ``http://example.com:8080`` and ``https://example.com``
are not. A host of other characters than a host name's or an IP address's (a space) has none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
_HOST = re.compile(r"[a-z0-9._-]+|[0-9a-f:.]+")  # a name (in IDNA), an IPv4 or an IPv6 address


def origin(url: str) -> str | None:
    """``scheme://host:port`` of an absolute http(s) URL, or None (another scheme, no host or a bad one, a
    bad port)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
        host = (parts.hostname or "").encode("idna").decode("ascii")  # as Scrapy requests it
    except (ValueError, UnicodeError):  # UnicodeError: an empty or over-long label ("a..b")
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not _HOST.fullmatch(host) or port == 0:  # ports run 1 to 65535
        return None
    return f"{scheme}://{host}:{port if port is not None else DEFAULT_PORTS[scheme]}"


def allowed(url: str, origins: Iterable[str]) -> bool:
    """Whether ``url`` is an http(s) URL on one of ``origins`` (as returned by ``origin``)."""
    found = origin(url)
    return found is not None and found in set(origins)
