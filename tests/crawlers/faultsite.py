"""A fault-injecting web site for crawler tests, served on a loopback address.

A threaded ``http.server`` whose routing table maps a path to a *route*: a function that answers one
request, given the handler and how many times that path was requested before. Route builders below
make healthy pages and faults (error bursts, stalls, dropped connections, truncated bodies, redirects,
a server that goes down). A site served again on the same port (``serve_faults(port=...)``) is the same
site to the crawler: a rerun's journal URLs are the same.
Every request is recorded, so tests can assert how many the crawler made, and when.
"""

from __future__ import annotations

import itertools
import socket
import struct
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Route = Callable[["_Handler", int], None]


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        site = self.server.site
        with site.lock:
            times = site.hits[self.path]
            hit = len(times)
            times.append(time.monotonic())
        try:
            site.routes.get(self.path, page(b"not found", status=404))(self, hit)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the crawler gave up waiting (a timeout test)

    def send(
        self, status: int, body: bytes, headers: dict[str, str] | None = None, length: int | None = None
    ) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.end_headers()
        self.wfile.write(body)

    def reset(self) -> None:
        """Drop the connection with a TCP reset, whatever was sent so far."""
        self.wfile.flush()
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.close_connection = True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    site: FaultSite


class FaultSite:
    """The server's routing table (``routes``: path -> route) and request log (``hits``: path -> times)."""

    def __init__(self, server: _Server) -> None:
        self.port = server.server_address[1]
        self.url = f"http://{server.server_address[0]}:{self.port}/"
        self._server = server
        self.routes: dict[str, Route] = {}
        self.hits: dict[str, list[float]] = defaultdict(list)
        self.lock = threading.Lock()

    def count(self, path: str) -> int:
        with self.lock:
            return len(self.hits.get(path, []))

    def total(self) -> int:
        with self.lock:
            return sum(len(times) for times in self.hits.values())

    def go_down(self) -> None:
        """Stop listening: every later connection is refused (a route may call it: it runs in a thread of its
        own, not in the server's loop)."""
        self._server.shutdown()
        self._server.server_close()


@contextmanager
def serve_faults(host: str = "127.0.0.1", port: int = 0) -> Iterator[FaultSite]:
    """A running fault site on ``host`` and ``port`` (0: a free one); stopped afterwards."""
    server = _Server((host, port), _Handler)
    server.site = FaultSite(server)
    # its loop looks for a shutdown every 0.05 s: going down (``go_down``) takes less than a download timeout
    thread = threading.Thread(
        target=server.serve_forever, args=(0.05,), name=f"fault site {host}", daemon=True
    )
    thread.start()
    try:
        yield server.site
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def page(body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> Route:
    """Always the same answer."""
    return lambda handler, hit: handler.send(status, body, headers)


def failing(times: int, status: int, then: Route, headers: dict[str, str] | None = None) -> Route:
    """``status`` for the first ``times`` requests (a burst), then ``then``."""
    fail = page(f"error {status}".encode(), status, headers)
    return lambda handler, hit: fail(handler, hit) if hit < times else then(handler, hit - times)


def slow(seconds: float, then: Route) -> Route:
    """``then``, after a stall of ``seconds``."""

    def route(handler: _Handler, hit: int) -> None:
        time.sleep(seconds)
        then(handler, hit)

    return route


def reset() -> Route:
    """Close the connection without any response."""
    return lambda handler, hit: handler.reset()


def truncated(body: bytes) -> Route:
    """A ``Content-Length`` larger than the body, which is cut off by a reset."""

    def route(handler: _Handler, hit: int) -> None:
        handler.send(200, body, {"Content-Type": "text/html; charset=utf-8"}, length=len(body) + 1000)
        handler.reset()

    return route


def endless() -> Route:
    """A page of no ``Content-Length`` whose body never ends (until the crawler hangs up)."""

    def route(handler: _Handler, hit: int) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "text/html; charset=utf-8")
        handler.end_headers()
        while True:
            handler.wfile.write(b"<p>more</p>" * 4096)

    return route


def redirect(location: str) -> Route:
    return page(b"", 302, {"Location": location})


def going_down(answers: int, then: Route) -> Route:
    """``then``; the site goes down (``FaultSite.go_down``) before it sends the ``answers``-th of them (on
    any path this route serves): the crawler gets that answer, and a refused connection after it."""
    given = itertools.count(1)

    def route(handler: _Handler, hit: int) -> None:
        if next(given) == answers:
            handler.server.site.go_down()
        then(handler, hit)

    return route
