"""Regular expressions from a config (site ``boilerplate``, text ``heading``), run with a time limit.

A user's pattern such as ``^(a|aa)+$`` backtracks exponentially on a line like ``aaa…ab``; Python's
``re`` cannot be interrupted, so these patterns are compiled with the ``regex`` package (the same
syntax as ``re``) and each search gives up after ``LINE_TIMEOUT`` seconds with ``RegexTimeout``.
A pattern can also stay under that limit on every line and still be slow on each (``^(a|aa)+$`` takes a
tenth of a second on 28 a's and a b), so that a chapter of such lines took hours: the searches of one
text (a chapter, a text book) share a ``Budget`` of ``TEXT_TIMEOUT`` seconds plus ``SEARCH_ALLOWANCE``
per search, past which they raise ``RegexTimeout`` too. Compiling one may take no more than
``COMPILE_BYTES`` of memory: the ``regex`` package writes a counted repeat out whole (``a{99999999}``).

The patterns of a bundled data file (``filters/boilerplate.txt``) run with plain ``re``, which is twice as
fast on ordinary lines as ``regex`` with a time limit: ``too_slow`` probes such a pattern once, when the
file is read, on lines made from its own repetitions, and the file's reader refuses one that backtracks.
``regex`` cannot stand in for ``re`` in the probe: it is quick on ``(a+)+$``, which ``re`` takes seconds on.
"""

from __future__ import annotations

import re
import resource
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from re import _parser
from re._constants import (
    ANY,
    ASSERT,
    ASSERT_NOT,
    ATOMIC_GROUP,
    BRANCH,
    CATEGORY,
    CATEGORY_DIGIT,
    CATEGORY_NOT_DIGIT,
    CATEGORY_NOT_SPACE,
    CATEGORY_NOT_WORD,
    CATEGORY_SPACE,
    CATEGORY_WORD,
    GROUPREF_EXISTS,
    IN,
    LITERAL,
    MAX_REPEAT,
    MIN_REPEAT,
    NEGATE,
    NOT_LITERAL,
    POSSESSIVE_REPEAT,
    RANGE,
    SUBPATTERN,
)

import regex

LINE_TIMEOUT = 0.25  # seconds per pattern and line; an ordinary pattern takes microseconds
TEXT_TIMEOUT = 5.0  # seconds for all the searches of one text (a ``Budget``), beyond ...
SEARCH_ALLOWANCE = 0.001  # ... this much per search: a thousand times what an ordinary pattern takes
PROBE_LIMIT = 0.01  # seconds a bundled pattern may take on one probe line; an ordinary one takes microseconds
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


def too_slow(pattern: re.Pattern[str], longest: int) -> bool:
    """Whether a search of ``pattern`` takes over ``PROBE_LIMIT`` (twice) on a line of at most ``longest``
    characters made to make it backtrack: for each repetition in it, a text its part before the repetition
    matches, the repetition's body matched over and over, then a text that fails it (``(a|aa)+$``:
    ``aaa…a\\x00``), or fails what follows it: a text that matches that, then ``\\x00`` or the body again
    (``(\\W+)+\\w*$``: ``   …a\\x00``; ``(\\s+)+\\S*$``: ``   …a ``). A repetition of at least
    ``m`` bodies is also given ``m - 1`` of them spread over the line (``(.*a){12}``: ``b…ba`` 11 times). The
    body's repeats grow by a quarter at a time, so that a pattern whose time explodes is caught within a few
    times the limit, not left to run on a line of ``longest`` characters."""
    parsed = _parser.parse(pattern.pattern, pattern.flags)
    probes = dict.fromkeys(
        (before, body, least, end)
        for before, body, least, after in _repetitions(parsed, "")
        for end in ("\x00", "a", after + "\x00", after + body[0])
    )
    for before, body, least, end in probes:
        for line in _lines(before, body, least, end, longest):
            if _cpu(pattern.search, line) > PROBE_LIMIT and _cpu(pattern.search, line) > PROBE_LIMIT:
                return True
    return False


def _lines(before: str, body: str, least: int, end: str, longest: int) -> Iterator[str]:
    """Probe lines of at most ``longest`` characters, growing: ``before``, ``body`` repeated, ``end``; then,
    for a repetition of ``least`` > 1 bodies, ``least - 1`` of them, each after a padding of b's that grows."""
    room = longest - len(before) - len(end)
    yield from (before + body * times + end for times in _growing(room // len(body)))
    if least > 1:
        for times in _growing(room // (least - 1) - len(body)):
            yield before + ("b" * times + body) * (least - 1) + end


def _repetitions(items: _parser.SubPattern, before: str) -> Iterator[tuple[str, str, int, str]]:
    """(a text matching what comes before it, a text its body matches, its least count, a text matching
    what follows it) per backtracking repetition in ``items`` (parsed), two texts for each body: repeats as
    few times as it allows taking first branches, at least once taking last branches (``(a|aa)+``: ``a``,
    ``aa``)."""
    for index, (op, av) in enumerate(items):
        if op in (MAX_REPEAT, MIN_REPEAT) and av[1] > 1:
            after = _sample(items[index + 1 :], True)
            bodies = (_sample(av[2], False), _sample(av[2], True))
            yield from ((before, body, av[0], after) for body in bodies if body)
        for part in _parts(op, av):
            yield from _repetitions(part, before)
        before += _sample([(op, av)], False)


def _parts(op: object, av: object) -> list:
    """The parsed parts inside an item ``(op, av)``: the branches of an alternation, the body of a group,
    a repetition or a lookaround (none for a character or an anchor)."""
    if op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
        return [av[2]]
    if op is SUBPATTERN:
        return [av[3]]
    if op in (ASSERT, ASSERT_NOT):
        return [av[1]]
    if op is ATOMIC_GROUP:
        return [av]
    if op is BRANCH:
        return av[1]
    if op is GROUPREF_EXISTS:
        return [part for part in av[1:] if part is not None]
    return []


def _sample(items: _parser.SubPattern | list, last: bool) -> str:
    """A text that ``items`` (parsed) match, about: repeats as few times as they allow and first branches,
    or (``last``) repeats at least once and last branches; anchors, lookarounds and back references
    match nothing."""
    out = []
    for op, av in items:
        if op is LITERAL:
            out.append(chr(av))
        elif op is NOT_LITERAL or op is ANY:
            out.append("b" if av == ord("a") else "a")
        elif op is IN:
            out.append(next((c for c in [*_own_characters(av), *"a0 !"] if _in_set(c, av)), ""))
        elif op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
            out.append(_sample(av[2], last) * (min(max(av[0], 1), av[1]) if last else av[0]))
        elif op is BRANCH:
            out.append(_sample(av[1][-1 if last else 0], last))
        elif op is GROUPREF_EXISTS:
            out.append(_sample(av[1], last))
        elif op in (SUBPATTERN, ATOMIC_GROUP):
            out.append(_sample(_parts(op, av)[0], last))
    return "".join(out)


def _own_characters(items: list) -> list[str]:
    """The characters a character class (parsed) names: its literals and the first of its ranges."""
    return [chr(av) if op is LITERAL else chr(av[0]) for op, av in items if op in (LITERAL, RANGE)]


def _word(c: str) -> bool:
    return c.isalnum() or c == "_"


_CATEGORIES: dict[object, tuple[Callable[[str], bool], bool]] = {  # a class shorthand: its test, negated
    CATEGORY_DIGIT: (str.isdecimal, False),
    CATEGORY_NOT_DIGIT: (str.isdecimal, True),
    CATEGORY_SPACE: (str.isspace, False),
    CATEGORY_NOT_SPACE: (str.isspace, True),
    CATEGORY_WORD: (_word, False),
    CATEGORY_NOT_WORD: (_word, True),
}


def _in_set(c: str, items: list) -> bool:
    """Whether the character class ``items`` (parsed) holds ``c``."""
    found = any(
        (op is LITERAL and ord(c) == av)
        or (op is RANGE and av[0] <= ord(c) <= av[1])
        or (op is CATEGORY and _CATEGORIES[av][0](c) != _CATEGORIES[av][1])
        for op, av in items
    )
    return found != (items[0][0] is NEGATE)


def _growing(most: int) -> Iterator[int]:
    """1, 2, … 8, then a quarter more each time, up to ``most`` (last)."""
    times = 1
    while times < most:
        yield times
        times = max(times + 1, times * 5 // 4)
    if most > 0:
        yield most


def _cpu(search: Callable[[str], object], line: str) -> float:
    """The CPU time of ``search(line)``."""
    started = _clock()
    search(line)
    return _clock() - started
