"""A Parquet table written batch by batch, for a table too large to hold in memory at once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from core.storage import SCHEMA_VERSION, to_table


def table_metadata(table: str) -> dict[str, str]:
    """The file metadata :func:`core.storage.write_table` gives the named table (its name and ``SCHEMA_VERSION``)."""
    return {"bwb.table": table, "bwb.schema_version": str(SCHEMA_VERSION)}


class TableWriter:
    """A Parquet file of the named table written batch by batch (a row group each), for a table too large to
    hold (an export's train split: 9.6 million beads at BWB's size). Not atomic: write it in a staged folder.

    A module of its own, not in :mod:`core.storage`: every task's fingerprint holds that module, and only the
    export writes this way."""

    def __init__(self, path: Path, table: str) -> None:
        self.table = table
        path.parent.mkdir(parents=True, exist_ok=True)
        schema = to_table([], table).schema.with_metadata(table_metadata(table))
        self._writer = pq.ParquetWriter(path, schema, compression="zstd")

    def write(self, rows: Iterable[Mapping[str, Any]]) -> None:
        self._writer.write_table(
            to_table(rows, self.table).replace_schema_metadata(table_metadata(self.table))
        )

    def close(self) -> None:
        self._writer.close()
