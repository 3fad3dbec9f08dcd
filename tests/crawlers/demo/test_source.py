import os
import subprocess
import sys

import pytest

from core.paths import REPO_ROOT
from crawlers.demo.source import (
    DEFECTS,
    FIELDS,
    TEXT_FIELDS,
    Bead,
    SourceError,
    load_book,
    main,
    parse_chapter,
)
from tests.helpers import HANG

CHAPTER = """title-zh: 第三章 雨
title-en: Chapter 3: Rain

zh: 雨下了一夜。
en: It rained all night.
zh: 她没睡。她在等。
en: She didn't sleep; she was waiting.

zh:
en: Nobody came.
"""


def test_beads_and_paragraphs(tmp_path):
    path = tmp_path / "ch03.txt"
    path.write_text(CHAPTER, encoding="utf-8")
    chapter = parse_chapter(path)
    assert (chapter.number, chapter.title_zh, chapter.title_en) == (3, "第三章 雨", "Chapter 3: Rain")
    assert chapter.beads() == [
        Bead("雨下了一夜。", "It rained all night."),
        Bead("她没睡。她在等。", "She didn't sleep; she was waiting."),
        Bead("", "Nobody came."),
    ]
    assert chapter.zh_paragraphs() == ["雨下了一夜。她没睡。她在等。"]
    assert chapter.en_paragraphs() == [
        "It rained all night. She didn't sleep; she was waiting.",
        "Nobody came.",
    ]


@pytest.mark.parametrize(
    "text, message",
    [
        ("title-zh: a\ntitle-en: b\nen: x\n", "ch01.txt:3: an en: line without a zh: line before it"),
        ("title-zh: a\ntitle-en: b\nzh: x\nzh: y\n", "ch01.txt:4: two zh: lines in a row"),
        ("title-zh: a\ntitle-en: b\nzh:\nen:\n", "ch01.txt:4: a bead with both sides empty"),
        ("title-zh: a\nzh: x\nen: y\n", "ch01.txt: needs both title-zh: and title-en:"),
        ("title-zh: a\ntitle-en: b\nfr: x\n", "ch01.txt:3: unknown key 'fr'"),
    ],
)
def test_errors_name_the_file_and_line(tmp_path, text, message):
    path = tmp_path / "ch01.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError, match=message):
        parse_chapter(path)


def test_a_file_name_without_a_number_or_text_that_is_not_utf8_is_a_source_error(tmp_path):
    path = tmp_path / "chapter.txt"
    path.write_text("title-zh: a\ntitle-en: b\n", encoding="utf-8")
    with pytest.raises(SourceError, match="chapter.txt: not a chNN.txt file name$"):
        parse_chapter(path)
    path = tmp_path / "ch01.txt"
    path.write_bytes(b"title-zh: \xff\n")
    with pytest.raises(SourceError, match="ch01.txt: invalid UTF-8 at byte offset 10$"):
        parse_chapter(path)


BOOK_YAML = "".join(f"{name}: a\n" for name in TEXT_FIELDS)


@pytest.mark.parametrize(
    "yaml_text, message",
    [
        (None, "book.yaml: No such file or directory"),  # chapters without a book.yaml
        (
            "title_zh: [a\n",
            "book.yaml: line 2, column 1: not valid YAML: expected ',' or ']', but got '<stream end>'",
        ),
        ("- a\n", "book.yaml: not a mapping of book fields"),
        ("day: 2026-13-45\n", "book.yaml: day: not valid YAML: month must be in 1..12 (line 1)"),
        ("x: " + "[" * 50_000 + "]" * 50_000 + "\n", "book.yaml: nested too deeply"),
        ("title_zh: a\ntitle_zh: b\n", "book.yaml: title_zh: duplicate key (lines 1 and 2)"),
        (
            "title_zh: a\n",
            "book.yaml: title_en, author_zh, author_en, synopsis_zh, synopsis_en, translator, editor: missing or not text",
        ),
        (BOOK_YAML.replace("editor: a", "editor: [a]"), "book.yaml: editor: missing or not text"),
        (BOOK_YAML + "defects: {dupe_zh: [1]}\n", f"book.yaml: defects: a mapping of {', '.join(DEFECTS)}"),
        (BOOK_YAML + "defects: [1]\n", f"book.yaml: defects: a mapping of {', '.join(DEFECTS)}"),
        (BOOK_YAML + "colour: red\n", f"book.yaml: colour: unknown field (fields: {', '.join(FIELDS)})"),
        (BOOK_YAML, "ch01.txt: needs both title-zh: and title-en:"),
    ],
)
def test_main_refuses_a_malformed_book_in_one_line(tmp_path, capsys, yaml_text, message):
    (tmp_path / "bk").mkdir()
    (tmp_path / "bk" / "ch01.txt").write_text("title-zh: a\n", encoding="utf-8")
    if yaml_text is not None:
        (tmp_path / "bk" / "book.yaml").write_text(yaml_text, encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'bk'}/{message}\n")


@pytest.mark.parametrize(
    "defects, message",
    [
        (
            "{duplicate_zh: [[1]]}",
            "book.yaml: defects.duplicate_zh: a list of the book's chapter numbers (got [[1]])",
        ),
        (
            "{merged_en: [[1, 9]]}",
            "book.yaml: defects.merged_en: a list of [chapter, next chapter] pairs of the book's chapter "
            "numbers (got [[1, 9]])",
        ),
        (
            "{author_note_zh: true}",
            "book.yaml: defects.author_note_zh: one of the book's chapter numbers (got True)",
        ),
        ("{prologue_en: 1}", "book.yaml: defects.prologue_en: true or false (got 1)"),
    ],
)
def test_a_defect_of_another_shape_or_naming_no_chapter_is_one_line(tmp_path, capsys, defects, message):
    """Render met these with a traceback (unhashable type: 'list', KeyError: 9, ...)."""
    (tmp_path / "bk").mkdir()
    (tmp_path / "bk" / "ch01.txt").write_text(
        "title-zh: 一\ntitle-en: One\n\nzh: 好。\nen: Good.\n", encoding="utf-8"
    )
    (tmp_path / "bk" / "book.yaml").write_text(BOOK_YAML + f"defects: {defects}\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'bk'}/{message}\n")


def test_main_refuses_a_missing_or_empty_source_folder_and_load_book_a_missing_book_yaml(tmp_path, capsys):
    assert main([str(tmp_path / "none")]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'none'}: No such file or directory\n")
    (tmp_path / "notes").mkdir()
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path}: no book (a folder with a book.yaml and chNN.txt files)\n",
    )
    with pytest.raises(SourceError) as err:
        load_book(tmp_path)
    assert str(err.value) == f"{tmp_path / 'book.yaml'}: No such file or directory"


def test_a_named_pipe_is_refused_before_it_is_read(tmp_path):
    (tmp_path / "bk").mkdir()
    (tmp_path / "bk" / "book.yaml").write_text(BOOK_YAML, encoding="utf-8")
    os.mkfifo(tmp_path / "bk" / "ch01.txt")  # reading it would wait for a writer for ever
    done = subprocess.run(  # its own process: a wait would end at the timeout, not hang the tests
        [sys.executable, "-m", "crawlers.demo.source", str(tmp_path)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"error: {tmp_path / 'bk' / 'ch01.txt'}: not a regular file (a named pipe or a device)\n"
    )
