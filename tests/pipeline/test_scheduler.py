"""A --scheduler-host whose server answers, but not as luigid does, or where nothing answers: one line and
exit 1, not a traceback or a minute of retries."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from luigi.rpc import RPCError

from pipeline.scheduler import CheckedScheduler, check_reachable
from tests.helpers import closed_port, run_cli, target, write_config


def _server(reply: bytes) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))  # unread, the close resets the reply
            self.send_response(200)
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args: object) -> None:
            pass

    return ThreadingHTTPServer(("127.0.0.1", 0), Handler)


@pytest.fixture
def not_luigid(request) -> Iterator[int]:
    server = _server(getattr(request, "param", b"<html>It works!</html>"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


DEEP = b"[" * 100_000 + b"]" * 100_000  # JSON nested too deeply for Python's parser: a RecursionError


@pytest.mark.parametrize(
    "not_luigid", [b"<html></html>", b'{"other": 1}', b"[1, 2]", b"7", DEEP], indirect=True
)
def test_a_reply_that_is_not_luigids_is_an_rpc_error(not_luigid):
    url = f"http://127.0.0.1:{not_luigid}"
    with pytest.raises(RPCError) as err:
        CheckedScheduler(url).ping(worker="w")
    assert str(err.value) == f"{url} answered /api/ping, but not as luigid does"
    with pytest.raises(RPCError) as err:
        check_reachable("127.0.0.1", not_luigid)
    assert str(err.value) == f"{url} answered /api/is_paused, but not as luigid does"


def test_a_build_against_a_web_server_is_one_line_and_exit_1(tmp_path, not_luigid):
    config = write_config(tmp_path, books=["sword-sect"])
    command = ["corpus", *target(config), "--until", "crawl", "--scheduler-host", "127.0.0.1"]
    result = run_cli(*command, "--scheduler-port", str(not_luigid))
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [
        f"http://127.0.0.1:{not_luigid} answered /api/is_paused, but not as luigid does; is luigid running there?"
    ]


def test_where_nothing_answers_the_build_stops_at_once_with_one_line(tmp_path):
    port = closed_port()
    with pytest.raises(RPCError, match=rf"^no luigid answers at 127.0.0.1:{port} \("):
        check_reachable("127.0.0.1", port)
    config = write_config(tmp_path, books=["sword-sect"])
    command = ["corpus", *target(config), "--until", "crawl", "--scheduler-host", "127.0.0.1"]
    result = run_cli(*command, "--scheduler-port", str(port))  # Luigi's retries took a minute
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [
        f"no luigid answers at 127.0.0.1:{port} (Connection refused); is luigid running there?"
    ]


def _serve(server: ThreadingHTTPServer) -> Iterator[int]:
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def luigid_like() -> Iterator[int]:
    """A server on ::1 that answers every POST as luigid answers is_paused."""

    class V6(ThreadingHTTPServer):
        address_family = socket.AF_INET6

    server = _server(b'{"response": {"paused": false}}')
    server.server_close()
    yield from _serve(V6(("::1", 0), server.RequestHandlerClass))


def test_an_ipv6_scheduler_host_is_reached(luigid_like):
    check_reachable("[::1]", luigid_like)  # "[::1]" went to the socket as a host name: never reached


def test_a_server_that_takes_the_connection_but_says_nothing_is_one_line():
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        with pytest.raises(RPCError) as err:
            check_reachable("127.0.0.1", port, timeout=0.2)  # Luigi's client retried for 90 s
    assert str(err.value) == (
        f"no luigid answers at 127.0.0.1:{port} (it took the connection but sent no complete reply in 0.2 s)"
    )


def test_a_web_server_without_luigids_api_is_one_line():
    class NoPost(BaseHTTPRequestHandler):  # POST: HTTP 501, which Luigi's client retried for a minute
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), NoPost)
    for port in _serve(server):
        with pytest.raises(RPCError) as err:
            check_reachable("127.0.0.1", port)
        assert (
            str(err.value)
            == f"http://127.0.0.1:{port} answered /api/is_paused with HTTP 501, not as luigid does"
        )


@pytest.fixture
def raw_server() -> Iterator[Callable[[Callable[[socket.socket], None]], int]]:
    """Start a server on 127.0.0.1 that hands each connection (the check's bare connect, then its request)
    to a function of its own thread; returns the port."""
    listening = []

    def start(serve: Callable[[socket.socket], None]) -> int:
        sock = socket.create_server(("127.0.0.1", 0))
        listening.append(sock)

        def accept() -> None:
            while True:
                try:
                    conn = sock.accept()[0]
                except OSError:  # closed at the end of the test
                    return
                threading.Thread(target=serve, args=(conn,), daemon=True).start()

        threading.Thread(target=accept, daemon=True).start()
        return sock.getsockname()[1]

    yield start
    for sock in listening:
        sock.close()


def test_a_server_that_sends_its_reply_a_byte_at_a_time_is_given_up_on_in_the_timeout(raw_server):
    """Each byte came within the socket's timeout, so the check read on for as long as the server sent
    (a header line without end: for ever, the build saying nothing)."""
    reply = b"HTTP/1.0 200 OK\r\nX-Slow: " + b"x" * 40 + b"\r\n\r\n" + b'{"response": {"paused": false}}'

    def trickle(conn: socket.socket) -> None:
        with conn, contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the check gave up and left
            if conn.recv(1 << 16):  # the request (the bare connect sends nothing)
                for byte in reply:  # 9 s in all
                    conn.sendall(bytes([byte]))
                    threading.Event().wait(0.1)

    port = raw_server(trickle)
    with pytest.raises(RPCError) as err:
        check_reachable("127.0.0.1", port, timeout=0.5)
    assert str(err.value) == (
        f"no luigid answers at 127.0.0.1:{port} (it took the connection but sent no complete reply in 0.5 s)"
    )


def test_a_server_that_sends_without_end_is_read_no_further_than_a_reply_can_be(raw_server):
    sent = []
    done = threading.Event()

    def flood(conn: socket.socket) -> None:
        with conn:
            if not conn.recv(1 << 16):
                return
            try:
                conn.sendall(b"HTTP/1.0 200 OK\r\n\r\n")
                for _ in range(1024):  # 64 MB, past any socket buffer
                    conn.sendall(b"[" * (1 << 16))
                    sent.append(1)
            except OSError:  # the client hung up
                pass
            done.set()

    port = raw_server(flood)
    with pytest.raises(RPCError) as err:
        check_reachable("127.0.0.1", port, timeout=60)
    assert str(err.value) == f"http://127.0.0.1:{port} answered /api/is_paused, but not as luigid does"
    assert done.wait(60)
    assert len(sent) < 1024
