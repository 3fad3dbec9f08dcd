import pytest

from alignment.translator import FileTranslator
from tests.helpers import sparse


def test_file_translator(tmp_path):
    (tmp_path / "001.trans.txt").write_text("One.\nTwo.\n", encoding="utf-8")
    assert FileTranslator(tmp_path).translate("001", ["一。", "二。"]) == ["One.", "Two."]
    with pytest.raises(ValueError):
        FileTranslator(tmp_path).translate("001", ["一。"])


def test_a_missing_translation_file_is_a_one_line_value_error(tmp_path):
    with pytest.raises(ValueError) as err:
        FileTranslator(tmp_path, ".txt").translate("b/3", ["一。"])
    assert str(err.value) == f"{tmp_path}/b/3.txt: missing"


@pytest.mark.parametrize(
    "data, problem",
    [
        ("One.\nTwo.\n".encode("utf-16-le"), "binary input (NUL byte at byte offset 1), nothing to align"),
        (b"One.\nT\x00wo.\n", "binary input (NUL byte at byte offset 6), nothing to align"),
        (b"One.\nTw\xffo.\n", "invalid UTF-8 at byte offset 7"),
    ],
    ids=["utf-16-without-a-mark", "nul", "not-utf-8"],
)
def test_a_binary_or_undecodable_translation_is_a_one_line_value_error_naming_the_file(
    tmp_path, data, problem
):
    """A NUL byte (UTF-16 without a byte order mark holds one in every ASCII character) was read as text:
    the garbled lines were aligned as the machine translation."""
    (tmp_path / "001.txt").write_bytes(data)
    with pytest.raises(ValueError) as err:
        FileTranslator(tmp_path, ".txt").translate("001", ["一。", "二。"])
    assert str(err.value) == f"{tmp_path}/001.txt: {problem}"


def test_a_translation_in_utf_16_with_its_byte_order_mark_is_read(tmp_path):
    (tmp_path / "001.txt").write_bytes("One.\nTwo.\n".encode("utf-16"))
    assert FileTranslator(tmp_path, ".txt").translate("001", ["一。", "二。"]) == ["One.", "Two."]


def test_a_line_holding_u2028_is_one_translated_line(tmp_path):
    (tmp_path / "001.trans.txt").write_text("One\u2028still one.\nTwo.\n", encoding="utf-8")
    assert FileTranslator(tmp_path).translate("001", ["一。", "二。"]) == ["One\u2028still one.", "Two."]


def test_a_named_pipe_or_a_folder_in_place_of_a_translation_is_a_one_line_value_error(tmp_path):
    """A named pipe was waited on for ever, inside the align stage."""
    import os

    (tmp_path / "b").mkdir()
    os.mkfifo(tmp_path / "b" / "3.txt")
    (tmp_path / "b" / "4.txt").mkdir()
    for chapter in ("b/3", "b/4"):
        with pytest.raises(ValueError) as err:
            FileTranslator(tmp_path, ".txt").translate(chapter, ["一。"])
        assert (
            str(err.value)
            == f"{tmp_path}/{chapter}.txt: not a regular file (a folder, a named pipe or a device)"
        )


def test_a_book_digest_changes_with_its_own_translations_only(tmp_path):
    """What AlignBook's fingerprint records of a bleualign book: an edited, added or removed file of the book
    changes it; another book's file, or a file of another suffix, does not; a named pipe is never opened."""
    import os

    from alignment.translator import book_digest

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "1.txt").write_text("One.\nTwo.\n", encoding="utf-8")
    first = book_digest(tmp_path, "a")
    (tmp_path / "b" / "1.txt").write_text("Other.\n", encoding="utf-8")
    (tmp_path / "a" / "notes.md").write_text("not read\n", encoding="utf-8")
    assert book_digest(tmp_path, "a") == first
    (tmp_path / "a" / "1.txt").write_text("One.\nTwo!\n", encoding="utf-8")
    edited = book_digest(tmp_path, "a")
    (tmp_path / "a" / "2.txt").write_text("Three.\n", encoding="utf-8")
    added = book_digest(tmp_path, "a")
    os.mkfifo(tmp_path / "a" / "3.txt")
    piped = book_digest(tmp_path, "a")
    assert len({first, edited, added, piped}) == 4
    (tmp_path / "a" / "3.txt").unlink()
    assert book_digest(tmp_path, "a") == added
    (tmp_path / "a" / "2.txt").unlink()
    assert book_digest(tmp_path, "a") == edited


def test_a_translation_past_the_cap_is_named_not_read(tmp_path):
    (tmp_path / "bk").mkdir()
    sparse(tmp_path / "bk" / "1.txt")
    with pytest.raises(ValueError) as err:
        FileTranslator(tmp_path, ".txt").translate("bk/1", ["一句。"])
    assert (
        str(err.value)
        == f"{tmp_path / 'bk' / '1.txt'}: more than 268,435,456 bytes, too large a file to read at once"
    )
