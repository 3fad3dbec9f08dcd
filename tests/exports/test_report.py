import re

from core.storage import write_table
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
    from core.layout import Layout

    empty = build_report(Layout(tmp_path / "empty"))
    assert empty.read_text(encoding="utf-8").count("Not built yet") == 9
    assert (empty.parent / "index.md").is_file()


def test_report_charts_probe_results_when_they_exist(layout):
    from core.storage import write_table

    def row(model: str, phenomenon: str, adjacent: bool, hit: bool) -> dict:
        return {"item_id": f"{phenomenon}-{adjacent}", "model": model, "phenomenon": phenomenon, "subtype": "",
                "adjacent": adjacent, "adjacency": "adjacent" if adjacent else "non_adjacent", "distance": 1 if adjacent else 2, "judged": False, "target": "it",
                "prediction": "it" if hit else "he", "hit": hit, "p_context": None, "p_no_context": None,
                "pieces": None}  # fmt: skip

    rows = [row("models/bert-base-cased", "reference", True, True), row("models/bert-base-cased", "reference", False, False),
            row("baseline:context", "reference", True, False), row("baseline:context", "reference", False, False)]  # fmt: skip
    write_table(rows, "probe_results", layout.evaluation_dir() / "probe.parquet")
    page = build_report(layout)
    markdown = (page.parent / "index.md").read_text(encoding="utf-8")
    assert "## Cohesion probe (masked LMs)" in markdown and "4 of 4 rows are UNJUDGED" in markdown
    assert "| reference | adjacent | 100.0 (1) | 0.0 (1) |" in markdown
    assert (page.parent / "img" / "probe.png").read_bytes().startswith(PNG_MAGIC)


def test_a_hostile_genre_is_plain_text_in_index_md_and_the_chart(layout):
    from core.storage import read_rows, write_table

    books = read_rows(layout.books(), "books")
    books[0]["genre"] = "x|y\n# <img src=x onerror=alert(1)> [link](javascript:alert(1)) *bold* $\\nope{$"
    write_table(books, "books", layout.books())
    markdown = (build_report(layout).parent / "index.md").read_text(encoding="utf-8")
    escaped = r"x\|y \# \<img src=x onerror=alert(1)\> \[link\](javascript:alert(1)) \*bold\* \$\\nope{\$"
    assert f"| {escaped} | 1 | 1 |" in markdown
    assert not re.search(r"(?<!\\)<img|(?<!\\)\]\(javascript|^# <", markdown, re.MULTILINE)


def test_a_build_that_rejected_every_chapter_says_so_not_that_it_is_not_built(tmp_path):
    """Aligned tables of no pair (every chapter rejected) read "Not built yet", and their books counted as
    aligned books."""
    layout = build_output(tmp_path / "rejected", books=2)
    for book in ("book0", "book1"):
        write_table([], "aligned_pairs", layout.aligned(book))
    markdown = (build_report(layout).parent / "index.md").read_text(encoding="utf-8")
    assert "Not built yet" not in markdown
    assert re.findall(
        r"No aligned \w+: the build rejected every chapter \(see the filter funnel\)\.", markdown
    ) == [
        "No aligned chapters: the build rejected every chapter (see the filter funnel).",
        "No aligned pairs: the build rejected every chapter (see the filter funnel).",
        *["No aligned chapters: the build rejected every chapter (see the filter funnel)."] * 4,
    ]
    assert "| romance | 1 | 0 |" in markdown and "| fantasy | 1 | 0 |" in markdown
