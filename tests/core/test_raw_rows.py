"""A raw chapter row: its id made from book, language and place, every field, a round trip."""

from __future__ import annotations

from datetime import UTC, datetime

from core.raw_rows import raw_chapter
from core.storage import read_rows, write_table


def test_a_raw_chapter_row_has_every_field_and_round_trips(tmp_path):
    fetched = datetime(2025, 1, 1, tzinfo=UTC)
    row = raw_chapter("bk", "zh", 7, "第八章", "正文", site="s", url="u/8", fetched_at=fetched)
    assert row == {
        "raw_id": "bk/zh/00007",
        "book_id": "bk",
        "lang": "zh",
        "site": "s",
        "toc_index": 7,
        "url": "u/8",
        "page_urls": ["u/8"],
        "fetched_at": fetched,
        "encoding": "utf-8",
        "title": "第八章",
        "text": "正文",
        "content_hash": "",
    }
    write_table([row], "raw_chapters", tmp_path / "raw.parquet")
    assert read_rows(tmp_path / "raw.parquet", "raw_chapters") == [row]
