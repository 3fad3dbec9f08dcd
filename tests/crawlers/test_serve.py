"""The folder served on 127.0.0.1 for a crawl of a ``serve:`` site."""

from __future__ import annotations

import http.client
import os
import socket
import threading
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

from crawlers.serve import serve_folder


def test_a_crawl_that_hangs_up_mid_page_prints_no_traceback(tmp_path, capfd):
    """A page past max_page_bytes (here: endless, /dev/zero) is dropped by the crawl, which closes the
    connection; the server printed "Exception occurred during processing of request" and a traceback."""
    (tmp_path / "endless.html").symlink_to("/dev/zero")
    with serve_folder(tmp_path) as url:
        address = urlsplit(url)
        with socket.create_connection((address.hostname, address.port)) as client:
            client.sendall(b"GET /endless.html HTTP/1.0\r\n\r\n")
            assert client.recv(1 << 16).startswith(b"HTTP/1.1 200")
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        for thread in threading.enumerate():  # the request's, which meets the hang-up
            if "process_request_thread" in thread.name:
                thread.join(30)
    assert capfd.readouterr() == ("", "")


def test_a_named_pipe_in_the_folder_is_forbidden_at_once_not_waited_on(tmp_path):
    """Opening a named pipe waits for a writer: the request hung until the crawl's timeout, four times."""
    os.mkfifo(tmp_path / "chapter.html")
    with serve_folder(tmp_path) as url, pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{url}chapter.html", timeout=10)
    assert (refused.value.code, refused.value.reason) == (403, "a named pipe, not a page")


def test_pages_are_served_over_one_kept_connection(tmp_path):
    """As a web site serves them: a new connection for every page (HTTP/1.0) took CPU on both sides."""
    (tmp_path / "a.html").write_text("<p>one</p>", encoding="utf-8")
    (tmp_path / "b.html").write_text("<p>two</p>", encoding="utf-8")
    with serve_folder(tmp_path) as url:
        address = urlsplit(url)
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
        served = []
        for name in ("a.html", "b.html"):
            connection.request("GET", f"/{name}")
            response = connection.getresponse()
            served.append((response.version, response.will_close, response.read(), connection.sock))
        connection.close()
    assert [page[:3] for page in served] == [(11, False, b"<p>one</p>"), (11, False, b"<p>two</p>")]
    assert served[0][3] is served[1][3]  # the second page came over the first page's connection
