"""Whether a compressed page body ends before its stream does (a connection or a server cut it short).

Scrapy keeps what it could decode of such a body (a chapter's first paragraphs, or nothing of a zstd
one), so ``crawlers.guards.CheckedCompressionMiddleware`` asks here. Each stream is decoded again with
its output dropped, 64 KiB at a time, so memory stays bounded.
"""

from __future__ import annotations

import sys
import zlib

import brotli

if sys.version_info >= (3, 14):  # as Scrapy reads it: the standard library's, else its backport
    from compression import zstd
else:
    from backports import zstd

_CHUNK = 1 << 16


def cut_short(body: bytes, encoding: str) -> bool:
    """Whether a body in one ``encoding`` (gzip, deflate, br or zstd; any other: False) ends before its
    compressed stream does."""
    if encoding in ("gzip", "x-gzip"):
        return _ends_early(body, 31) is True
    if encoding == "deflate":  # zlib-wrapped, or raw as some servers send it (Scrapy reads both)
        wrapped = _ends_early(body, 15)
        return _ends_early(body, -15) is True if wrapped is None else wrapped
    if encoding == "br":
        return _brotli_ends_early(body)
    if encoding == "zstd":
        return _zstd_ends_early(body)
    return False


def gzip_damage(body: bytes) -> str | None:
    """Why a gzip body does not decompress whole (its data or its CRC damaged), or None: Scrapy keeps what
    it decoded up to the damage, or past it with a bad CRC, garbled text read as the chapter's."""
    stream = zlib.decompressobj(31)
    try:
        while body:
            stream.decompress(body, _CHUNK)
            body = stream.unconsumed_tail
            if stream.eof:
                body = stream.unused_data if stream.unused_data[:2] == b"\x1f\x8b" else b""
                stream = zlib.decompressobj(31)
    except zlib.error as error:
        return str(error)
    return None


def _ends_early(body: bytes, wbits: int) -> bool | None:
    """True when the stream of ``body`` (zlib ``wbits``) ends early, False when it ends, None when it is not
    one (a gzip body may hold several members, each complete)."""
    stream, data = zlib.decompressobj(wbits), body
    try:
        while True:
            stream.decompress(data, _CHUNK)
            data = stream.unconsumed_tail
            if stream.eof:
                if wbits != 31 or stream.unused_data[:2] != b"\x1f\x8b":
                    return False
                stream, data = zlib.decompressobj(wbits), stream.unused_data  # the next member
            elif not data:
                return True
    except zlib.error:
        return None


def _brotli_ends_early(body: bytes) -> bool:
    """Whether the brotli stream of ``body`` does not finish (brotli reads bytes that are no stream, or
    half of one, as a stream not yet finished, giving what it decoded so far: nothing, or half a page)."""
    stream = brotli.Decompressor()
    try:
        stream.process(body, output_buffer_limit=_CHUNK)
        while not stream.is_finished() and not stream.can_accept_more_data():
            stream.process(b"", output_buffer_limit=_CHUNK)
    except brotli.error:
        return True
    return not stream.is_finished()


def _zstd_ends_early(body: bytes) -> bool:
    """Whether a zstd frame of ``body`` (it may hold several) ends before its end."""
    data = body
    try:
        while data:
            stream = zstd.ZstdDecompressor()
            stream.decompress(data, _CHUNK)
            while not stream.eof and not stream.needs_input:
                stream.decompress(b"", _CHUNK)
            if not stream.eof:
                return True
            data = stream.unused_data
    except zstd.ZstdError:
        return True
    return False
