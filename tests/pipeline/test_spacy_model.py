import shutil

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
