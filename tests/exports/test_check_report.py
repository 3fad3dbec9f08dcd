import pytest

from exports import check_report
from exports.report import build_report


def test_skips_without_chromium(monkeypatch, capsys):
    monkeypatch.setattr(check_report, "find_chromium", lambda: None)
    assert check_report.main(["missing.html"]) == 0
    assert "skipped: chromium not installed" in capsys.readouterr().out


@pytest.mark.skipif(check_report.find_chromium() is None, reason="chromium not installed")
def test_report_renders_in_chromium(layout):
    page = build_report(layout)
    assert check_report.main([str(page)]) == 0
    (page.parent / "img" / "scores.png").write_bytes(b"not a png")
    assert check_report.broken_images(page, check_report.find_chromium()) == ["img/scores.png"]


def test_help_describes_the_page_argument(capsys):
    with pytest.raises(SystemExit) as exit_:
        check_report.main(["--help"])
    assert exit_.value.code == 0
    assert "the report page to check (default: output/report/index.html)" in capsys.readouterr().out
