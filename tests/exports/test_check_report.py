import pytest

from exports import check_report
from exports.report import build_report
from tests.helpers import unavailable


def test_skips_without_chromium(monkeypatch, capsys):
    monkeypatch.setattr(check_report, "find_chromium", lambda: None)
    assert check_report.main(["missing.html"]) == 0
    assert "skipped: chromium not installed" in capsys.readouterr().out


def test_a_page_that_is_not_utf8_is_a_one_line_error(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(check_report, "find_chromium", lambda: "chromium")
    page = tmp_path / "index.html"
    page.write_bytes(b"<html>\xff</html>")
    assert check_report.main([str(page)]) == 1
    assert capsys.readouterr().out == f"error: {page}: not UTF-8 HTML (invalid start byte at byte 6)\n"


@pytest.fixture
def chromium() -> str:
    """The browser's path; without one the test skips, except under CI (.ci/run installs Debian's)."""
    return check_report.find_chromium() or unavailable("chromium not installed")


def test_report_renders_in_chromium(layout, chromium):
    page = build_report(layout)
    assert check_report.main([str(page)]) == 0
    (page.parent / "img" / "scores.png").write_bytes(b"not a png")
    assert check_report.broken_images(page, chromium) == ["img/scores.png"]


def test_help_describes_the_page_argument(capsys):
    with pytest.raises(SystemExit) as exit_:
        check_report.main(["--help"])
    assert exit_.value.code == 0
    assert "the report page to check (default: output/report/index.html)" in capsys.readouterr().out
