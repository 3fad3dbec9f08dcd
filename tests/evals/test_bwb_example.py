import pytest

from evals.bwb_example import load, main
from tests.alignment.texts import EN, ZH
from tests.helpers import REFUSED_PATHS, refused_path

# The invented chapter's beads with one Chinese line each (1-1 and 1-2), in the example's layout.
LINES = [
    (ZH[0], EN[0]),
    (ZH[1], f"{EN[1]} {EN[2]}"),
    (ZH[2], EN[3]),
    (ZH[6], EN[5]),
    (ZH[7], EN[6]),
    (ZH[8], EN[8]),
]


def _write(root, zh, en):
    root.mkdir(exist_ok=True)
    (root / "0.chs_re.txt").write_text("\n".join(zh) + "\n", encoding="utf-8")
    (root / "0.ref_re.txt").write_text("\n".join(en) + "\n", encoding="utf-8")


def test_each_line_is_a_gold_bead_over_its_english_sentences(tmp_path):
    _write(tmp_path / "ex", ["他笑了。", "下雨了。"], ["He laughed. Then he left.", "It rained."])
    zh, en, gold = load(tmp_path / "ex")
    assert (zh, en) == (["他笑了。", "下雨了。"], ["He laughed.", "Then he left.", "It rained."])
    assert gold == [((0,), (0, 1)), ((1,), (2,))]


def test_prints_exact_beads_and_skips_without_data(tmp_path, capsys):
    _write(tmp_path / "ex", [zh for zh, _ in LINES], [en for _, en in LINES])
    assert main([str(tmp_path / "ex")]) == 0
    assert capsys.readouterr().out == "ex: 6/6 gold beads exact (6 zh lines, 7 en sentences)\n"
    assert main([str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out == f"skipped: no data at {tmp_path / 'none'}\n"


def test_an_undecodable_or_missing_file_is_a_one_line_error(tmp_path, capsys):
    _write(tmp_path / "ex", ["他笑了。"], ["He laughed."])
    (tmp_path / "ex" / "0.chs_re.txt").write_bytes(b"\xff")
    assert main([str(tmp_path / "ex")]) == 1
    assert (
        capsys.readouterr().err
        == f"error: {tmp_path / 'ex' / '0.chs_re.txt'}: invalid UTF-8 at byte offset 0\n"
    )
    (tmp_path / "ex" / "0.chs_re.txt").write_text("他笑了。\n", encoding="utf-8")
    (tmp_path / "ex" / "0.ref_re.txt").unlink()
    assert main([str(tmp_path / "ex")]) == 1
    assert (
        capsys.readouterr().err == f"error: {tmp_path / 'ex' / '0.ref_re.txt'}: No such file or directory\n"
    )


def test_files_of_unequal_line_counts_or_without_text_are_a_one_line_error(tmp_path, capsys):
    zh = tmp_path / "ex" / "0.chs_re.txt"
    for zh_lines, en_lines, problem in (
        (["他笑了。", "她走了。"], ["He laughed."], "2 lines but 0.ref_re.txt has 1"),
        ([""], [""], "an empty example (no text in it or 0.ref_re.txt)"),
    ):
        _write(tmp_path / "ex", zh_lines, en_lines)
        assert main([str(tmp_path / "ex")]) == 1
        assert capsys.readouterr() == ("", f"error: {zh}: {problem}\n")


def test_a_file_given_for_the_folder_is_an_error_not_skipped_as_no_data(tmp_path, capsys):
    (tmp_path / "0.chs_re.txt").write_text("甲。\n", encoding="utf-8")
    assert main([str(tmp_path / "0.chs_re.txt")]) == 1  # "skipped: no data at ...", status 0
    assert capsys.readouterr() == ("", f"error: {tmp_path / '0.chs_re.txt'}: not a folder\n")


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.bwb_example: error: argument data_dir: {REFUSED_PATHS[text]} (see python -m evals.bwb_example --help)\n"
    )
