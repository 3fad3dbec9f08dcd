"""Bytes a user hands a command, as text: UTF-8, no byte order mark, and a one-line error for the rest."""

from __future__ import annotations


def decode_utf8(data: bytes, errors: str, name: str, verb: str, errors_option: bool = True) -> str:
    """``data`` as UTF-8 without a leading byte order mark. ``ValueError`` (one line, naming ``name`` and
    the byte offset) for binary data (a NUL byte), and for invalid bytes with ``errors="strict"``; with
    ``errors="replace"`` they become U+FFFD. ``verb`` says what the command would do ("mine", "split");
    ``errors_option``, whether the command has ``--errors`` (the message then suggests it)."""
    if (nul := data.find(b"\0")) >= 0:
        raise ValueError(f"{name}: binary input (NUL byte at byte offset {nul}), nothing to {verb}")
    try:
        return data.decode("utf-8", errors=errors).removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        rerun = f" (rerun with --errors replace to {verb} it anyway)" if errors_option else ""
        raise ValueError(f"{name}: invalid UTF-8 at byte offset {err.start}{rerun}") from None
