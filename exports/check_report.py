"""Check that the report renders in headless Chromium: every image loads (naturalWidth > 0).

    python -m exports.check_report [output/report/index.html | output/report]

A copy of the page (with ``<base>`` pointing at the report folder, so relative images resolve)
gets a script that, on load, writes each image's ``naturalWidth`` into the DOM; Chromium's
``--dump-dom`` prints that DOM, which is parsed here. Exit 0 when every image loaded, or with
"skipped: chromium not installed" when there is no Chromium; 1 when an image is broken, or with one
line on stderr when the page cannot be checked (no such folder, not a folder, no page in it, ...).
Chromium runs in a process group of its own, ended with the check: on a timeout, Ctrl-C or SIGTERM.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

from core.arg_types import OneLineParser, input_path
from core.files import missing, os_problem
from core.processes import Terminated, quiet_interrupts
from core.rejection import last_line
from core.stdio import exit_with

BROWSERS = ("chromium", "chromium-browser", "/usr/bin/chromium")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--virtual-time-budget=5000",
)
PROBE = """<script>window.addEventListener("load", () => {
  for (const img of document.images) img.setAttribute("data-natural-width", img.naturalWidth);
  document.body.setAttribute("data-probed", document.images.length);
});</script>"""


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str | None]] = []
        self.probed: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images.append(dict(attrs))
        elif tag == "body":
            self.probed = dict(attrs).get("data-probed")


def find_chromium() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def _end(process: subprocess.Popen) -> None:
    """Kill the browser's process group and wait for the browser."""
    with contextlib.suppress(ProcessLookupError):  # already gone
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()


@contextlib.contextmanager
def _held_interrupts() -> Iterator[None]:
    """Ctrl-C and SIGTERM held while the block runs (the browser's start), then delivered: one raised inside
    ``Popen`` or before the ``try`` that ends the browser left it running, in a session of its own."""
    held: list[int] = []
    before = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    for signum in before:
        signal.signal(signum, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        for signum in held:
            signal.raise_signal(signum)


def _run(command: list[str], timeout: float) -> tuple[str, str]:
    """stdout and stderr of ``command``; on timeout or an interrupt its whole process group (renderers
    too) is killed: started in a session of its own, Chromium gets no signal of the terminal's."""
    process = None
    try:
        with _held_interrupts():
            process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
            )
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _end(process)
        raise RuntimeError(f"chromium did not finish within {timeout:g} s") from None
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM (``Terminated``)
        if process is not None:
            _end(process)
        raise
    if process.returncode:
        raise RuntimeError(f"chromium exited with {process.returncode}: {_last_line(err)}")
    return out, err


def _last_line(log: str) -> str:
    """The last line of Chromium's log that is not blank (its log runs to many lines), shortened."""
    last = last_line(log, "no message")
    return last if len(last) <= 300 else last[:299] + "…"


def broken_images(page: Path, browser: str, timeout: float = 30) -> list[str]:
    """``src`` of every image of ``page`` that Chromium could not load (raises if the probe never ran)."""
    page = page.resolve()
    try:
        html = page.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise RuntimeError(f"{page}: not UTF-8 HTML ({err.reason} at byte {err.start})") from None
    except OSError as err:  # a device or /proc file that fails on read (EIO)
        raise RuntimeError(f"{page}: cannot be read ({os_problem(err)})") from None
    if "</body>" not in html:  # where the probe goes: a page cut short (or another page) has none
        raise RuntimeError(
            f"{page}: no </body> tag: not a whole report page (build it again with `make report`)"
        )
    probe = f'<base href="{page.parent.as_uri()}/">'
    html = html.replace("<head>", "<head>" + probe, 1).replace("</body>", PROBE + "</body>", 1)
    with tempfile.TemporaryDirectory(prefix="bwb-check-report-") as tmp:
        copy = Path(tmp) / "page.html"
        copy.write_text(html, encoding="utf-8")
        dom, log = _run(
            [browser, *FLAGS, f"--user-data-dir={tmp}/profile", "--dump-dom", copy.as_uri()], timeout
        )
    parser = _Images()
    parser.feed(dom)
    if parser.probed is None:
        raise RuntimeError(
            f"{page}: the image probe did not run in chromium (does the page load another or stop its scripts?)"
        )
    return [img.get("src") or "" for img in parser.images if int(img.get("data-natural-width") or 0) <= 0]


def report_page(path: Path) -> Path:
    """The page ``path`` names: itself, or its ``index.html`` when it is a folder (or, absent, has no suffix)."""
    folder = path.is_dir() or (not path.exists() and not path.suffix)
    return path / "index.html" if folder else path


def page_problem(page: Path) -> str | None:
    """Why ``page`` cannot be checked (its folder missing or a file, no page in it), or None."""
    folder = page.parent
    if not folder.exists():
        return f"{folder}: {missing(folder, 'folder')}"
    if not folder.is_dir():
        return f"{folder}: not a folder"
    if not page.exists():
        return f"{folder}: a folder without the report page {page.name} (build it with `make report`)"
    if not page.is_file():
        return f"{page}: not a file"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m exports.check_report", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "page",
        nargs="?",
        type=input_path,
        default=Path("output/report/index.html"),
        help="the report page to check, or its folder (default: output/report/index.html)",
    )
    page = report_page(parser.parse_args(argv).page)
    if problem := page_problem(page):  # named with or without a browser
        print(f"error: {problem}", file=sys.stderr)
        return 1
    browser = find_chromium()
    if browser is None:
        print("skipped: chromium not installed")
        return 0
    try:
        with quiet_interrupts():
            broken = broken_images(page, browser)
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except Terminated:
        print("terminated: the page was not checked", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("interrupted: the page was not checked", file=sys.stderr)
        return 130
    if broken:
        print(f"FAIL: {len(broken)} image(s) did not render in {page}: " + ", ".join(broken))
        return 1
    print(f"ok: {page} renders in {browser}; every image loaded")
    return 0


if __name__ == "__main__":
    exit_with(main)
