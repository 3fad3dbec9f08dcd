"""One bad book never blocks the others: it fails by name, the others build, the command exits 1 at the end."""

from __future__ import annotations

import luigi
import pytest

from core import storage
from core.layout import Layout
from pipeline.cli import main
from pipeline.failures import collect
from pipeline.book_stages import CleanBook
from pipeline.crawl_task import CrawlBook
from tests.helpers import local_book, local_config, output_of, params, run_cli, target


def _bad_crc(path):
    """Corrupt one byte of the package document (stored, so its CRC no longer matches)."""
    data = path.read_bytes()
    assert data.count(b'version="3.0"') == 1
    path.write_bytes(data.replace(b'version="3.0"', b'version="3.1"'))


@pytest.mark.slow
def test_a_corrupt_and_a_missing_book_fail_by_name_and_the_good_book_builds(tmp_path):
    good = local_book(tmp_path, "good")
    corrupt_zh, corrupt_en = local_book(tmp_path, "corrupt", first=4)
    _bad_crc(tmp_path / corrupt_en)
    gone_zh, _ = local_book(tmp_path, "gone", first=8)
    config = local_config(
        tmp_path, {"good": good, "corrupt": (corrupt_zh, corrupt_en), "gone": (gone_zh, "books/gone.epub")}
    )
    result = run_cli("corpus", *target(config), timeout=300)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    failed = [line for line in result.stderr.splitlines() if line.startswith("FAILED ")]
    assert [line.split(":")[0] for line in failed] == ["FAILED corrupt", "FAILED gone"]
    gone = (tmp_path / "books" / "gone.epub").as_uri()
    assert failed[1] == f"FAILED gone: CrawlBook: gone/en: file_not_found: {gone}: no such file"
    assert "corrupt.epub" in failed[0]
    layout = Layout(output_of(config))
    assert (
        len(storage.read_rows(layout.aligned("good"), "aligned_pairs")) > 20
    )  # the good book went all the way
    assert "2 of 3 books failed (the others are built)" in result.stderr


def test_a_book_whose_crawl_failed_heads_the_summary_not_finished(tmp_path, capsys):
    config = local_config(tmp_path, {"good": local_book(tmp_path, "good"), "gone": ("gone.txt", "gone.epub")})
    assert main(["corpus", *target(config), "--until", "crawl"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"Corpus NOT finished (failures below); built so far in {output_of(config)}\n")
    assert (
        err.splitlines()[-1]
        == "1 of 2 books failed (the others are built); fix them and run the same command again"
    )


def test_a_crash_in_reading_or_cleaning_is_the_books_named_rejection(tmp_path, monkeypatch):
    import crawlers.stage
    import filters.clean_stage

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})

    def explode(*_args, **_kwargs):
        raise OSError("device vanished\nmid-read")

    monkeypatch.setattr(crawlers.stage, "read_local", explode)
    monkeypatch.setattr(filters.clean_stage, "clean_book", explode)
    run = {**params(config), "run_id": "r1"}
    assert luigi.build([CleanBook(**run, book_id="bk")], local_scheduler=True, log_level="WARNING")
    layout = Layout(output_of(config))
    crawl = storage.read_rows(layout.rejected("crawl", "bk-en"), "rejected")
    assert [(r["item_id"], r["reason"], r["detail"]) for r in crawl] == [
        ("bk/en", "read_error", f"{tmp_path / 'bk.epub'}: OSError: device vanished mid-read")
    ]
    clean = storage.read_rows(layout.rejected("clean", "bk"), "rejected")
    assert [(r["item_id"], r["reason"]) for r in clean] == [("bk", "clean_error")]
    assert collect(layout.root, "r1") == {
        "bk": [
            "CleanBook: OSError: device vanished mid-read",
            f"CrawlBook: bk/en: read_error: {tmp_path / 'bk.epub'}: OSError: device vanished mid-read",
            f"CrawlBook: bk/zh: read_error: {tmp_path / 'bk.txt'}: OSError: device vanished mid-read",
        ]
    }
    assert collect(layout.root, "r1") == {}  # listed once
    assert not CleanBook(**{**run, "run_id": "r2"}, book_id="bk").complete()  # the next run tries again
    assert not CrawlBook(**{**run, "run_id": "r2"}, book_id="bk", lang="en").complete()


def test_a_task_that_fails_in_a_later_stage_is_listed_by_book(tmp_path):
    from pipeline.failures import failure_lines
    from pipeline.book_stages import AlignBook

    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    task = AlignBook(**params(config), run_id="r1", book_id="bk")
    task.on_failure(ValueError("a bead\nout of range"))
    assert failure_lines(collect(output_of(config), "r1")) == [
        "FAILED bk: AlignBook: ValueError: a bead out of range"
    ]
