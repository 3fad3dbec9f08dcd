"""Regular expressions from a config (site ``boilerplate``, text ``heading``), run with a time limit.

A user's pattern such as ``^(a|aa)+$`` backtracks exponentially on a line like ``aaa…ab``; Python's
``re`` cannot be interrupted, so these patterns are compiled with the ``regex`` package (the same
syntax as ``re``) and each search gives up after ``LINE_TIMEOUT`` seconds with ``RegexTimeout``.
A pattern can also stay under that limit on every line and still be slow on each (``^(a|aa)+$`` takes a
tenth of a second on 28 a's and a b), so that a chapter of such lines took hours: the searches of one
text (a chapter, a text book) share a ``Budget`` of ``TEXT_TIMEOUT`` seconds plus ``SEARCH_ALLOWANCE``
per search, past which they raise ``RegexTimeout`` too. Compiling one may take no more than
``COMPILE_BYTES`` of memory: the ``regex`` package writes a counted repeat out whole (``a{99999999}``).
"""

from __future__ import annotations

import resource
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import regex

LINE_TIMEOUT = 0.25  # seconds per pattern and line; an ordinary pattern takes microseconds
TEXT_TIMEOUT = 5.0  # seconds for all the searches of one text (a ``Budget``), beyond ...
SEARCH_ALLOWANCE = 0.001  # ... this much per search: a thousand times what an ordinary pattern takes
COMPILE_BYTES = 2**28  # memory a pattern may take to compile; an ordinary one takes kilobytes
_clock = time.process_time  # CPU time: a build suspended (Ctrl-Z) or sharing the machine is not charged


class RegexTimeout(ValueError):
    """A user pattern took longer than ``LINE_TIMEOUT`` on one line (``reason`` is the rejection name)."""

    reason = "regex_timeout"

    def __init__(self, pattern: str, line: str, budget: Budget | None = None) -> None:
        if budget is None:
            message = f"pattern {pattern!r} took over {LINE_TIMEOUT} s on a {len(line)}-character line"
        else:
            message = (
                f"patterns took {budget.spent:.1f} s in {budget.searches:,} searches of one text's lines, "
                f"over {TEXT_TIMEOUT:g} s plus {SEARCH_ALLOWANCE * 1000:g} ms a search (the last: {pattern!r})"
            )
        super().__init__(message)
        self.detail = str(self)


class Budget:
    """The time a user's patterns may take on one text: ``TEXT_TIMEOUT`` plus ``SEARCH_ALLOWANCE`` for
    each search, so linear in the text however slow a pattern is on each of its lines. It counts the CPU
    time since it was made (the text's other work too, which the allowance covers many times over): one
    clock reading a search."""

    def __init__(self) -> None:
        self.started = _clock()
        self.spent = 0.0  # seconds since it was made, at its last search
        self.searches = 0

    def left(self) -> float:
        self.spent = _clock() - self.started
        return TEXT_TIMEOUT + self.searches * SEARCH_ALLOWANCE - self.spent


def compile_user(pattern: str) -> regex.Pattern[str]:
    """``pattern`` compiled case-insensitively; ``regex.error`` when it is invalid, or
    when it would take more than ``COMPILE_BYTES`` to compile: ``regex`` writes a counted repeat out, some
    270 bytes a count, and a config's ``heading: "a{99999999}"`` took the machine's 23 GB until the
    kernel killed the command."""
    try:
        with _address_space(COMPILE_BYTES):
            return regex.compile(pattern, regex.IGNORECASE)
    except MemoryError:
        raise regex.error(
            f"too large to compile (over {COMPILE_BYTES >> 20:,} MiB of memory: a repeat count of millions?)"
        ) from None


@contextmanager
def _address_space(extra: int) -> Iterator[None]:
    """While inside, this process may map ``extra`` bytes more than it has mapped (``RLIMIT_AS``, a lower
    limit kept): an allocation past them is a MemoryError, not the kernel's out-of-memory kill. Where the
    process cannot read what it has mapped (no ``/proc``: not Linux), no limit is set."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        mapped = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
    except OSError:
        yield
        return
    limit = min(x for x in (mapped + extra, soft, hard) if x != resource.RLIM_INFINITY)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def user_search(pattern: regex.Pattern[str], line: str, budget: Budget | None = None) -> bool:
    """Whether ``pattern`` matches somewhere in ``line``, within ``LINE_TIMEOUT`` seconds and what is
    left of ``budget`` (the text's)."""
    if budget is None:
        return _search(pattern, line, LINE_TIMEOUT, None)
    limit = min(LINE_TIMEOUT, budget.left())
    if limit <= 0:
        raise RegexTimeout(pattern.pattern, line, budget)
    budget.searches += 1
    return _search(pattern, line, limit, budget if limit < LINE_TIMEOUT else None)


def _search(pattern: regex.Pattern[str], line: str, limit: float, budget: Budget | None) -> bool:
    try:
        return pattern.search(line, timeout=limit) is not None
    except TimeoutError:
        raise RegexTimeout(pattern.pattern, line, budget) from None
