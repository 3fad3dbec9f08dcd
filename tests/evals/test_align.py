import gc

import pytest

from evals import align
from evals.align import main
from evals.data import chapter_names
from tests.alignment.texts import EN, GOLD, ZH
from tests.helpers import REFUSED_PATHS, refused_path


def _write_dir(root):
    for side, lines in (("zh", ZH), ("en", EN)):
        (root / side).mkdir(parents=True)
        (root / side / "001.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "zh" / "001.trans.txt").write_text("\n".join(EN[: len(ZH)]) + "\n", encoding="utf-8")
    (root / "gold").mkdir()
    gold = [f"[{','.join(map(str, zh))}]:[{','.join(map(str, en))}]" for zh, en in GOLD]
    (root / "gold" / "001.align").write_text("\n".join(gold) + "\n", encoding="utf-8")


def test_default_method_scores_and_writes(tmp_path, capsys):
    _write_dir(tmp_path / "data")
    assert chapter_names(tmp_path / "data") == ["001"]
    main([str(tmp_path / "data"), "--out", str(tmp_path / "out")])
    output = capsys.readouterr().out
    assert "all  strict P 1.000 R 1.000 F1 1.000  lax P 1.000 R 1.000 F1 1.000" in output
    assert (tmp_path / "out" / "001.align").read_text().splitlines()[1].startswith("[1]:[1,2]:0.")


def test_other_methods_run(tmp_path, capsys):
    _write_dir(tmp_path / "data")
    for method in ("bleualign", "galechurch"):
        main([str(tmp_path / "data"), "--method", method, "--translation-suffix", ".trans.txt"])
        assert "all  strict P" in capsys.readouterr().out


@pytest.mark.parametrize(
    "suffix, error",
    [
        ("", "'' is no suffix: give one, such as .trans.txt"),
        (" ", "' ' is no suffix: give one, such as .trans.txt"),
        (".txt", "'.txt' names the Chinese chapters themselves, not their translations"),
    ],
)
def test_a_translation_suffix_naming_no_translation_is_refused_before_any_chapter(
    tmp_path, capsys, suffix, error
):
    """An empty suffix rejected every chapter in turn ("zh/001: missing"), with status 0."""
    _write_dir(tmp_path / "data")
    with pytest.raises(SystemExit) as exit:
        main([str(tmp_path / "data"), "--method", "bleualign", "--translation-suffix", suffix])
    assert exit.value.code == 2
    assert capsys.readouterr() == (
        "",
        f"python -m evals.align: error: argument --translation-suffix: {error} (see python -m evals.align --help)\n",
    )


def test_missing_folder_is_skipped_and_empty_folder_is_an_error(tmp_path, capsys):
    assert main([str(tmp_path / "absent")]) == 0
    assert capsys.readouterr().out == f"skipped: no data at {tmp_path / 'absent'}\n"
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().err.startswith(f"error: {tmp_path}: no chapters")


@pytest.mark.parametrize(
    "emptied, error",
    [
        ("zh/001.txt", "an empty chapter (no sentences)"),
        ("en/001.txt", "an empty chapter (no sentences)"),
        ("gold/001.align", "no gold beads (an empty file)"),
    ],
)
def test_an_empty_chapter_or_gold_file_is_a_one_line_error_not_scores_of_zero(
    tmp_path, capsys, emptied, error
):
    _write_dir(tmp_path)
    (tmp_path / emptied).write_text(" \n\n")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / emptied}: {error}\n")


def test_line_layout_prints_line_accuracy(tmp_path, capsys):
    (tmp_path / "lines").mkdir()
    zh_lines = ["".join(ZH[i] for i in zh) for zh, _ in GOLD]
    en_lines = [" ".join(EN[j] for j in en) for _, en in GOLD]
    (tmp_path / "lines" / "001.zh").write_text("\n".join(zh_lines) + "\n", encoding="utf-8")
    (tmp_path / "lines" / "001.en").write_text("\n".join(en_lines) + "\n", encoding="utf-8")
    assert main([str(tmp_path), "--paragraphs", "exact"]) == 0
    output = capsys.readouterr().out
    assert "lines 9/9" in output and "line acc 1.000" in output


def test_undecodable_text_is_a_one_line_error(tmp_path, capsys):
    _write_dir(tmp_path / "data")
    (tmp_path / "data" / "en" / "001.txt").write_bytes(b"\xc3( broken")
    assert main([str(tmp_path / "data")]) == 1
    error = capsys.readouterr().err
    assert error == f"error: {tmp_path / 'data' / 'en' / '001.txt'}: invalid UTF-8 at byte offset 0\n"


def test_bleualign_reports_agreement_with_and_scores_of_the_upstream_beads(tmp_path, capsys):
    _write_dir(tmp_path / "data")
    (tmp_path / "data" / "bleualign-upstream").mkdir()
    gold = (tmp_path / "data" / "gold" / "001.align").read_text(encoding="utf-8")
    (tmp_path / "data" / "bleualign-upstream" / "001.align").write_text(gold, encoding="utf-8")
    main([str(tmp_path / "data"), "--method", "bleualign", "--summary"])
    output = capsys.readouterr().out.splitlines()
    assert output[2].startswith("agreement with bleualign-upstream: ") and "/9 beads (" in output[2]
    assert output[3] == (
        "upstream  strict P 1.000 R 1.000 F1 1.000  lax P 1.000 R 1.000 F1 1.000  (bleualign-upstream against the gold)"
    )


def test_a_gold_bead_beyond_the_chapter_is_a_one_line_error(tmp_path, capsys):
    _write_dir(tmp_path)
    (tmp_path / "gold" / "001.align").write_text("[0]:[0]\n[1]:[1,99]\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"error: {tmp_path / 'gold' / '001.align'}: bead 2 names en sentence 99, but the chapter has {len(EN)}\n"
    )


def test_a_gold_that_leaves_a_sentence_in_no_bead_is_a_one_line_error(tmp_path, capsys):
    """A gold line deleted: the aligner's bead there was scored as a wrong bead, precision lowered."""
    _write_dir(tmp_path)
    gold = tmp_path / "gold" / "001.align"
    lines = gold.read_text(encoding="utf-8").splitlines()
    gold.write_text("\n".join(lines[:1] + lines[2:]) + "\n", encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert (
        capsys.readouterr().err
        == f"error: {gold}: zh sentence 1 is in no bead (a gold bead covers every sentence)\n"
    )


def test_an_out_folder_that_is_a_file_is_refused_before_aligning(tmp_path, capsys):
    _write_dir(tmp_path / "data")
    (tmp_path / "out").write_text("x")
    with pytest.raises(SystemExit) as exit:
        main([str(tmp_path / "data"), "--out", str(tmp_path / "out")])
    assert exit.value.code == 2 and capsys.readouterr().err == (
        f"python -m evals.align: error: argument --out: '{tmp_path / 'out'}': {tmp_path / 'out'} is a file, "
        "not a folder (see python -m evals.align --help)\n"
    )


def test_the_timed_alignment_runs_with_the_loads_frozen_as_in_a_build(tmp_path, monkeypatch):
    """pipeline.preload freezes what the warm-up loaded before Luigi forks the tasks; the eval's clock
    runs under the same condition, and the freeze ends with it."""
    frozen = []

    def aligned(*args, **kwargs):
        frozen.append(gc.get_freeze_count())
        return [[]], {}

    monkeypatch.setattr(align, "align_chapters", aligned)
    _write_dir(tmp_path / "data")
    chapters = align.load_chapters(tmp_path / "data")
    assert align.align_dir(tmp_path / "data", chapters, "default", ".trans.txt", "none")[0] == [[]]
    assert frozen[0] > 0 and gc.get_freeze_count() == 0


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.align: error: argument data_dir: {REFUSED_PATHS[text]} (see python -m evals.align --help)\n"
    )
