from collections import Counter
from pathlib import Path

import pytest

from core.data_files import DataFileError, rows
from filters.clean import (
    BOILERPLATE_FILE,
    Boilerplate,
    clean_text,
    detect_mojibake,
    global_boilerplate,
    normalise_line,
    wrong_language,
)


def test_zh_normalisation_keeps_fullwidth_punctuation():
    line = "\u3000\u3000ＡＢＣ１２３，你 好！\u200b“测试”：（完）\x07"
    assert normalise_line(line, "zh") == "ABC123，你好！“测试”：（完）"


def test_en_normalisation_folds_fullwidth_and_ligatures():
    assert normalise_line("Ｈｅｌｌｏ！ The ﬁrst\u00a0\u00a0day\ufeff.", "en") == "Hello! The first day."


def test_clean_text_removes_boilerplate_by_class():
    text = "\n".join(
        [
            "第一段正文。",
            "请收藏本站：www.example.com",
            "求月票！求推荐票！",
            "上一章 返回目录 下一章",
            "",
            "他走了。",
        ]
    )
    result = clean_text(text, "zh", global_boilerplate())
    assert result.paragraphs == ["第一段正文。", "他走了。"]
    assert result.removed == Counter(ads=2, navigation=1)


def test_clean_text_english_boilerplate():
    text = "\n".join(
        [
            "Translator: Alice Editor: Bob",
            "Please bookmark this site for faster updates!",
            "She smiled.",
            "TL note: a pun on the word for pear.",
            "Previous Chapter | Next Chapter",
            "Read the latest chapters at novelmirror.com",
        ]
    )
    result = clean_text(text, "en", global_boilerplate())
    assert result.paragraphs == ["She smiled."]
    assert result.removed == Counter(ads=1, translator_credit=1, translator_note=1, navigation=1, watermark=1)


def test_prose_mentioning_a_chapter_survives():
    text = "He said the next chapter of his life would begin tomorrow.\n他用手机看书。"
    assert clean_text(text, "en", global_boilerplate()).paragraphs == text.splitlines()


def test_site_patterns_and_long_lines():
    patterns = global_boilerplate().with_site([r"^本章未完"])
    long_line = "本章未完" + "长" * 300
    result = clean_text(f"本章未完，点击下一页继续\n{long_line}", "zh", patterns)
    assert result.paragraphs == [long_line]
    assert result.removed == Counter(site=1)


@pytest.mark.parametrize(
    "text, message",
    [
        ("# note\npattern-before-class\n", ":2: pattern 'pattern-before-class' before any [class] line"),
        (
            "[ads]\n^read more(\n",
            ":2: pattern '^read more(' is no regular expression: missing ), unterminated subpattern at position 10",
        ),
        ("[ads]\nmore\xe9\n".encode("latin-1"), ":2: byte 0xe9 is not UTF-8 (save the file as UTF-8)"),
        (  # before: 0.36 s on a line of 30 a's, and a stage that never ended on a line of 199
            "[ads]\n^read more$\n(a|aa)+$\n",
            ":3: pattern '(a|aa)+$' takes too long on a line of 200 characters (nested repetition?)",
        ),
        (
            "[translator_credit]\n^\\W*translated by (\\w+\\s?)+$\n",
            ":2: pattern '^\\\\W*translated by (\\\\w+\\\\s?)+$' takes too long on a line of 200 characters "
            "(nested repetition?)",
        ),
    ],
)
def test_boilerplate_file_format_errors(tmp_path: Path, text, message):
    path = tmp_path / "boilerplate.txt"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(DataFileError) as caught:
        Boilerplate.read(path)
    assert str(caught.value) == f"{path}{message}"


def test_the_shipped_patterns_all_pass_the_backtracking_probe():
    expected = [line for _, (line,) in rows(BOILERPLATE_FILE) if not line.startswith("[")]
    assert [p.pattern for ps in Boilerplate.read(BOILERPLATE_FILE).classes.values() for p in ps] == expected


def test_boilerplate_file_tolerates_a_bom_crlf_and_an_indented_comment(tmp_path: Path):
    path = tmp_path / "boilerplate.txt"
    path.write_bytes(b"\xef\xbb\xbf[ads]\r\n  # a note\r\n^read more$  \r\n")
    assert clean_text("Read more\nShe left.", "en", Boilerplate.read(path)).removed == Counter(ads=1)


@pytest.mark.parametrize(
    "text",
    [
        "正常的文字" + "\ufffd" * 3,
        "He said â€œhelloâ€\x9d and itâ€™s over.",
        "正文锟斤拷锟斤拷正文",
        "café crème brûlée: cafÃ© crÃ¨me",
        "你好，世界。今天天气很好。".encode("gbk").decode("latin-1"),
    ],
)
def test_mojibake_detected(text):
    rejection = detect_mojibake(text)
    assert rejection is not None and rejection.reason == "mojibake"


def test_clean_text_is_not_mojibake():
    assert detect_mojibake("A naïve café in Zürich — “quoted”, déjà vu.") is None
    assert detect_mojibake("他说：“你好！”然后走了……") is None


def test_a_chapter_in_the_other_language_is_wrong_language():
    """Both sides of a book pointed at its Chinese file were aligned as zh-zh pairs, none rejected."""
    zh, en = ["他推开门，屋里很暗。", "Wi-Fi 密码是 abc。"], ["He opened the door (开门).", "It was dark."]
    assert (wrong_language(zh, "zh"), wrong_language(en, "en")) == (None, None)
    assert [(r.reason, r.detail) for r in (wrong_language(zh, "en"), wrong_language(en, "zh"))] == [
        ("wrong_language", "not en: 11 Chinese characters, 7 Latin letters"),
        ("wrong_language", "not zh: 2 Chinese characters, 24 Latin letters"),
    ]
