import pytest

from evals.demo_align import main, read_bead_file
from tests.helpers import REFUSED_PATHS, refused_path

CHAPTER = """title-zh: 第一章
title-en: Chapter 1

zh: 林晚看着顾承川。她心里一紧。
en: Lin Wan looked at Gu Chengchuan, and her heart tightened.
zh: “你想怎么样？”
en: "What do you want?" she asked. She was gritting her teeth.

zh: 
en: The door clicked shut.
"""


def test_gold_from_bead_file(tmp_path):
    path = tmp_path / "ch01.txt"
    path.write_text(CHAPTER, encoding="utf-8")
    zh, en, gold, paragraphs = read_bead_file(path)
    assert zh == ["林晚看着顾承川。", "她心里一紧。", "“你想怎么样？”"]
    assert len(en) == 4
    assert gold == [((0, 1), (0,)), ((2,), (1, 2)), ((), (3,))]
    assert (paragraphs.zh, paragraphs.en) == ({0, 3}, {0, 3})


def test_a_folder_without_books_or_beads_or_with_undecodable_text_is_a_one_line_error(tmp_path, capsys):
    assert main([str(tmp_path / "none")]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path / 'none'}: No such file or directory\n"
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert main([str(tmp_path / "file")]) == 1  # was "[Errno 20] Not a directory: '...'"
    assert capsys.readouterr().err == f"error: {tmp_path / 'file'}: Not a directory\n"
    (tmp_path / "file").unlink()
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path}: no book (expected BOOK/chNN.txt bead files)\n"
    (tmp_path / "bk").mkdir()
    (tmp_path / "bk" / "ch01.txt").write_text("title-zh: 第一章\ntitle-en: Chapter 1\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path / 'bk'}: no zh:/en: bead in its chapters\n"
    (tmp_path / "bk" / "ch01.txt").write_bytes(b"zh: \xff\n")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"error: {tmp_path / 'bk' / 'ch01.txt'}: invalid UTF-8 at byte offset 4\n"
    )


@pytest.mark.parametrize(
    "lines, message",
    [
        ("zh: 她走了。\nen: She left.\nen: She was gone.\n", "5: an en: line without a zh: line before it"),
        ("zh: 她走了。\nzn: 雨停了。\nen: She left.\n", "4: unknown key 'zn'"),
        ("zh: 她走了。\n\nen: She left.\n", "4: a zh: line must be followed by its en: line"),
    ],
)
def test_a_malformed_bead_line_is_a_one_line_error_naming_the_file_and_line(tmp_path, capsys, lines, message):
    (tmp_path / "bk").mkdir()
    path = tmp_path / "bk" / "ch01.txt"
    path.write_text("title-zh: 第一章\ntitle-en: Chapter 1\n" + lines, encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {path}:{message}\n")


def test_a_chapter_file_name_without_its_number_is_a_one_line_error(tmp_path, capsys):
    (tmp_path / "bk").mkdir()
    path = tmp_path / "bk" / "chapter.txt"
    path.write_text("title-zh: 第一章\ntitle-en: Chapter 1\nzh: 她走了。\nen: She left.\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {path}: not a chNN.txt file name\n")


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_source_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.demo_align: error: argument source_dir: {REFUSED_PATHS[text]} (see python -m evals.demo_align --help)\n"
    )
