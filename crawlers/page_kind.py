"""Responses that are no web page for CSS selectors: images, PDFs, archives, JSON."""

from __future__ import annotations

from scrapy.http import JsonResponse, Response, TextResponse

# The first bytes of files that are no web page, whatever Content-Type they are sent with
MAGIC_NUMBERS = {
    b"%PDF-": "a PDF document",
    b"PK\x03\x04": "a ZIP archive",  # EPUB and Office documents too
    b"\x1f\x8b": "gzip data",  # compressed, without a Content-Encoding saying so
    b"(\xb5/\xfd": "zstd data",
    b"7z\xbc\xaf'\x1c": "a 7z archive",
    b"Rar!\x1a\x07": "a RAR archive",
    b"\x89PNG\r\n\x1a\n": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
    b"GIF87a": "a GIF image",
    b"GIF89a": "a GIF image",
}


def not_a_page(response: Response) -> str | None:
    """What a response that is no page for CSS selectors is: its Content-Type when Scrapy made it a plain or
    a JSON response (an image, a PDF, binary bytes, JSON); the kind of file its first bytes say
    (``MAGIC_NUMBERS``) and how it was sent, for one Scrapy took for a page (a PDF sent as text/html); None
    for an HTML, XML or text page."""
    content_type = response.headers.get(b"Content-Type", b"").decode("latin-1")
    if not isinstance(response, TextResponse) or isinstance(response, JsonResponse):
        return content_type or "no Content-Type"
    kind = next((kind for magic, kind in MAGIC_NUMBERS.items() if response.body.startswith(magic)), None)
    if kind is None:
        return None
    return f"{kind}, sent as {content_type}" if content_type else f"{kind}, sent without a Content-Type"
