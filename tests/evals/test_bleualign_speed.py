import sys

import pytest

from evals import bleualign_speed
from evals.bleualign_speed import main, pieces, upstream_seconds
from evals.data import EvalChapter
from tests.helpers import REFUSED_PATHS, refused_path

CHAPTER = (["猫睡了。"], ["The cat slept."], ["The cat was asleep."])  # zh, its MT, en

FAKE_UPSTREAM = """
multiprocessing_enabled = 1


class Aligner:
    def __init__(self, options):
        assert options["srctotarget"] == [["The cat slept."]] and multiprocessing_enabled == 0

    def mainloop(self):
        pass
"""


def test_an_interpreter_without_the_original_bleualign_is_skipped(capsys):
    assert upstream_seconds(sys.executable, [CHAPTER]) is None
    assert "could not run the original Bleualign" in capsys.readouterr().out


def test_the_original_runs_in_its_own_process_on_one_core(tmp_path, monkeypatch):
    (tmp_path / "bleualign").mkdir()
    (tmp_path / "bleualign" / "__init__.py").write_text("")
    (tmp_path / "bleualign" / "align.py").write_text(FAKE_UPSTREAM)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    seconds = upstream_seconds(sys.executable, [CHAPTER])
    assert seconds is not None and 0 <= seconds < 1


def test_folders_without_machine_translations_are_skipped(tmp_path, capsys):
    for side, text in (("zh", "猫睡了。\n"), ("en", "The cat was asleep.\n")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "001.txt").write_text(text, encoding="utf-8")
    assert main([str(tmp_path), "--upstream-python", sys.executable]) == 0
    assert "lacks zh/NNN.trans.txt" in capsys.readouterr().out
    assert main([str(tmp_path / "absent"), "--upstream-python", sys.executable]) == 0
    assert "skipped: no data" in capsys.readouterr().out


def test_a_missing_interpreter_is_skipped_with_its_reason(tmp_path, capsys):
    assert upstream_seconds(str(tmp_path / "python"), [CHAPTER]) is None
    assert capsys.readouterr().out == (
        f"skipped: {tmp_path / 'python'} could not run the original Bleualign: No such file or directory\n"
    )


@pytest.mark.parametrize("repeats", ["0", "-2"])
def test_repeats_must_be_positive(tmp_path, capsys, repeats):
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path), "--upstream-python", sys.executable, "--repeats", repeats])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        f"python -m evals.bleualign_speed: error: argument --repeats: '{repeats}' is not a positive whole "
        "number (see python -m evals.bleualign_speed --help)\n"
    )


def test_malformed_chapters_or_mt_are_a_one_line_error(tmp_path, capsys):
    for side in ("zh", "en"):
        (tmp_path / side).mkdir()
        (tmp_path / side / "001.txt").write_text("\n")
    assert main([str(tmp_path), "--upstream-python", sys.executable]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'zh' / '001.txt'}: an empty chapter (no sentences)\n",
    )
    (tmp_path / "zh" / "001.txt").write_text("猫睡了。\n", encoding="utf-8")
    (tmp_path / "en" / "001.txt").write_text("The cat was asleep.\n")
    (tmp_path / "zh" / "001.trans.txt").write_bytes(b"The \xff cat slept.\n")
    assert main([str(tmp_path), "--upstream-python", sys.executable]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'zh' / '001.trans.txt'}: invalid UTF-8 at byte offset 4\n",
    )
    (tmp_path / "zh" / "001.trans.txt").write_text("The cat slept.\nIt purred.\n")
    assert main([str(tmp_path), "--upstream-python", sys.executable]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'zh' / '001.trans.txt'}: 2 lines of MT for the chapter's 1 Chinese sentences\n",
    )


def test_pieces_are_cut_where_no_gold_bead_crosses_and_keep_their_paragraphs_and_mt():
    zh, en = [f"z{k}" for k in range(7)], [f"e{k}" for k in range(6)]
    gold = [((0,), (1,)), ((1,), (0,)), ((2,), (2, 3)), ((3, 4), (4,)), ((5,), ()), ((6,), (5,))]
    chapter = EvalChapter("001", zh, en, gold, frozenset({0, 3}), frozenset({0, 4}))
    cut = pieces(chapter, [f"m{k}" for k in range(7)], 2)
    assert [(p.name, p.zh, p.en, p.zh_starts, p.en_starts, mt) for p, mt in cut] == [
        ("001.1", ["z0", "z1"], ["e0", "e1"], {0}, {0}, ["m0", "m1"]),  # the crossing beads stay together
        ("001.2", ["z2", "z3", "z4"], ["e2", "e3", "e4"], {1}, {2}, ["m2", "m3", "m4"]),
        ("001.3", ["z5", "z6"], ["e5"], set(), set(), ["m5", "m6"]),
    ]
    assert [p.zh for p, _ in pieces(chapter, zh, 3)] == [zh[:3], zh[3:]]  # the short rest joins the last
    whole = EvalChapter("002", zh, en, None, frozenset(), frozenset())
    assert [p.zh for p, _ in pieces(whole, zh, 2)] == [zh]


def test_a_file_given_for_the_data_folder_is_an_error_not_skipped(tmp_path, capsys):
    (tmp_path / "data.txt").write_text("a line\n", encoding="utf-8")
    assert main([str(tmp_path / "data.txt"), "--upstream-python", sys.executable]) == 1  # "skipped: no data"
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'data.txt'}: not a folder\n")


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text, "--upstream-python", "python"], capsys) == (
        f"python -m evals.bleualign_speed: error: argument data: {REFUSED_PATHS[text]} (see python -m evals.bleualign_speed --help)\n"
    )


def test_as_built_the_aligner_gets_segmented_chinese_and_a_lexicon_warmed_once(tmp_path, monkeypatch, capsys):
    (tmp_path / "bleualign").mkdir()
    (tmp_path / "bleualign" / "__init__.py").write_text("")
    (tmp_path / "bleualign" / "align.py").write_text(FAKE_UPSTREAM)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    data = tmp_path / "data"
    for side, name, text in (("zh", "001.txt", "猫睡了。\n"), ("zh", "001.trans.txt", "The cat slept.\n")):
        (data / side).mkdir(parents=True, exist_ok=True)
        (data / side / name).write_text(text, encoding="utf-8")
    (data / "en").mkdir()
    (data / "en" / "001.txt").write_text("The cat was asleep.\n", encoding="utf-8")
    calls, real = [], bleualign_speed.align_dir
    monkeypatch.setattr(bleualign_speed, "align_dir", lambda *args: calls.append(args[5:]) or real(*args))
    assert main([str(data), "--upstream-python", sys.executable, "--repeats", "2", "--as-built"]) == 0
    assert [words for _, words in calls] == [[[["猫", "睡"]]]] * 3  # a warm-up run, then the two measured
    assert len({id(lexicon) for lexicon, _ in calls}) == 1
    assert "; the Chinese segmented and the lexicon warm, as built" in capsys.readouterr().out
    calls.clear()
    assert main([str(data), "--upstream-python", sys.executable, "--repeats", "1"]) == 0
    assert calls == [(None, None)]


@pytest.mark.parametrize("python", ["", "  "])
def test_an_empty_interpreter_path_is_a_one_line_error(tmp_path, capsys, python):
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path), "--upstream-python", python])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        f"python -m evals.bleualign_speed: error: argument --upstream-python: {python!r} is not a path (an unset"
        " variable? write . for the current folder) (see python -m evals.bleualign_speed --help)\n"
    )
