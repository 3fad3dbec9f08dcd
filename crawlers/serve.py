"""Serve a folder of static pages on 127.0.0.1 (a free port) for the duration of a crawl."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


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
