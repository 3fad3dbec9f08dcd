"""Every artifact's path under the output folder."""

from __future__ import annotations

from pathlib import Path

from core.layout import Layout

ROOT = Path("/out")


def test_per_book_tables_have_one_file_per_book():
    layout = Layout(ROOT)
    assert layout.books() == ROOT / "books.parquet"
    assert layout.raw("zh", "bk") == ROOT / "raw/zh/bk.parquet"
    assert layout.crawl_journal("en", "bk") == ROOT / "crawl/en/bk.jsonl"
    assert layout.crawl_report("en", "bk") == ROOT / "crawl/en/bk.report.json"
    assert layout.clean("bk") == ROOT / "clean/bk.parquet"
    assert layout.deduped("bk") == ROOT / "dedup/bk.parquet"
    assert layout.chapters("bk") == ROOT / "chapters/bk.parquet"
    assert layout.aligned("bk") == ROOT / "aligned/bk.parquet"
    assert layout.candidates("bk") == ROOT / "candidates/bk.parquet"
    assert layout.corrections("bk") == ROOT / "corrections/bk.parquet"


def test_rejections_and_stats_are_per_stage_and_name():
    layout = Layout(ROOT)
    assert layout.rejected("align", "bk") == ROOT / "rejected/align/bk.parquet"
    assert layout.rejected("dedup", "corpus") == ROOT / "rejected/dedup/corpus.parquet"
    assert layout.stats("filter", "bk") == ROOT / "stats/filter/bk.json"


def test_folders_of_corpus_level_outputs():
    layout = Layout(ROOT)
    assert layout.export_dir() == ROOT / "export"
    assert layout.evaluation_dir() == ROOT / "evaluation"
    assert layout.report_dir() == ROOT / "report"
    assert layout.qc_dir() == ROOT / "qc"
    assert layout.mt_dir() == ROOT / "mt"
    assert layout.mt_scores("test", "nmt") == ROOT / "mt/test/nmt.parquet"


def test_layouts_of_the_same_folder_are_equal():
    assert Layout(ROOT) == Layout(Path("/out"))
    assert Layout(ROOT) != Layout(Path("/other"))
