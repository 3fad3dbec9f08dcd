"""Atomic, schema-checked Parquet and JSON I/O. Every stage reads and writes through here.

Writes go to a temporary file that is renamed over the target, so readers never see half a file.
A write whose bytes equal the file already there leaves that file alone, so an unchanged rerun
rewrites no shard. Every write returns the SHA-256 of the file's bytes (the content fingerprint
that incremental reruns compare). Every table read or written is noted by name (``recording_tables``):
a task's fingerprint holds the schemas of those it used (``schema_digest``).
"""

from __future__ import annotations

import glob
import hashlib
import json
import errno
import os
import re
import shutil
import socket
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from core.files import absent, not_a_regular_file
from core.schemas import SCHEMA_VERSION, TABLES


_recordings: list[set[str]] = []  # the names each open ``recording_tables`` collects


@contextmanager
def recording_tables() -> Iterator[set[str]]:
    """The names of the tables this process reads or writes (or asks the columns of) while inside; each of
    several nested recordings gets them all."""
    names: set[str] = set()
    _recordings.append(names)
    try:
        yield names
    finally:
        _recordings[:] = [open_ for open_ in _recordings if open_ is not names]


def schema_digest(table: str) -> str:
    """SHA-256 of the named table's schema as declared now (of nothing for a table no longer declared)."""
    schema = TABLES.get(table)
    return hashlib.sha256(schema.serialize().to_pybytes() if schema is not None else b"").hexdigest()


def columns(table: str) -> list[str]:
    """The column names of the named table."""
    return _schema(table).names


def _schema(name: str) -> pa.Schema:
    try:
        schema = TABLES[name]
    except KeyError:
        raise KeyError(f"unknown table {name!r}; known tables: {', '.join(sorted(TABLES))}") from None
    for names in _recordings:
        names.add(name)
    return schema


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_bytes(path: Path, data: bytes) -> str:
    """Atomically put ``data`` at ``path`` unless identical bytes are already there; return their SHA-256."""
    path = Path(path)
    sha = hashlib.sha256(data).hexdigest()
    if path.is_file() and path.stat().st_size == len(data) and file_sha256(path) == sha:
        return sha
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temporary_path(path)
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as err:
        # named by the file written: not by its temporary (a folder at ``path``), nor by no file at all (a
        # full disk fails the write or the fsync naming none)
        if err.filename not in (None, str(tmp)):
            raise
        raise OSError(err.errno, err.strerror, str(path)) from None
    finally:
        tmp.unlink(missing_ok=True)
    return sha


_HOST = socket.gethostname().replace(".", "_")
_WRITER = re.compile(r"\d+(-\d+)?")  # PID-START, or PID (where there is no /proc, or written before START)


def temporary_path(path: Path, tag: str = "") -> Path:
    """A sibling ``.NAME[.TAG].HOST.PID-START.tmp`` of ``path`` for this process to write before a rename: one
    that ``sweep_temporaries`` removes once this process is dead (START: when it started, ``_started``; only
    ``.PID`` where there is no ``/proc``)."""
    pid = os.getpid()
    writer = f"{pid}-{start}" if (start := _started(pid)) else str(pid)
    return Path(path).with_name(f".{Path(path).name}{'.' + tag if tag else ''}.{_HOST}.{writer}.tmp")


def _running(writer: str) -> bool:
    """Whether the process ``PID[-START]`` of a temporary's name runs: a live process of that pid that started
    at another time took the pid of a dead writer (a pid is reused after a crash, a reboot, a container's
    restart). A zombie (killed, and not yet reaped by its parent or by init, as a build's task processes just
    after ``kill -9`` of its group) has ended, and writes nothing more."""
    pid, _, start = writer.partition("-")
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    fields = _stat(int(pid))
    if fields is None:  # no /proc (not Linux), or the process was reaped since: the pid alone decides
        return True
    return fields[0] != "Z" and (not start or fields[19] == start)


def _started(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks since boot, ``/proc/PID/stat``); None without ``/proc``."""
    fields = _stat(pid)
    return fields[19] if fields else None


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state first, start time 20th)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return stat.rpartition(")")[2].split()  # the command name, in parentheses, may hold spaces


def sweep_temporaries(root: Path) -> list[Path]:
    """Delete temporary files and folders left under ``root`` by killed processes of this host; return them.

    Temporary names carry the host, pid and start time of their writer, so on shared storage the files of
    other machines and of live processes are left alone, and a dead writer's pid taken by another process
    does not keep them.
    """
    return _sweep(Path(root).rglob(f".*.{_HOST}.*.tmp"))


def sweep_beside(path: Path) -> list[Path]:
    """Delete the temporaries of ``path`` (``temporary_path``'s) left by killed processes of this host; return
    them. For a file a command writes outside an output folder (a suite, Label Studio tasks), where no
    build sweeps."""
    path = Path(path)
    return _sweep(path.parent.glob(f".{glob.escape(path.name)}.*{_HOST}.*.tmp"))


def _sweep(found: Iterable[Path]) -> list[Path]:
    removed = []
    for tmp in sorted(found):
        writer = tmp.name.rsplit(".", 2)[-2]
        if _WRITER.fullmatch(writer) and not _running(writer) and tmp.exists():
            shutil.rmtree(tmp) if tmp.is_dir() else tmp.unlink(missing_ok=True)
            removed.append(tmp)
    return removed


@contextmanager
def temporary_folder(parent: Path, name: str) -> Iterator[Path]:
    """A fresh folder ``parent/.NAME.HOST.PID-START.tmp``, removed afterwards (by ``sweep_temporaries`` after a kill)."""
    folder = temporary_path(Path(parent) / name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def to_table(rows: Iterable[Mapping[str, Any]], table: str) -> pa.Table:
    """Build an Arrow table of the named schema from dict rows (a missing or mistyped field is an error)."""
    schema = _schema(table)
    rows = list(rows)
    columns = []
    for field in schema:
        try:
            values = [row[field.name] for row in rows]
        except KeyError:
            raise ValueError(f"{table}: a row has no field {field.name!r}") from None
        try:
            columns.append(pa.array(values, type=field.type))
        except (pa.ArrowInvalid, pa.ArrowTypeError) as err:
            raise ValueError(f"{table}.{field.name}: {err}") from None
    return pa.Table.from_arrays(columns, schema=schema)


def write_table(data: pa.Table | Iterable[Mapping[str, Any]], table: str, path: Path) -> str:
    """Write ``data`` (an Arrow table or dict rows) as Parquet with the named schema; return its SHA-256."""
    schema = _schema(table)
    if not isinstance(data, pa.Table):
        data = to_table(data, table)
    elif not data.schema.equals(schema, check_metadata=False):
        data = data.select(schema.names).cast(schema)
    data = data.replace_schema_metadata({"bwb.table": table, "bwb.schema_version": str(SCHEMA_VERSION)})
    sink = pa.BufferOutputStream()
    pq.write_table(data, sink, compression="zstd")
    return write_bytes(path, sink.getvalue().to_pybytes())


class DamagedFile(ValueError):
    """A file that cannot be read as the table it should hold (truncated, overwritten, of another schema,
    a folder in its place); the message starts with its ``path``."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)


def refuse_special(path: Path, detail: str = "a named pipe or a device, not a file") -> None:
    """``DamagedFile`` (with ``detail``) for a named pipe, a device or a socket where an output file should
    be: opening one would wait for a writer for ever (in Arrow's C++, where not even SIGTERM ends the wait)."""
    if not_a_regular_file(path) and not Path(path).is_dir():
        raise DamagedFile(path, detail)


@contextmanager
def parquet_source(path: Path) -> Iterator[str | pa.NativeFile]:
    """What Arrow opens ``path`` by: its text, or, where the path is not UTF-8 (a folder named in Latin-1,
    which Arrow cannot take as text: a UnicodeEncodeError), the file opened by its bytes."""
    try:
        text = os.fsdecode(path)
        text.encode("utf-8")
    except UnicodeEncodeError:
        with pa.OSFile(os.fsencode(path)) as source:
            yield source
    else:
        yield text


def read_table(path: Path, table: str, columns: list[str] | None = None) -> pa.Table:
    """Read a Parquet file (only ``columns``, if given) and check it has the named schema and valid data
    (else ``DamagedFile``, naming it): Arrow reads text that is not UTF-8 (a byte flipped by a bad disk or
    copy) without a word, and its rows were a UnicodeDecodeError traceback (``inspect``, ``stats``)."""
    expected = _schema(table)
    refuse_special(path)
    if absent(path):
        raise DamagedFile(path, "missing")
    try:  # not pq.read_table: its dataset layer imports pandas (0.3 CPU-s)
        with parquet_source(path) as source, pq.ParquetFile(source) as handle:
            schema = handle.schema_arrow
            data = handle.read(columns=columns) if schema.remove_metadata().equals(expected) else None
            if data is not None:
                data.validate(full=True)  # about 2% of the time its rows take to make
    except PermissionError:  # no build repairs it: not "damaged output ...; run the build again"
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path)) from None
    except (pa.ArrowInvalid, OSError) as err:  # OSError: e.g. a folder where the file should be
        raise DamagedFile(path, f"not a readable Parquet file ({err})") from None
    if data is None:
        raise DamagedFile(path, f"does not match the {table!r} schema (written by another version?)")
    return data


def read_rows(path: Path, table: str) -> list[dict[str, Any]]:
    return read_table(path, table).to_pylist()


def read_many(paths: Iterable[Path], table: str, columns: list[str] | None = None) -> pa.Table:
    """Concatenate several files of one table, only ``columns`` if given (an empty table when there are none)."""
    parts = [read_table(p, table, columns) for p in paths]
    if parts:
        return pa.concat_tables(parts)
    empty = _schema(table).empty_table()
    return empty if columns is None else empty.select(columns)


def write_json(obj: Any, path: Path) -> str:
    text = json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    return write_bytes(path, text.encode("utf-8"))


_JSON_KINDS = {dict: "object", list: "array"}


def brief_json(value: Any, limit: int = 40) -> str:
    """``value`` as JSON, cut to ``limit`` characters, to quote in a one-line message."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_json(path: Path, kind: type | None = None) -> Any:
    """The JSON data of ``path`` (``DamagedFile`` when it is not UTF-8 JSON, e.g. torn or overwritten, or
    a folder, or with ``kind`` (dict or list) JSON of another kind; a missing file stays
    ``FileNotFoundError``)."""
    refuse_special(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as err:  # json's and UTF-8's errors
        raise DamagedFile(path, f"not readable JSON ({' '.join(str(err).split())})") from None
    except RecursionError:
        raise DamagedFile(path, "not readable JSON (nested too deeply)") from None
    except IsADirectoryError:
        raise DamagedFile(path, "a folder, not a JSON file") from None
    if kind is not None and not isinstance(data, kind):
        raise DamagedFile(path, f"not a JSON {_JSON_KINDS[kind]} ({brief_json(data)} found)")
    return data
