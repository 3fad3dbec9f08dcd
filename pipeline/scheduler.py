"""The client of a central luigid (``--scheduler-host``): Luigi's, with a reply that is not luigid's an ``RPCError``."""

from __future__ import annotations

import json
import socket
import threading
import urllib.error
import urllib.request

from luigi.interface import _WorkerSchedulerFactory
from luigi.rpc import RemoteScheduler, RPCError

from core.files import os_problem

MAX_REPLY = 1 << 16  # bytes of an is_paused reply read: luigid's is a few dozen


class CheckedScheduler(RemoteScheduler):
    """Luigi's ``RemoteScheduler``; a reply that is not JSON with a ``response`` (another HTTP server on that
    port: a web page, other JSON) is an ``RPCError`` naming the server, not a traceback from deep in Luigi."""

    def _fetch(self, url_suffix: str, body: dict) -> str:
        page = super()._fetch(url_suffix, body)
        try:
            json.loads(page)["response"]
        except (ValueError, KeyError, TypeError, RecursionError):  # not JSON; no "response"; nested deep
            raise RPCError(f"{self._url} answered {url_suffix}, but not as luigid does") from None
        return page


class CheckedFactory(_WorkerSchedulerFactory):
    """What ``luigi.build`` makes its worker and scheduler with: a ``CheckedScheduler`` for a central luigid."""

    def create_remote_scheduler(self, url: str) -> CheckedScheduler:
        return CheckedScheduler(url)


def check_reachable(host: str, port: int, timeout: float = 5.0) -> None:
    """``RPCError`` at once when no luigid answers at ``host``:``port`` (an IPv6 address in brackets, as
    in Luigi's URL): nothing accepts a connection there (a wrong host or port), or what does sends no
    reply, or one that is not luigid's (another HTTP server on that port). Luigi's own client would
    first retry for one to two minutes, saying nothing."""
    address = host[1:-1] if host[:1] + host[-1:] == "[]" else host  # the socket takes ::1, not [::1]
    try:
        with socket.create_connection((address, port), timeout=timeout):
            pass
    except OSError as err:
        raise RPCError(f"no luigid answers at {host}:{port} ({os_problem(err)})") from None
    url = f"http://{host}:{port}"
    try:
        json.loads(_is_paused(url, timeout))["response"]
    except (TimeoutError, urllib.error.URLError) as err:
        if isinstance(err, urllib.error.HTTPError):
            raise RPCError(
                f"{url} answered /api/is_paused with HTTP {err.code}, not as luigid does"
            ) from None
        if isinstance(err, urllib.error.URLError) and not isinstance(err.reason, TimeoutError):
            raise RPCError(
                f"no luigid answers at {host}:{port} ({getattr(err.reason, 'strerror', None) or err.reason})"
            ) from None
        raise RPCError(
            f"no luigid answers at {host}:{port} (it took the connection but sent no complete reply in {timeout:g} s)"
        ) from None
    except (OSError, ValueError, KeyError, TypeError, RecursionError):  # cut short; not JSON; no "response"
        raise RPCError(f"{url} answered /api/is_paused, but not as luigid does") from None


def _is_paused(url: str, timeout: float) -> bytes:
    """The reply to a question that changes nothing in luigid, asked as Luigi asks (a POST of its JSON data),
    cut after ``MAX_REPLY`` bytes (a server that sends for ever); ``TimeoutError`` when it is not whole within
    ``timeout`` seconds in all: the socket's own timeout is per read, and a server that sends a byte a
    second never trips it (the build waited for ever, saying nothing)."""
    outcome: list[bytes | BaseException] = []

    def ask() -> None:
        try:
            with urllib.request.urlopen(f"{url}/api/is_paused", b"data=%7B%7D", timeout=timeout) as reply:
                outcome.append(reply.read(MAX_REPLY + 1))
        except BaseException as err:  # noqa: BLE001 -- raised again in the asking thread
            outcome.append(err)

    asker = threading.Thread(target=ask, name="luigid check", daemon=True)  # left blocked past the deadline
    asker.start()
    asker.join(timeout)
    if not outcome:
        raise TimeoutError
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]
