"""Regular expressions from a config (site ``boilerplate``, text ``heading``), run with a time limit.

A user's pattern such as ``^(a|aa)+$`` backtracks exponentially on a line like ``aaa…ab``; Python's
``re`` cannot be interrupted, so these patterns are compiled with the ``regex`` package (the same
syntax as ``re``) and each search gives up after ``LINE_TIMEOUT`` seconds with ``RegexTimeout``.
"""

from __future__ import annotations

import regex

LINE_TIMEOUT = 0.25  # seconds per pattern and line; an ordinary pattern takes microseconds


class RegexTimeout(ValueError):
    """A user pattern took longer than ``LINE_TIMEOUT`` on one line (``reason`` is the rejection name)."""

    reason = "regex_timeout"

    def __init__(self, pattern: str, line: str) -> None:
        super().__init__(f"pattern {pattern!r} took over {LINE_TIMEOUT} s on a {len(line)}-character line")
        self.detail = str(self)


def compile_user(pattern: str) -> regex.Pattern[str]:
    """``pattern`` compiled case-insensitively; ``regex.error`` (a ``ValueError``) when it is invalid."""
    return regex.compile(pattern, regex.IGNORECASE)


def user_search(pattern: regex.Pattern[str], line: str) -> bool:
    """Whether ``pattern`` matches somewhere in ``line``, within ``LINE_TIMEOUT`` seconds."""
    try:
        return pattern.search(line, timeout=LINE_TIMEOUT) is not None
    except TimeoutError:
        raise RegexTimeout(pattern.pattern, line) from None
