import re

from exports.report import build_report
from tests.exports.synthetic import build_output

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_report_pages_and_images(layout):
    page = build_report(layout)
    html = page.read_text(encoding="utf-8")
    sources = re.findall(r'<img src="([^"]+)"', html)
    assert len(sources) == 7
    for src in sources:
        assert (page.parent / src).read_bytes().startswith(PNG_MAGIC)
    markdown = (page.parent / "index.md").read_text(encoding="utf-8")
    assert re.findall(r"!\[[^\]]*\]\(([^)]+)\)", markdown) == sources
    assert "jieba" in html and "too_few_sentences" in html and "Not built yet" not in html


def test_report_without_tables_says_not_built(tmp_path):
    page = build_report(build_output(tmp_path / "partial", candidates=False))
    html = page.read_text(encoding="utf-8")
    assert html.count("Not built yet") == 1 and "cohesion candidates" in html
    from pipeline.layout import Layout

    empty = build_report(Layout(tmp_path / "empty"))
    assert empty.read_text(encoding="utf-8").count("Not built yet") == 9
    assert (empty.parent / "index.md").is_file()
