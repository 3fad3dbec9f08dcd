import pytest

from evals.errors import classify, main, report, shape
from evals.data import EvalChapter
from tests.evals.test_align import _write_dir
from tests.helpers import REFUSED_PATHS, refused_path

GOLD = [((0,), (0,)), ((1, 2), (1, 2)), ((3,), (3, 4)), ((4,), ())]


def test_shape_groups_sides_of_three_or_more():
    assert [shape(bead) for bead in GOLD[:3]] == ["1-1", "2-2", "1-2"]
    assert shape(((0, 1, 2, 3), (0, 1))) == "3+-2"


def test_a_split_bead_and_a_sentence_that_crossed_a_border():
    test = [((0,), (0,)), ((1,), (1,)), ((2,), (2, 3)), ((3,), (4,)), ((4,), ())]
    zh_chars, en_chars = [10] * 5, [20, 20, 20, 5, 20]
    assert classify(test, GOLD, zh_chars, en_chars) == [
        (GOLD[0], "exact", set(), set()),
        (GOLD[1], "border", set(), {3}),  # the short en sentence 3 went into the bead from outside
        (GOLD[2], "border", set(), {3}),
    ]
    split = [((0,), (0,)), ((1,), (1,)), ((2,), (2,)), ((3,), (3, 4))]
    assert [kind for _, kind, _, _ in classify(split, GOLD, zh_chars, en_chars)] == [
        "exact",
        "split",
        "exact",
    ]


def test_report_counts_by_shape_and_border_length():
    chapter = EvalChapter("1", ["一二三"] * 5, ["a b c"] * 5, GOLD, frozenset(), frozenset())
    test = [((0,), (0,)), ((1,), (1,)), ((2,), (2,)), ((3,), (3, 4)), ((4,), ())]
    assert report([chapter], [test]) == [
        "gold shape   beads  exact  split  border   made  right",
        "       1-1       1   1.00      0       0      3   0.33",
        "       1-2       1   1.00      0       0      1   1.00",
        "       2-2       1   0.00      1       0      0      -",
        "zh sentences crossing a border, by length (chars): <=5 0/5, <=10 0/0, <=20 0/0, >20 0/0",
        "en sentences crossing a border, by length (chars): <=15 0/5, <=30 0/0, <=60 0/0, >60 0/0",
    ]


def test_the_command_prints_the_table_and_skips_a_missing_folder(tmp_path, capsys):
    _write_dir(tmp_path / "data")
    assert main([str(tmp_path / "data")]) == 0
    output = capsys.readouterr().out
    assert output.startswith(
        "data --method default:\ngold shape   beads  exact  split  border   made  right\n"
    )
    assert main([str(tmp_path / "absent")]) == 0
    assert capsys.readouterr().out == f"skipped: no data at {tmp_path / 'absent'}\n"


def test_a_shape_only_the_aligner_made_has_no_recall():
    chapter = EvalChapter(
        "1", ["一二三"] * 2, ["a b c"] * 2, [((0,), (0,)), ((1,), (1,))], frozenset(), frozenset()
    )
    assert report([chapter], [[((0, 1), (0, 1))]])[1:3] == [
        "       1-1       2   0.00      0       2      0      -",
        "       2-2       0      -      0       0      1   0.00",
    ]


def test_a_folder_without_gold_is_a_one_line_error(tmp_path, capsys):
    _write_dir(tmp_path)
    (tmp_path / "gold" / "001.align").unlink()
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path}: no chapter has gold beads (expected gold/NNN.align)\n",
    )


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.errors: error: argument data_dir: {REFUSED_PATHS[text]} (see python -m evals.errors --help)\n"
    )
