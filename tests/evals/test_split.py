import pytest

from evals.split import boundaries, evaluate, main
from tests.helpers import REFUSED_PATHS, refused_path


def _tiny_gold(folder):
    """One chapter in ``folder``: two sentences a side, one paragraph."""
    for name, text in {
        "zh-para": "甲说完了。乙？\n",
        "zh": "甲说完了。\n乙？\n",
        "en-para": "A. B\n",
        "en": "A.\nB\n",
    }.items():
        (folder / name).mkdir()
        (folder / name / "001.txt").write_text(text, encoding="utf-8")


def test_boundary_score_on_a_tiny_gold(tmp_path, capsys):
    _tiny_gold(tmp_path)
    score = evaluate(tmp_path, "zh")
    assert (score.tp, score.fp, score.fn, score.f1) == (1, 0, 0, 1.0)
    assert boundaries(["ab c", "d"]) == {3}
    assert main([str(tmp_path / "missing")]) == 0
    assert "skipped:" in capsys.readouterr().out


def test_a_file_given_for_the_folder_is_an_error_not_skipped_as_not_found(tmp_path, capsys):
    (tmp_path / "gold.txt").write_text("甲。\n", encoding="utf-8")
    assert main([str(tmp_path / "gold.txt")]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'gold.txt'}: not a folder\n")
    assert main([str(tmp_path / "none")]) == 0
    assert capsys.readouterr() == (f"skipped: {tmp_path / 'none'} not found\n", "")


def test_a_folder_without_gold_or_with_other_text_is_a_one_line_error(tmp_path, capsys):
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"error: {tmp_path}: no gold sentences (expected zh/ and en/ with zh-para/ and en-para/)\n"
    )
    for folder, text in {"zh-para": "甲。\n", "zh": "乙。\n"}.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "001.txt").write_text(text, encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert (
        capsys.readouterr().err
        == f"error: {tmp_path / 'zh' / '001.txt'}: gold and paragraph text differ beyond whitespace\n"
    )


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.split: error: argument data_dir: {REFUSED_PATHS[text]} (see python -m evals.split --help)\n"
    )


def test_a_machine_translation_beside_the_gold_is_no_chapter_to_score(tmp_path, capsys):
    """zh/NNN.trans.txt, which evals.align --method bleualign reads, was scored as a gold chapter: the
    command failed on 'zh-para/001.trans.txt: No such file or directory'."""
    _tiny_gold(tmp_path)
    (tmp_path / "zh" / "001.trans.txt").write_text("A said it all.\nB?\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "zh     1.0000  1.0000  1.0000      1",
        "en     1.0000  1.0000  1.0000      1",
    ]
