import pytest

from alignment.translator import FileTranslator


def test_file_translator(tmp_path):
    (tmp_path / "001.trans.txt").write_text("One.\nTwo.\n", encoding="utf-8")
    assert FileTranslator(tmp_path).translate("001", ["一。", "二。"]) == ["One.", "Two."]
    with pytest.raises(ValueError):
        FileTranslator(tmp_path).translate("001", ["一。"])


def test_a_missing_translation_file_is_a_one_line_value_error(tmp_path):
    with pytest.raises(ValueError) as err:
        FileTranslator(tmp_path, ".txt").translate("b/3", ["一。"])
    assert str(err.value) == f"{tmp_path}/b/3.txt: missing"


def test_a_line_holding_u2028_is_one_translated_line(tmp_path):
    (tmp_path / "001.trans.txt").write_text("One\u2028still one.\nTwo.\n", encoding="utf-8")
    assert FileTranslator(tmp_path).translate("001", ["一。", "二。"]) == ["One\u2028still one.", "Two."]
