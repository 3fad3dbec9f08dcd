import pyarrow.parquet as pq

from core.storage import read_table, write_table
from core.table_writer import TableWriter

ROW = {
    "book_id": "bk",
    "title_zh": "书",
    "title_en": "Book",
    "genre": "",
    "zh_site": "",
    "en_site": "",
    "adopted": False,
}


def test_batches_are_row_groups_with_write_tables_metadata(tmp_path):
    path, whole = tmp_path / "batched.parquet", tmp_path / "whole.parquet"
    writer = TableWriter(path, "books")
    writer.write([ROW])
    writer.write([{**ROW, "book_id": "bk2"}, {**ROW, "book_id": "bk3"}])
    writer.close()
    write_table([ROW], "books", whole)
    assert pq.read_metadata(path).num_row_groups == 2
    assert pq.read_schema(path).metadata == pq.read_schema(whole).metadata
    assert read_table(path, "books").column("book_id").to_pylist() == ["bk", "bk2", "bk3"]
