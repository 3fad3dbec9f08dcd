"""The folder served on 127.0.0.1 for a crawl of a ``serve:`` site."""

from __future__ import annotations

import socket
import threading
from urllib.parse import urlsplit

from crawlers.serve import serve_folder


def test_a_crawl_that_hangs_up_mid_page_prints_no_traceback(tmp_path, capfd):
    """A page past max_page_bytes (here: endless, /dev/zero) is dropped by the crawl, which closes the
    connection; the server printed "Exception occurred during processing of request" and a traceback."""
    (tmp_path / "endless.html").symlink_to("/dev/zero")
    with serve_folder(tmp_path) as url:
        address = urlsplit(url)
        with socket.create_connection((address.hostname, address.port)) as client:
            client.sendall(b"GET /endless.html HTTP/1.0\r\n\r\n")
            assert client.recv(1 << 16).startswith(b"HTTP/1.0 200")
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        for thread in threading.enumerate():  # the request's, which meets the hang-up
            if "process_request_thread" in thread.name:
                thread.join(30)
    assert capfd.readouterr() == ("", "")
