import pytest

from text.decoding import decode_utf8, read_utf8, text_codec


def test_utf8_loses_its_byte_order_mark():
    assert decode_utf8(b"\xef\xbb\xbfa\xe4\xb8\x80", "strict", "f.txt", "mine") == "a一"


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_utf16_and_utf32_with_their_byte_order_mark_are_read(codec):
    assert decode_utf8("\ufeffa一\n".encode(codec), "strict", "f.txt", "mine") == "a一\n"


def test_invalid_utf16_names_its_offset():
    with pytest.raises(ValueError, match=r"^f.txt: invalid UTF-16 at byte offset 4$"):
        decode_utf8(b"\xff\xfea\x00\x00\xd8", "strict", "f.txt", "score", errors_option=False)


def test_invalid_bytes_are_an_error_naming_the_offset_or_replaced():
    with pytest.raises(ValueError) as err:
        decode_utf8(b"ab\xffc", "strict", "f.txt", "split")
    assert str(err.value) == (
        "f.txt: invalid UTF-8 at byte offset 2 (rerun with --errors replace to split it anyway)"
    )
    assert decode_utf8(b"ab\xffc", "replace", "f.txt", "split") == "ab\ufffdc"
    with pytest.raises(ValueError) as err:  # a command without --errors
        decode_utf8(b"ab\xffc", "strict", "f.txt", "score", errors_option=False)
    assert str(err.value) == "f.txt: invalid UTF-8 at byte offset 2"


def test_a_nul_byte_is_binary_input_even_when_replacing():
    with pytest.raises(ValueError) as err:
        decode_utf8(b"a\0b", "replace", "stdin", "mine")
    assert str(err.value) == "stdin: binary input (NUL byte at byte offset 1), nothing to mine"


def test_read_utf8_reads_a_file_and_names_a_path_that_is_no_file(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"\xef\xbb\xbfTom ran.\n")
    assert read_utf8(path, "read") == "Tom ran.\n"
    with pytest.raises(ValueError, match=f"^{tmp_path}: a folder, not a file$"):
        read_utf8(tmp_path, "read")


@pytest.mark.parametrize(
    "name, message",
    [
        ("rot13", "'rot13' is not a text encoding"),
        ("unicode_escape", "'unicode_escape' is not a text encoding"),
        ("IDNA", "'IDNA' is not a text encoding"),
        ("x-no-such", "unknown encoding 'x-no-such'"),
    ],
)
def test_a_codec_of_no_charset_is_named(name, message):
    with pytest.raises(ValueError) as err:
        text_codec(name)
    assert str(err.value) == message
    assert text_codec("GBK") == "gbk" and text_codec("utf8") == "utf-8"
