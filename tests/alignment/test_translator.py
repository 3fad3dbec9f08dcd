import pytest

from alignment.translator import ColumnTranslator, FileTranslator


def test_file_translator(tmp_path):
    (tmp_path / "001.trans.txt").write_text("One.\nTwo.\n", encoding="utf-8")
    assert FileTranslator(tmp_path).translate("001", ["一。", "二。"]) == ["One.", "Two."]
    with pytest.raises(ValueError):
        FileTranslator(tmp_path).translate("001", ["一。"])


def test_column_translator():
    assert ColumnTranslator({"b/1": ["One."]}).translate("b/1", ["一。"]) == ["One."]
