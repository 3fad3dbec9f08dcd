"""Commands given a missing, empty or unknown input exit non-zero with one line, never a traceback."""

from __future__ import annotations

import pytest

from core.layout import Layout
from exports.chapter_view import inspect_problem
from pipeline.cli import main
from tests.helpers import output_of, target, write_config


@pytest.fixture
def config(tmp_path):
    return write_config(tmp_path, books=["city-star", "sword-sect"])


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return code, err.strip()


def test_inspect_tells_an_unknown_book_from_an_unbuilt_one(config, capsys):
    out = output_of(config)
    assert _run(capsys, "inspect", *target(config), "no-such-book/3") == (
        1, "unknown book 'no-such-book' (the config lists: city-star, sword-sect)")
    assert _run(capsys, "inspect", *target(config), "city-star/3") == (
        1, f"book 'city-star' is not built yet in {out} (run: make corpus)")
    assert _run(capsys, "inspect", *target(config), "city-star") == (
        1, "'city-star' is not a chapter id (BOOK_ID/CHAPTER_NO, e.g. city-star/3)")


def test_a_book_with_one_side_crawled_can_be_inspected(tmp_path):
    layout = Layout(tmp_path)
    layout.raw("en", "city-star").parent.mkdir(parents=True)
    layout.raw("en", "city-star").write_bytes(b"")  # only its presence is checked before describing
    assert inspect_problem(layout, "city-star/3", ["city-star"]) is None


def test_a_chapter_number_the_book_does_not_have_is_an_error(tmp_path):
    from core import storage

    layout = Layout(tmp_path)
    rows = [{"raw_id": f"bk/zh/0000{n}", "book_id": "bk", "lang": "zh", "toc_index": n, "chapter_no": no, "part": None,
             "title": "t", "paragraphs": ["p"], "sentences": ["s"], "n_chars": 1, "content_hash": "h"}
            for n, no in enumerate([1, 2, None, 4])]
    storage.write_table(rows, "clean_chapters", layout.clean("bk"))
    storage.write_table([], "raw_chapters", layout.raw("zh", "bk"))
    assert inspect_problem(layout, "bk/4", ["bk"]) is None
    assert inspect_problem(layout, "bk/99", ["bk"]) == "book 'bk' has no chapter 99 (chapters 1-4; see rejected/ for the others)"


def test_stats_on_an_empty_output_folder_is_an_error(config, capsys):
    assert _run(capsys, "stats", *target(config)) == (1, f"no aligned corpus in {output_of(config)} (run: make corpus)")


def test_a_config_path_that_is_a_directory_is_a_config_error(tmp_path, capsys):
    assert _run(capsys, "stats", "--config", str(tmp_path)) == (
        2, f"config error: {tmp_path}: is a directory, not a config file")
