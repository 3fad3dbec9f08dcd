"""Atomic, schema-checked Parquet and JSON I/O. Every stage reads and writes through here."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from pipeline.schemas import SCHEMA_VERSION, TABLES


def _schema(name: str) -> pa.Schema:
    try:
        return TABLES[name]
    except KeyError:
        raise KeyError(f"unknown table {name!r}; known tables: {', '.join(sorted(TABLES))}") from None


def _replace_atomically(path: Path, write: Any) -> None:
    """Write through ``write(tmp_path)`` then rename over ``path``: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def to_table(rows: Iterable[Mapping[str, Any]], table: str) -> pa.Table:
    """Build an Arrow table of the named schema from dict rows (missing keys are an error)."""
    schema = _schema(table)
    rows = list(rows)
    columns = {}
    for field in schema:
        try:
            columns[field.name] = [row[field.name] for row in rows]
        except KeyError:
            raise ValueError(f"{table}: a row has no field {field.name!r}") from None
    return pa.table(columns, schema=schema)


def write_table(data: pa.Table | Iterable[Mapping[str, Any]], table: str, path: Path) -> pa.Table:
    """Atomically write ``data`` (an Arrow table or dict rows) as Parquet with the named schema."""
    schema = _schema(table)
    if not isinstance(data, pa.Table):
        data = to_table(data, table)
    elif not data.schema.equals(schema, check_metadata=False):
        data = data.select(schema.names).cast(schema)
    data = data.replace_schema_metadata({"bwb.table": table, "bwb.schema_version": str(SCHEMA_VERSION)})
    _replace_atomically(Path(path), lambda tmp: pq.write_table(data, tmp, compression="zstd"))
    return data


def read_table(path: Path, table: str) -> pa.Table:
    """Read a Parquet file and check it has the named schema."""
    schema = _schema(table)
    data = pq.read_table(path)
    if not data.schema.remove_metadata().equals(schema):
        raise ValueError(f"{path}: does not match the {table!r} schema (written by another version?)")
    return data


def read_rows(path: Path, table: str) -> list[dict[str, Any]]:
    return read_table(path, table).to_pylist()


def read_many(paths: Iterable[Path], table: str) -> pa.Table:
    """Concatenate several files of one table (an empty table when there are none)."""
    parts = [read_table(p, table) for p in paths]
    return pa.concat_tables(parts) if parts else _schema(table).empty_table()


def write_json(obj: Any, path: Path) -> None:
    text = json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    _replace_atomically(Path(path), lambda tmp: tmp.write_text(text, encoding="utf-8"))


def read_json(path: Path) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))
