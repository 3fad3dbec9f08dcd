"""The report's sections: "not built yet" on an empty folder, exact tables on a small made-up one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core.layout import Layout
from core.schemas import TABLES
from core.storage import write_table
from exports.document import Image, Section, Table
from exports.sections import (
    alignment_section,
    cohesion_section,
    funnel_section,
    genre_section,
    lengths_section,
    not_built,
    probe_section,
    table6_section,
)


def _rows(table: str, *changes: dict) -> list[dict]:
    """Rows of ``table`` with every field null except ``changes``."""
    return [{**dict.fromkeys(TABLES[table].names), **change} for change in changes]


def _write(path: Path, table: str, *changes: dict) -> None:
    write_table(_rows(table, *changes), table, path)


@pytest.fixture
def img(tmp_path: Path) -> Path:
    folder = tmp_path / "img"
    folder.mkdir()
    return folder


def test_not_built_names_what_is_missing():
    assert not_built("Genres", "books.parquet") == Section("Genres", ["Not built yet: no books.parquet."])


def test_an_empty_output_folder_gives_not_built_sections(tmp_path, img):
    layout = Layout(tmp_path / "out")
    assert table6_section({}) == not_built("Corpus statistics (BWB Table 6)", "aligned chapters")
    assert lengths_section({}, img) == not_built("Sentence and chapter lengths", "aligned chapters")
    assert funnel_section(layout, img) == not_built("Filter funnel", "raw chapters or rejections")
    assert alignment_section(layout, img) == not_built("Alignment: bead types and scores", "aligned pairs")
    assert genre_section(layout, [], img) == not_built("Genres", "books.parquet")
    assert cohesion_section(layout, img) == not_built("Cohesion candidates", "cohesion candidates")
    assert probe_section(layout, img) is None
    assert list(img.iterdir()) == []


def test_the_funnel_counts_fetched_rejected_and_kept_in_stage_order(tmp_path, img):
    layout = Layout(tmp_path)
    _write(layout.raw("zh", "bk"), "raw_chapters", {"raw_id": "bk/zh/00000"}, {"raw_id": "bk/zh/00001"})
    _write(layout.raw("en", "bk"), "raw_chapters", {"raw_id": "bk/en/00000"})
    _write(
        layout.rejected("align", "bk"),
        "rejected",
        {"stage": "align", "reason": "low_score", "lang": ""},
    )
    _write(
        layout.rejected("clean", "bk"),
        "rejected",
        {"stage": "clean", "reason": "empty", "lang": "zh"},
        {"stage": "clean", "reason": "empty", "lang": "en"},
        {"stage": "clean", "reason": "empty", "lang": "zh"},
    )
    _write(
        layout.rejected("pair", "bk"),
        "rejected",
        {"stage": "pair", "reason": "renumbered", "lang": ""},
        {"stage": "filter", "reason": "split", "lang": ""},  # a kept outcome's name, but not at pairing
    )
    _write(layout.chapters("bk"), "chapters", {"chapter_id": "bk/1"}, {"chapter_id": "bk/2"})
    _write(layout.aligned("bk"), "aligned_pairs", {"chapter_id": "bk/1"}, {"chapter_id": "bk/1"})
    section = funnel_section(layout, img)
    assert section.title == "Filter funnel"
    table = section.blocks[0]
    assert isinstance(table, Table)
    assert table.rows == [
        {"step": "in", "stage": "crawl", "reason": "raw chapters fetched", "zh": 2, "en": 1, "pair": 0},
        {"step": "rejected", "stage": "clean", "reason": "empty", "zh": 2, "en": 1, "pair": 0},
        {
            "step": "kept, paired by content",
            "stage": "pair",
            "reason": "renumbered",
            "zh": 0,
            "en": 0,
            "pair": 1,
        },
        {"step": "rejected", "stage": "filter", "reason": "split", "zh": 0, "en": 0, "pair": 1},
        {"step": "rejected", "stage": "align", "reason": "low_score", "zh": 0, "en": 0, "pair": 1},
        {"step": "kept", "stage": "pair", "reason": "paired chapters", "zh": 0, "en": 0, "pair": 2},
        {"step": "kept", "stage": "align", "reason": "aligned chapters", "zh": 0, "en": 0, "pair": 1},
    ]
    assert section.blocks[-1] == Image("img/rejections.png", "rejections by stage and reason")
    assert (img / "rejections.png").is_file()


def test_bead_types_most_common_first_with_shares(tmp_path, img):
    layout = Layout(tmp_path)
    kinds = ["1-1", "1-2", "1-1", "0-1", "1-1", "1-2", "1-1", "1-1"]
    _write(layout.aligned("bk"), "aligned_pairs", *({"bead_type": k, "score": 0.5} for k in kinds))
    section = alignment_section(layout, img)
    assert section.blocks == [
        Table(
            [
                {"bead type": "1-1", "beads": 5, "share %": 62.5},
                {"bead type": "1-2", "beads": 2, "share %": 25.0},
                {"bead type": "0-1", "beads": 1, "share %": 12.5},
            ]
        ),
        Image("img/bead_types.png", "bead type histogram"),
        Image("img/scores.png", "score distribution"),
    ]


def test_genres_count_all_and_aligned_books(tmp_path, img):
    layout = Layout(tmp_path)
    genres = {"a": "wuxia", "b": "romance", "c": "wuxia", "d": None}
    _write(
        layout.books(),
        "books",
        *({"book_id": b, "genre": g, "adopted": False} for b, g in genres.items()),
        {"book_id": "e", "genre": None, "adopted": True},  # adopted into the folder (--adopt): genre unknown
    )
    section = genre_section(layout, ["a", "b", "d", "e", "zz"], img)
    assert section.blocks[0] == Table(
        [
            {"genre": "wuxia", "books": 2, "aligned books": 1},
            {"genre": "romance", "books": 1, "aligned books": 1},
            {"genre": "(none)", "books": 1, "aligned books": 1},
            {"genre": "(adopted)", "books": 1, "aligned books": 1},
        ]
    )


def test_cohesion_candidates_per_phenomenon_and_adjacency(tmp_path, img):
    layout = Layout(tmp_path)
    found = [
        ("reference", "adjacent"),
        ("reference", "intra"),
        ("reference", "adjacent"),
        ("ellipsis", "non_adjacent"),
    ]
    _write(layout.candidates("bk"), "candidates", *({"phenomenon": p, "adjacency": a} for p, a in found))
    section = cohesion_section(layout, img)
    assert section.blocks[0] == Table(
        [
            {"phenomenon": "reference", "intra": 1, "adjacent": 2, "non-adjacent": 0, "total": 3},
            {"phenomenon": "ellipsis", "intra": 0, "adjacent": 0, "non-adjacent": 1, "total": 1},
        ]
    )


def test_bead_types_of_every_book_counted_together_and_scores_one_float64_array(tmp_path, img, monkeypatch):
    layout = Layout(tmp_path)
    _write(layout.aligned("a"), "aligned_pairs", *({"bead_type": k, "score": 0.25} for k in ("1-2", "1-1")))
    _write(
        layout.aligned("b"),
        "aligned_pairs",
        {"bead_type": "1-1", "score": None},
        {"bead_type": "1-2", "score": 1.5},
    )
    samples = []
    monkeypatch.setattr("exports.sections.histogram", lambda path, s, *_: samples.append(s) or path)
    section = alignment_section(layout, img)
    assert section.blocks[0] == Table(
        [
            {"bead type": "1-2", "beads": 2, "share %": 50.0},  # a tie: the first one read first
            {"bead type": "1-1", "beads": 2, "share %": 50.0},
        ]
    )
    [score] = [s["score"] for s in samples]
    assert score.dtype == np.float64
    assert score.tolist() == [0.25, 0.25, 1.5]  # the null score left out
