"""Origins (scheme, host, port) and the check that keeps a crawl on its site's own origins.

A crawl may request a URL only when its origin is the site's own or one the profile lists under
``allowed_origins``. Only http and https count: any other scheme (``ftp:``, ``file:``, ``data:``) has no
origin and is never allowed. Hosts compare case-insensitively and default ports are made explicit, so
``HTTP://Example.com`` and ``http://example.com:80/`` are the same origin, ``http://example.com:8080``
and ``https://example.com`` are not.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> str | None:
    """``scheme://host:port`` of an absolute http(s) URL, or None (another scheme, no host, a bad port)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname or port == 0:  # ports run 1 to 65535
        return None
    return f"{scheme}://{parts.hostname.lower()}:{port if port is not None else DEFAULT_PORTS[scheme]}"


def allowed(url: str, origins: Iterable[str]) -> bool:
    """Whether ``url`` is an http(s) URL on one of ``origins`` (as returned by ``origin``)."""
    found = origin(url)
    return found is not None and found in set(origins)
