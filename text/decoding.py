"""Bytes a user hands a command, as text: UTF-8 (a byte order mark dropped) or UTF-16/32 with their byte
order mark (Windows' "Unicode" text), and a one-line error for the rest."""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from pathlib import Path

from core.files import not_a_regular_file, os_problem, read_capped
from core.rejection import quoted

# Byte order marks that name an encoding (UTF-32's before UTF-16's, which begins the little-endian one).
_MARKS = (
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)

# Python's codecs of bytes to text that are no charset a document is saved in: read as one, a file's
# "\\u4e2d" became a character (unicode_escape) or its bytes were refused as no domain name (idna).
NOT_CHARSETS = frozenset(("unicode-escape", "raw-unicode-escape", "idna", "punycode", "undefined", "charmap"))


def text_codec(name: str) -> str:
    """The name of the codec that reads text saved in the charset ``name``; ValueError (one line) for a
    name Python does not know, a codec of no text (``base64``, ``rot13``: of bytes to bytes or text to
    text) or one of Python's own (``NOT_CHARSETS``)."""
    try:
        info = codecs.lookup(name)
    except LookupError:
        raise ValueError(f"unknown encoding {quoted(name)}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name in NOT_CHARSETS:
        raise ValueError(f"{quoted(name)} is not a text encoding")
    return info.name


def marked_codec(data: bytes) -> str | None:
    """ "utf-32" or "utf-16" where ``data`` opens with that encoding's byte order mark; None otherwise."""
    return next((codec for mark, codec in _MARKS if data.startswith(mark)), None)


def decode_utf8(data: bytes, errors: str, name: str, verb: str, errors_option: bool = True) -> str:
    """``data`` as UTF-8 without a leading byte order mark, or as UTF-16 or UTF-32 where it opens with
    theirs. ``ValueError`` (one line, naming ``name`` and the byte offset) for binary data (a NUL byte
    without such a mark), and for invalid bytes with ``errors="strict"``; with ``errors="replace"`` they
    become U+FFFD. ``verb`` says what the command would do ("mine", "split"); ``errors_option``, whether
    the command has ``--errors`` (the message then suggests it)."""
    codec = marked_codec(data) or "utf-8"
    if codec == "utf-8" and (nul := data.find(b"\0")) >= 0:
        raise ValueError(f"{name}: binary input (NUL byte at byte offset {nul}), nothing to {verb}")
    try:
        return data.decode(codec, errors=errors).removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        rerun = f" (rerun with --errors replace to {verb} it anyway)" if errors_option else ""
        raise ValueError(f"{name}: invalid {codec.upper()} at byte offset {err.start}{rerun}") from None


def read_utf8(path: Path, verb: str) -> str:
    """The text of the file ``path`` (``decode_utf8``, strict); ``ValueError`` naming ``path`` for a
    folder, a named pipe or a device (reading one would wait for a writer for ever), a file that cannot
    be read (a symbolic link loop, no permission), more than ``core.files.MAX_INPUT_BYTES``, binary data or
    invalid UTF-8."""
    if path.is_dir():
        raise ValueError(f"{path}: a folder, not a file")
    if not_a_regular_file(path):
        raise ValueError(f"{path}: not a regular file (a named pipe or a device)")
    try:
        data = read_capped(path)
    except OSError as err:
        raise ValueError(f"{path}: {os_problem(err)}") from None
    return decode_utf8(data, "strict", str(path), verb, errors_option=False)


# Single-byte charsets (codec names) that read any bytes, GBK's too, as Latin letters and never as Chinese
# characters: a server's default or a tool's declaration that a Chinese page or document may carry
LATIN_CHARSETS = ("cp1252", "iso8859-1", "iso8859-15")
# Chinese characters, CJK punctuation and full-width forms: what Chinese text's non-ASCII characters are
_CHINESE = re.compile(r"[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
MIN_CHINESE = 10  # characters: fewer are no evidence that the text is Chinese
MIN_CHINESE_SHARE = 0.9  # of the non-ASCII characters


def chinese_characters(text: str) -> int:
    """How many of ``text``'s characters are Chinese characters, CJK punctuation or full-width forms."""
    return len(_CHINESE.findall(text))


def chinese_codec(data: bytes, names: Iterable[str]) -> str | None:
    """The first of ``names`` in which ``data`` decodes without error (real Latin-1 text, an accented
    letter beside ASCII, does not in GB18030) to at least ``MIN_CHINESE`` Chinese characters that make
    ``MIN_CHINESE_SHARE`` of its non-ASCII ones; None when none does."""
    for name in names:
        try:
            text = data.decode(name)
        except (UnicodeError, LookupError):
            continue
        chinese, other = chinese_characters(text), sum(not c.isascii() for c in text)
        if chinese >= MIN_CHINESE and chinese >= MIN_CHINESE_SHARE * other:
            return name
    return None
