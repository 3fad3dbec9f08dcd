"""The client of a central luigid (``--scheduler-host``): Luigi's, with a reply that is not luigid's an ``RPCError``."""

from __future__ import annotations

import json
import socket

from luigi.interface import _WorkerSchedulerFactory
from luigi.rpc import RemoteScheduler, RPCError


class CheckedScheduler(RemoteScheduler):
    """Luigi's ``RemoteScheduler``; a reply that is not JSON with a ``response`` (another HTTP server on that
    port: a web page, other JSON) is an ``RPCError`` naming the server, not a traceback from deep in Luigi."""

    def _fetch(self, url_suffix: str, body: dict) -> str:
        page = super()._fetch(url_suffix, body)
        try:
            json.loads(page)["response"]
        except (ValueError, KeyError, TypeError):  # not JSON; JSON without "response"; a list, a number
            raise RPCError(f"{self._url} answered {url_suffix}, but not as luigid does") from None
        return page


class CheckedFactory(_WorkerSchedulerFactory):
    """What ``luigi.build`` makes its worker and scheduler with: a ``CheckedScheduler`` for a central luigid."""

    def create_remote_scheduler(self, url: str) -> CheckedScheduler:
        return CheckedScheduler(url)


def check_reachable(host: str, port: int, timeout: float = 5.0) -> None:
    """``RPCError`` at once when nothing at ``host``:``port`` accepts a connection (no luigid there, a
    wrong host or port): Luigi's own client would first retry for about a minute, saying nothing."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return
    except OSError as err:
        raise RPCError(f"no luigid answers at {host}:{port} ({err.strerror or err})") from None
