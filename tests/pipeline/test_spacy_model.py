import shutil

import pytest

from core.data_files import DataFileError
from pipeline import spacy_model
from pipeline.spacy_model import file_hashes, model_dir, problems, read_record, stamp


def test_the_installed_model_matches_the_recorded_hashes():
    assert problems(model_dir(), read_record()) == []


def test_a_changed_a_missing_and_an_extra_file_are_each_named(tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(model_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    record = file_hashes(copy)
    (copy / "__init__.py").write_text("# edited\n", encoding="utf-8")
    meta = next(copy.glob("*/meta.json"))
    meta.unlink()
    (copy / "extra.bin").write_bytes(b"\0")
    assert problems(copy, record) == [
        "changed: __init__.py",
        f"missing: {meta.relative_to(copy).as_posix()}",
        "unexpected: extra.bin",
    ]


def test_the_stamp_changes_when_a_file_or_the_record_changes(tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(model_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    record = tmp_path / "record.txt"
    record.write_text("a x\n", encoding="utf-8")
    first = stamp(copy, record)
    assert stamp(copy, record) == first
    (copy / "__init__.py").write_text("# edited, one byte longer or shorter\n", encoding="utf-8")
    edited = stamp(copy, record)
    record.write_text("b x\n", encoding="utf-8")
    assert len({first, edited, stamp(copy, record)}) == 3


@pytest.mark.parametrize(
    "text, message",
    [
        ("a7d0  __init__.py\n", "expected a SHA-256 (64 digits 0-9, a-f), two spaces and a file's path"),
        (f"{'a' * 64}\n", "expected a SHA-256 (64 digits 0-9, a-f), two spaces and a file's path"),
        (f"{'a' * 64}  x\n{'b' * 64}  x\n", "x again, otherwise than on line 2; keep one of the two"),
    ],
)
def test_a_record_edited_out_of_shape_is_one_line_naming_its_line(tmp_path, monkeypatch, text, message):
    record = tmp_path / "record.txt"
    record.write_text(f"{'c' * 64}  meta.json\n{text}", encoding="utf-8")
    monkeypatch.setattr(spacy_model, "RECORD", record)
    with pytest.raises(DataFileError) as err:
        spacy_model.main([])  # a cut line was a ValueError traceback ('not enough values to unpack')
    assert str(err.value) == f"{record}:{1 + text.count(chr(10))}: {message}"


def test_a_record_with_a_bom_crlf_and_comments_reads_as_its_entries(tmp_path):
    record = tmp_path / "record.txt"
    record.write_bytes(f"\ufeff# pinned\r\n{'a' * 64}  meta.json\r\n\r\n".encode())
    assert read_record(record) == {"meta.json": "a" * 64}
