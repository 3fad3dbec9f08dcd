import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

from core.paths import REPO_ROOT
from core.processes import Terminated, quiet_interrupts
from exports import check_report
from exports.report import build_report
from tests.helpers import HANG, unavailable


def test_skips_without_chromium_but_names_a_missing_page_all_the_same(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(check_report, "find_chromium", lambda: None)
    (tmp_path / "index.html").write_text("<html></html>")
    assert check_report.main([str(tmp_path)]) == 0
    assert capsys.readouterr() == ("skipped: chromium not installed\n", "")
    assert check_report.main([str(tmp_path / "none")]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'none'}: no such folder\n")


def test_a_page_that_is_not_utf8_is_a_one_line_error(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(check_report, "find_chromium", lambda: "chromium")
    page = tmp_path / "index.html"
    page.write_bytes(b"<html>\xff</html>")
    assert check_report.main([str(page)]) == 1
    assert capsys.readouterr() == ("", f"error: {page}: not UTF-8 HTML (invalid start byte at byte 6)\n")


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux's /proc")
def test_a_page_that_fails_on_read_is_a_one_line_error(monkeypatch, capsys):
    monkeypatch.setattr(check_report, "find_chromium", lambda: "chromium")
    page = os.path.realpath("/proc/self/mem")  # a file whose read at offset 0 fails: Input/output error
    assert check_report.main(["/proc/self/mem"]) == 1
    assert capsys.readouterr() == ("", f"error: {page}: cannot be read (Input/output error)\n")


def test_a_wrong_folder_or_a_missing_page_is_named_on_stderr(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(check_report, "find_chromium", lambda: "chromium")
    (tmp_path / "report").mkdir()
    (tmp_path / "file").write_text("x", encoding="utf-8")
    (tmp_path / "odd" / "index.html").mkdir(parents=True)
    for argument, error in (
        ("absent/index.html", "absent: no such folder"),
        ("absent", "absent: no such folder"),
        ("file/index.html", "file: not a folder"),
        ("report", "report: a folder without the report page index.html (build it with `make report`)"),
        (
            "report/index.html",
            "report: a folder without the report page index.html (build it with `make report`)",
        ),
        ("odd", "odd/index.html: not a file"),
    ):
        assert check_report.main([str(tmp_path / argument)]) == 1
        assert capsys.readouterr() == ("", f"error: {tmp_path}/{error}\n")


@pytest.fixture
def chromium() -> str:
    """The browser's path; without one the test skips, except under CI (.ci/run installs Debian's)."""
    return check_report.find_chromium() or unavailable("chromium not installed")


def test_report_renders_in_chromium(layout, chromium):
    page = build_report(layout)
    assert check_report.main([str(page)]) == 0
    assert check_report.main([str(page.parent)]) == 0  # the report's folder names its page
    (page.parent / "img" / "scores.png").write_bytes(b"not a png")
    assert check_report.broken_images(page, chromium) == ["img/scores.png"]


def test_help_describes_the_page_argument(capsys):
    with pytest.raises(SystemExit) as exit_:
        check_report.main(["--help"])
    assert exit_.value.code == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "page the report page to check, or its folder (default: output/report/index.html)" in help_text


def test_a_page_name_too_long_for_the_system_is_one_line_not_a_traceback(capsys, tmp_path):
    page = str(tmp_path / ("a" * 300))
    with pytest.raises(SystemExit) as exited:
        check_report.main([page])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        f"python -m exports.check_report: error: argument page: {page!r}: File name too long"
        " (see python -m exports.check_report --help)\n"
    )


def test_sigterm_ends_the_browser_with_the_check_and_says_so_in_one_line(tmp_path):
    """Chromium runs in a session of its own: a check ended by ``timeout`` or ``kill`` takes it along
    (else a page whose script never ends keeps a renderer busy after the check is gone)."""
    folder, started = tmp_path / "bin", tmp_path / "browser.pid"
    folder.mkdir()
    (folder / "chromium").write_text(f'#!/bin/sh\necho $$ > "{started}"\nexec sleep 300\n')
    (folder / "chromium").chmod(0o755)
    page = tmp_path / "index.html"
    page.write_text("<html><head></head><body></body></html>", encoding="utf-8")
    check = subprocess.Popen(
        [sys.executable, "-m", "exports.check_report", str(page)],
        cwd=REPO_ROOT,
        env=os.environ | {"PATH": f"{folder}:{os.environ['PATH']}"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + HANG
    while not (started.exists() and started.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.05)
    browser = int(
        started.read_text()
    )  # the check may still be inside Popen: the signal is held till it returns
    try:
        check.send_signal(signal.SIGTERM)
        assert check.communicate(timeout=HANG) == ("", "terminated: the page was not checked\n")
        assert check.returncode == 143
        with pytest.raises(ProcessLookupError):
            os.kill(browser, 0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(browser, signal.SIGKILL)


def test_a_page_without_its_body_end_tag_is_one_line_before_any_browser_runs(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(check_report, "find_chromium", lambda: "no-such-browser")
    for name, text in (("empty.html", ""), ("cut.html", "<html><head></head><body><p>half a rep")):
        page = tmp_path / name
        page.write_text(text, encoding="utf-8")
        assert check_report.main([str(page)]) == 1
        assert capsys.readouterr() == (
            "",
            f"error: {page}: no </body> tag: not a whole report page (build it again with `make report`)\n",
        )


LOG = "[1:1:ERROR:dbus/bus.cc] Failed to connect to the bus\n" * 20 + "[1:1:FATAL] no display\n\n"


def test_a_probe_that_did_not_run_is_one_line_not_the_browser_log(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(check_report, "find_chromium", lambda: "chromium")
    monkeypatch.setattr(check_report, "_run", lambda command, timeout: ("<html><body></body></html>", LOG))
    page = tmp_path / "index.html"
    page.write_text("<html><head></head><body></body></html>", encoding="utf-8")
    assert check_report.main([str(page)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {page}: the image probe did not run in chromium (does the page load another or stop its "
        "scripts?)\n",
    )


def test_a_browser_that_fails_is_named_with_the_last_line_of_its_log(tmp_path):
    browser = tmp_path / "browser"
    browser.write_text(f"#!/bin/sh\nprintf '{LOG}' >&2\nexit 3\n")
    browser.chmod(0o755)
    with pytest.raises(RuntimeError) as failed:
        check_report._run([str(browser)], timeout=30)
    assert str(failed.value) == "chromium exited with 3: [1:1:FATAL] no display"


def test_a_sigterm_while_the_browser_starts_ends_it_too(monkeypatch):
    """A SIGTERM inside ``Popen`` (the browser forked, its pid not yet returned) or just after it, before the
    ``try`` that ends the browser, left the browser running in a session of its own."""
    started = []
    popen = subprocess.Popen

    def starting(*args, **kwargs):
        started.append(popen(*args, **kwargs))
        signal.raise_signal(signal.SIGTERM)
        return started[-1]

    monkeypatch.setattr(subprocess, "Popen", starting)
    with pytest.raises(Terminated), quiet_interrupts():
        check_report._run(["sleep", "300"], timeout=HANG)
    [browser] = started
    ended = browser.poll()
    browser.kill()  # where the check left it running
    browser.wait()
    assert ended == -signal.SIGKILL
