import random

import pytest

from evals.data import DataError
from evals.pairing import SCENARIOS, _en_sentences, _pr, gold_pairs, mac_pieces, main, scenario
from tests.helpers import REFUSED_PATHS, refused_path


def test_each_scenario_disturbs_the_translation_as_named():
    chapters = {name: scenario(name, 8, random.Random(0)) for name in SCENARIOS}
    assert chapters["numbered"] == ([((k,), None) for k in range(8)], False)
    assert chapters["prologue"] == ([((k,), None) for k in range(8)], True)
    assert (
        len(chapters["dropped"][0]) == 7
        and len(chapters["merged"][0]) == 7
        and len(chapters["split"][0]) == 9
    )
    assert sum(len(zh) == 2 for zh, _ in chapters["merged"][0]) == 1
    assert [half for _, half in chapters["split"][0] if half is not None] == [0, 1]
    mixed, prologue = chapters["mixed"]
    assert prologue and len(mixed) == 8 - 1 - 1 + 1


def test_the_hard_scenarios_split_in_numbered_parts_or_drop_and_merge_in_turn():
    parts, prologue = scenario("parts", 12, random.Random(0))
    assert not prologue and [(zh, part) for zh, part in parts if part is not None] == [
        *(((2,), p) for p in range(3)),
        *(((6,), p) for p in range(2)),
        *(((10,), p) for p in range(3)),
    ]
    assert len(parts) == 12 + 2 + 1 + 2
    drifting, _ = scenario("drifting", 18, random.Random(0))
    assert [zh for zh, _ in drifting if zh not in {(k,) for k in range(18)}] == [(9, 10)]
    assert {k for zh, _ in drifting for k in zh} == set(range(18)) - {3, 15}


def test_the_parts_of_a_split_chapter_cut_its_en_sentences_in_order():
    pieces = [([], ["a", "b", "c", "d", "e"])]
    assert [_en_sentences(pieces, ((0,), p), 3) for p in range(3)] == [["a"], ["b", "c"], ["d", "e"]]
    assert [_en_sentences(pieces, ((0,), p), 2) for p in range(2)] == [["a", "b"], ["c", "d", "e"]]
    assert _en_sentences(pieces, ((0,), None), 1) == ["a", "b", "c", "d", "e"]


def test_gold_pairs_join_the_halves_of_a_split_and_score_precision_and_recall():
    gold = gold_pairs([((0,), None), ((1,), 0), ((1,), 1), ((2, 3), None)])
    assert gold == {
        (frozenset({0}), frozenset({0})),
        (frozenset({1}), frozenset({1, 2})),
        (frozenset({2, 3}), frozenset({3})),
    }
    made = {(frozenset({0}), frozenset({0})), (frozenset({1}), frozenset({1}))}
    assert _pr(gold, made) == (0.5, 1 / 3)


def test_mac_pieces_cut_the_gold_beads_of_each_chapter(tmp_path):
    for folder, text in {
        "zh": "甲。\n乙。\n丙。\n",
        "en": "A.\nB.\nC.\nD.\n",
        "gold": "[0]:[0]\n[1]:[1,2]\n[2]:[3]\n",
    }.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / ("001.align" if folder == "gold" else "001.txt")).write_text(
            text, encoding="utf-8"
        )
    assert mac_pieces(tmp_path, 2) == [(["甲。", "乙。"], ["A.", "B.", "C."]), (["丙。"], ["D."])]
    (tmp_path / "zh" / "002.txt").write_text("丁。\n", encoding="utf-8")  # was left out without a word
    (tmp_path / "en" / "002.txt").write_text("E.\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"zh/002\.txt has no gold/002\.align: its chapter cannot be scored$"):
        mac_pieces(tmp_path, 2)


def test_too_few_pieces_bad_files_or_options_are_a_one_line_error(tmp_path, capsys):
    mac = tmp_path / "mac-dev"
    for folder, text in {"zh": "甲。\n乙。\n", "en": "A.\nB.\n", "gold": "[0]:[0]\n[1]:[1]\n"}.items():
        (mac / folder).mkdir(parents=True)
        (mac / folder / ("001.align" if folder == "gold" else "001.txt")).write_text(text, encoding="utf-8")
    args = ["--eval-dir", str(tmp_path), "--data", "mac-dev"]
    assert main(args) == 1
    assert capsys.readouterr().err == (
        f"error: {mac}: 2 pieces, the scenarios need at least 6 (more chapters or a larger --pieces)\n"
    )
    (mac / "gold" / "001.align").write_text("[0]:[0]\n[2]:[1]\n")
    assert main(args) == 1
    assert (
        capsys.readouterr().err
        == f"error: {mac / 'gold' / '001.align'}: bead 2 names zh sentence 2, but the chapter has 2\n"
    )
    (mac / "en" / "001.txt").write_bytes(b"A.\n\xff\n")
    assert main(args) == 1
    assert capsys.readouterr().err == f"error: {mac / 'en' / '001.txt'}: invalid UTF-8 at byte offset 3\n"
    for bad in (["--pieces", "0"], ["--data", "nope"]):
        with pytest.raises(SystemExit) as exit_:
            main([*args, *bad])
        assert exit_.value.code == 2
    assert "argument --pieces: '0' is not a positive whole number" in capsys.readouterr().err


def test_a_file_given_for_the_eval_folder_is_an_error_not_skipped(tmp_path, capsys):
    (tmp_path / "data.txt").write_text("a line\n", encoding="utf-8")
    assert main(["--eval-dir", str(tmp_path / "data.txt")]) == 1  # "skipped: .../mac-dev not found", status 0
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'data.txt'}: not a folder\n")


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_an_eval_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, ["--eval-dir", text], capsys) == (
        f"python -m evals.pairing: error: argument --eval-dir: {REFUSED_PATHS[text]} (see python -m evals.pairing --help)\n"
    )
