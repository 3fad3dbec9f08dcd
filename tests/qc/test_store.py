"""Where QC verdicts and corrections are kept; absent files read as empty; fingerprints of the files."""

from __future__ import annotations

import pytest

from core.layout import Layout
from core.storage import DamagedFile, file_sha256, write_json, write_table
from qc.store import (
    accuracy_path,
    corrected_books,
    fingerprints,
    read_corrections,
    read_verdicts_table,
    verdicts_path,
)


def _correction(chapter_id: str, pair_id: str, part: int) -> dict:
    return {
        "pair_id": pair_id,
        "part": part,
        "chapter_id": chapter_id,
        "book_id": chapter_id.split("/")[0],
        "orig_zh_idx": [0, 1],
        "orig_en_idx": [0],
        "zh_idx": [part],
        "en_idx": [0] if part == 0 else [],
        "chapter_hash": "h",
        "reviewer": "r",
    }


def test_paths_live_in_the_qc_folder(tmp_path):
    layout = Layout(tmp_path)
    assert verdicts_path(layout) == tmp_path / "qc" / "verdicts.parquet"
    assert accuracy_path(layout) == tmp_path / "qc" / "accuracy.json"


def test_absent_files_read_as_empty(tmp_path):
    layout = Layout(tmp_path)
    assert read_verdicts_table(layout) == []
    assert read_corrections(layout, "bk") == {}
    assert corrected_books(layout) == []
    assert fingerprints(layout, results=True) == {}


def test_a_folder_in_place_of_a_file_is_a_damaged_file_not_an_absent_one(tmp_path):
    layout = Layout(tmp_path)
    for path, read in (
        (verdicts_path(layout), lambda: read_verdicts_table(layout)),
        (layout.corrections("bk"), lambda: read_corrections(layout, "bk")),
    ):
        path.mkdir(parents=True)
        with pytest.raises(DamagedFile) as err:  # qc import: one line, no IsADirectoryError on writing
            read()
        assert err.value.path == path


def test_a_looping_link_in_place_of_a_file_is_a_damaged_file_not_an_absent_one(tmp_path):
    """A corrections file that is a link that loops was read as no corrections: export went on without them."""
    layout = Layout(tmp_path)
    for path, read in (
        (verdicts_path(layout), lambda: read_verdicts_table(layout)),
        (layout.corrections("bk"), lambda: read_corrections(layout, "bk")),
    ):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(path.name)
        with pytest.raises(DamagedFile) as err:
            read()
        assert err.value.path == path


def test_verdicts_round_trip(tmp_path):
    layout = Layout(tmp_path)
    verdict = {
        "pair_id": "bk/3/0",
        "chapter_id": "bk/3",
        "book_id": "bk",
        "zh_idx": [0],
        "en_idx": [0, 1],
        "correct": False,
        "reviewer": "r",
        "source": "review.tsv",
    }
    write_table([verdict], "qc_verdicts", verdicts_path(layout))
    assert read_verdicts_table(layout) == [verdict]


def test_corrections_are_read_by_chapter_in_file_order(tmp_path):
    layout = Layout(tmp_path)
    rows = [
        _correction("bk/3", "bk/3/0", 0),
        _correction("bk/4", "bk/4/2", 0),
        _correction("bk/3", "bk/3/0", 1),
    ]
    write_table(rows, "corrections", layout.corrections("bk"))
    for book in ("zz", "aa", "mm", "cc"):
        write_table([_correction(f"{book}/1", f"{book}/1/0", 0)], "corrections", layout.corrections(book))
    assert corrected_books(layout) == ["aa", "bk", "cc", "mm", "zz"]
    assert read_corrections(layout, "bk") == {"bk/3": [rows[0], rows[2]], "bk/4": [rows[1]]}
    assert read_corrections(layout, "no-such-book") == {}


def test_fingerprints_name_each_file_by_its_path_under_the_output_folder(tmp_path):
    layout = Layout(tmp_path)
    write_table([_correction("bk/3", "bk/3/0", 0)], "corrections", layout.corrections("bk"))
    write_json({"accuracy": 0.9}, accuracy_path(layout))
    write_table([], "mt_scores", layout.mt_scores("test", "nmt"))
    corrections = {"corrections/bk.parquet": file_sha256(layout.corrections("bk"))}
    assert fingerprints(layout) == {"annotations": corrections}
    assert fingerprints(layout, results=True) == {
        "annotations": {
            **corrections,
            "qc/accuracy.json": file_sha256(accuracy_path(layout)),
            "mt/test/nmt.parquet": file_sha256(layout.mt_scores("test", "nmt")),
        }
    }
    assert fingerprints(layout, corrections=False) == {}
    assert set(fingerprints(layout, corrections=False, results=True)["annotations"]) == {
        "qc/accuracy.json",
        "mt/test/nmt.parquet",
    }


def test_the_reports_fingerprint_covers_the_exported_test_sets_once_mt_is_scored(tmp_path):
    """The report's leaderboard says whether MT was scored on the test set exported now: an export of another
    split since left the report saying "this export" (a rebuilt report said "an earlier export")."""
    layout = Layout(tmp_path)
    text = layout.export_dir() / "text"
    text.mkdir(parents=True)
    for name, line in (("test.ids", "bk/1\n"), ("test.en", "A line.\n"), ("test.zh", "一\n")):
        (text / name).write_text(line, encoding="utf-8")
    assert fingerprints(layout, results=True) == {}
    write_table([], "mt_scores", layout.mt_scores("test", "nmt"))
    assert fingerprints(layout, results=True) == {
        "annotations": {
            "mt/test/nmt.parquet": file_sha256(layout.mt_scores("test", "nmt")),
            "export/text/test.en": file_sha256(text / "test.en"),
            "export/text/test.ids": file_sha256(text / "test.ids"),
        }
    }


def test_a_changed_correction_changes_the_fingerprint(tmp_path):
    layout = Layout(tmp_path)
    write_table([_correction("bk/3", "bk/3/0", 0)], "corrections", layout.corrections("bk"))
    before = fingerprints(layout)
    write_table([_correction("bk/3", "bk/3/0", 1)], "corrections", layout.corrections("bk"))
    assert fingerprints(layout) != before


def test_a_probe_run_changes_the_report_s_fingerprint(tmp_path):
    """``python -m cohesion.evaluate`` writes evaluation/probe.parquet, which the report charts: a report
    built before it runs again after it."""
    layout = Layout(tmp_path)
    probe = layout.evaluation_dir() / "probe.parquet"
    write_table([], "probe_results", probe)
    assert fingerprints(layout, results=True) == {
        "annotations": {"evaluation/probe.parquet": file_sha256(probe)}
    }
    assert fingerprints(layout) == {}
