"""Command-line values checked as they are parsed: a bad one is one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import datetime
import ipaddress
import re

from core.arg_types import digits, shown

MAX_WORKERS = 256
EARLIEST_DATE = datetime.date(2000, 1, 1)  # before any web novel this pipeline reads; 0001-01-01 is a typo
_YMD = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
HOST_NAME = re.compile(
    r"(?!-)[\w-]{1,63}(?<!-)(\.(?!-)[\w-]{1,63}(?<!-))*\.?"
)  # labels of letters, digits, '-'


def workers(text: str) -> int:
    """A worker count from 1 to ``MAX_WORKERS``."""
    if not 1 <= _number(text) <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number from 1 to {MAX_WORKERS}")
    return _number(text)


def port(text: str) -> int:
    """A TCP port, 1 to 65535."""
    if not 1 <= _number(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a port (1 to 65535)")
    return _number(text)


def _number(text: str) -> int:
    """``text`` (spaces around it allowed) as a whole number written in ASCII digits; -1 when it is not one,
    or has more than ``core.arg_types.MAX_DIGITS`` of them (5,000 digits were int()'s ValueError, which argparse reported
    as "invalid port value: '999...'", quoting them all)."""
    text = text.strip()
    return int(text) if digits(text) else -1


def scheduler_host(text: str) -> str:
    """A host name or an IP address, as Luigi puts it in the scheduler's URL (an IPv6 address in brackets)."""
    host = text.strip()
    try:
        address = ipaddress.ip_address(host[1:-1] if host[:1] + host[-1:] == "[]" else host)
    except ValueError:
        if HOST_NAME.fullmatch(host):
            return host
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a host name or an IP address (e.g. luigid.example.org, 127.0.0.1, ::1)"
        ) from None
    return f"[{address}]" if address.version == 6 else str(address)


def iso_date(text: str) -> datetime.date:
    """A calendar date written YYYY-MM-DD (not another of the ISO forms Python reads, 20261201 or
    2026-W48-1), today or earlier: an update records what it fetched under its date, and one dated in the
    future would stand for a day that has not come (``--date 9999-12-31`` was taken), and one before
    ``EARLIEST_DATE`` for a day no site was crawled (``--date 0001-01-01`` was taken)."""
    try:
        date = datetime.date.fromisoformat(text) if _YMD.fullmatch(text) else None
    except ValueError:
        date = None
    if date is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)")
    if date > (today := datetime.date.today()):
        raise argparse.ArgumentTypeError(
            f"{text!r} is in the future (today is {today}): an update is dated today or, to catch up, earlier"
        )
    if date < EARLIEST_DATE:
        raise argparse.ArgumentTypeError(
            f"{text!r} is before {EARLIEST_DATE}: an update is dated today or, to catch up, a recent day"
        )
    return date
