"""The declared tables: their names, id fields and types, and a row of each surviving a round trip."""

from __future__ import annotations

import pyarrow as pa
import pytest

from core import schemas
from core.storage import read_rows, read_table, write_table
from filters.pairing import ChapterPair


def test_every_table_is_registered_once_under_its_name():
    assert schemas.TABLES == {
        "books": schemas.BOOKS,
        "raw_chapters": schemas.RAW_CHAPTERS,
        "clean_chapters": schemas.CLEAN_CHAPTERS,
        "chapters": schemas.CHAPTERS,
        "rejected": schemas.REJECTED,
        "aligned_pairs": schemas.ALIGNED_PAIRS,
        "candidates": schemas.CANDIDATES,
        "qc_verdicts": schemas.QC_VERDICTS,
        "corrections": schemas.CORRECTIONS,
        "mt_scores": schemas.MT_SCORES,
        "probe_results": schemas.PROBE_RESULTS,
    }
    assert schemas.SCHEMA_VERSION == 2


@pytest.mark.parametrize(
    "table, key",
    [
        ("books", "book_id"),
        ("raw_chapters", "raw_id"),
        ("clean_chapters", "raw_id"),
        ("chapters", "chapter_id"),
        ("aligned_pairs", "pair_id"),
        ("candidates", "candidate_id"),
        ("qc_verdicts", "pair_id"),
        ("corrections", "pair_id"),
        ("probe_results", "item_id"),
    ],
)
def test_each_table_leads_with_its_string_id(table, key):
    assert schemas.TABLES[table].field(0) == pa.field(key, pa.string())


def test_the_fields_users_read_have_their_declared_types():
    ints = pa.list_(pa.int32())
    assert schemas.ALIGNED_PAIRS.names == [
        "pair_id", "chapter_id", "book_id", "bead_no", "zh_idx", "en_idx", "zh", "en", "bead_type", "score",
    ]  # fmt: skip
    assert schemas.ALIGNED_PAIRS.field("bead_no").type == pa.int32()
    assert schemas.ALIGNED_PAIRS.field("zh_idx").type == ints
    assert schemas.ALIGNED_PAIRS.field("score").type == pa.float32()
    assert schemas.CHAPTERS.field("zh_sentences").type == pa.list_(pa.string())
    assert schemas.CHAPTERS.field("zh_words").type == pa.list_(pa.list_(pa.string()))
    assert schemas.RAW_CHAPTERS.field("fetched_at").type == pa.timestamp("ms", tz="UTC")
    assert schemas.REJECTED.names == ["stage", "item_id", "book_id", "lang", "reason", "detail"]
    assert schemas.CANDIDATES.names == [
        "candidate_id", "chapter_id", "book_id", "phenomenon", "subtype", "adjacent", "adjacency", "distance",
        "sent_a", "sent_b", "pair_a", "pair_b", "a_start", "a_end", "b_start", "b_end", "a_text", "b_text",
        "sentence_a", "sentence_b", "trigger", "zh_a", "zh_b", "evidence",
    ]  # fmt: skip
    assert schemas.CANDIDATES.field("adjacent").type == pa.bool_()
    assert schemas.MT_SCORES.field("value").type == pa.float64()


def test_a_paired_chapter_id_is_book_slash_chapter_number():
    assert ChapterPair("city-star", 12, zh=[], en=[]).chapter_id == "city-star/12"


@pytest.mark.parametrize("table", sorted(schemas.TABLES))
def test_a_row_of_nulls_round_trips_through_every_table(tmp_path, table):
    schema = schemas.TABLES[table]
    row = dict.fromkeys(schema.names)
    path = tmp_path / f"{table}.parquet"
    write_table([row], table, path)
    assert read_table(path, table).schema.equals(schema, check_metadata=False)
    assert read_rows(path, table) == [row]
