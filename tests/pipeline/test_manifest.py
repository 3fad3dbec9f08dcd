import os

import pytest

from core import storage
from pipeline.manifest import Manifest, changes, recorded_tables, schema_inputs


def test_changes_name_config_code_data_packages_and_new_input():
    recorded = {
        "clean/a.parquet": "1",
        "settings": "s",
        "code:filters/clean.py": "c",
        "data:filters/boilerplate.txt": "d",
        "package:spacy": "3.8.18",
    }
    assert changes(recorded, dict(recorded)) == []
    current = {
        **recorded,
        "clean/a.parquet": "2",
        "settings": "t",
        "code:filters/clean.py": "x",
        "code:filters/new.py": "y",
        "data:filters/boilerplate.txt": "e",
        "package:spacy": "3.9.0",
    }
    assert changes(recorded, current) == [
        "config changed",
        "code changed: filters/clean.py, filters/new.py",
        "data changed: filters/boilerplate.txt",
        "packages changed: spacy",
        "new input",
    ]
    many = {f"code:m{i}.py": "z" for i in range(5)}
    assert changes({}, many) == ["code changed: m0.py, m1.py, m2.py and 2 more"]


def test_changes_name_the_files_read_by_content_that_changed_not_the_config():
    """QC, MT and probe results were hashed into the settings: one moved away read "config changed"."""
    recorded = {"settings": "s", "file:evaluation/probe.parquet": "p", "file:qc/accuracy.json": "q"}
    current = {"settings": "s", "file:qc/accuracy.json": "r", "file:corrections/bk.jsonl": "c"}
    assert changes(recorded, current) == [
        "input changed: corrections/bk.jsonl, evaluation/probe.parquet, qc/accuracy.json"
    ]


def test_changes_name_the_tables_whose_schema_changed_and_not_a_table_newly_used():
    recorded = {"settings": "s", "schema:books": "b", "schema:chapters": "c", "schema:rejected": "r"}
    current = {**recorded, "schema:books": "B", "schema:chapters": "C", "schema:candidates": "new"}
    assert changes(recorded, current) == ["schema of books, chapters changed"]
    assert changes(recorded, {**recorded, "schema:candidates": "new"}) == []
    assert recorded_tables(recorded) == ["books", "chapters", "rejected"]
    assert schema_inputs(["chapters", "books", "books"]) == {
        "schema:books": storage.schema_digest("books"),
        "schema:chapters": storage.schema_digest("chapters"),
    }


def _written(tmp_path) -> Manifest:
    manifest = Manifest(outputs={"a.json": storage.write_json({"rows": 12345}, tmp_path / "a.json")})
    manifest.record_files(tmp_path)
    manifest.save(tmp_path / "m.json")
    return Manifest.load(tmp_path / "m.json")


def test_a_recorded_output_is_trusted_until_it_is_truncated_overwritten_or_removed(tmp_path):
    manifest, path = _written(tmp_path), tmp_path / "a.json"
    assert manifest.damaged(tmp_path) is None
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # touched, same bytes: still fine
    assert manifest.damaged(tmp_path) is None
    path.write_text(path.read_text().replace("12345", "54321"))  # same size, other bytes
    assert manifest.damaged(tmp_path) == "damaged: a.json"
    path.write_text("{")
    assert manifest.damaged(tmp_path) == "damaged: a.json"
    path.unlink()
    assert manifest.damaged(tmp_path) == "missing: a.json"


def test_an_output_without_a_recorded_size_is_checked_by_its_hash(tmp_path):
    manifest = _written(tmp_path)
    manifest.files.clear()  # a manifest written before sizes were recorded
    assert manifest.damaged(tmp_path) is None
    (tmp_path / "a.json").write_text("{}\n")
    assert manifest.damaged(tmp_path) == "damaged: a.json"


@pytest.mark.parametrize(
    "text", ["[]", '{"inputs": [1]}', '{"outputs": {"a.json": "x"}, "files": {"a.json": 5}}', "{", "\x00"]
)
def test_a_manifest_that_is_not_what_save_writes_is_no_manifest(tmp_path, text):
    (tmp_path / "m.json").write_text(text, encoding="utf-8")
    assert Manifest.load(tmp_path / "m.json") is None


def test_an_output_whose_folder_became_a_file_is_missing(tmp_path):
    manifest = Manifest(outputs={"raw/en/a.parquet": "x"})
    (tmp_path / "raw").mkdir()
    (tmp_path / "raw" / "en").write_text("x", encoding="utf-8")
    assert manifest.damaged(tmp_path) == "missing: raw/en/a.parquet"


def test_a_manifest_whose_folder_is_a_file_is_no_manifest(tmp_path):
    (tmp_path / "_manifests").write_text("x", encoding="utf-8")
    assert Manifest.load(tmp_path / "_manifests" / "CleanBook" / "bk.json") is None  # status: not built
