"""Serve a folder of static pages on 127.0.0.1 (a free port) for the duration of a crawl."""

from __future__ import annotations

import os
import stat
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from pathlib import Path
from typing import BinaryIO


class _QuietHandler(SimpleHTTPRequestHandler):
    # connections kept open between pages, as a web site keeps them: a new one for every page (HTTP/1.0)
    # cost CPU on both sides (half the server's, a tenth of the crawl's); Nagle's algorithm off, or each
    # page of a kept connection waited on the client's delayed ACK (the crawl's wall time doubled)
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass

    def send_head(self) -> BinaryIO | BytesIO | None:
        """A named pipe in the folder is 403: opening it waited for a writer for ever, and the crawl timed
        out on it four times over (80 s at the default timeout) before calling it a ``timeout``."""
        try:
            pipe = stat.S_ISFIFO(os.stat(self.translate_path(self.path)).st_mode)
        except (OSError, ValueError):  # absent, a link loop, a NUL: the stdlib answers those
            pipe = False
        if pipe:
            self.send_error(HTTPStatus.FORBIDDEN, "a named pipe, not a page")
            return None
        return super().send_head()


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A crawl that hangs up mid-page (a page past ``max_page_bytes``, a download timeout) is the crawl's
        to report; the server printed a BrokenPipeError traceback on the terminal."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Yield the base URL (``http://127.0.0.1:PORT/``) of a server for ``folder``; stop it afterwards."""
    server = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, name=f"serve {folder.name}", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
