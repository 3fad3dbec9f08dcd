import pytest

from evals.mt import main, read_documents


def _write(root, name, lines):
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_gold_beads_become_documents_and_pronoun_counts(tmp_path, capsys):
    _write(tmp_path, "zh/001.txt", ["他走了。", "下雨了。", "她笑了。"])
    _write(tmp_path, "zh/001.trans.txt", ["He left.", "It rained.", "She laughed."])
    _write(tmp_path, "en/001.txt", ["He went away.", "Rain fell and she laughed."])
    _write(tmp_path, "gold/001.align", ["[0]:[0]", "[1,2]:[1]"])
    docs, stats = read_documents(tmp_path)
    assert [(d.chapter_id, d.hyps, d.refs) for d in docs] == [
        ("001", ["He left.", "It rained. She laughed."], ["He went away.", "Rain fell and she laughed."])
    ]
    assert (stats.en_pronouns_two_sided, stats.en_pronouns_no_zh_pronoun) == (2, 0)
    main([str(tmp_path)])
    printed = capsys.readouterr().out
    assert "1 chapters, 2 two-sided gold beads" in printed
    assert "en: masculine 1, feminine 1, neuter 0, epicene 0, total 2" in printed


def test_absent_data_is_skipped(tmp_path, capsys):
    main([str(tmp_path / "none")])
    assert capsys.readouterr().out == f"skipped: no evaluation data in {tmp_path / 'none'}\n"


def test_a_folder_holding_a_line_break_is_refused_not_skipped_in_two_lines(tmp_path, capsys):
    folder = str(tmp_path / "mac\ndev")  # was 'skipped: no evaluation data in .../mac' and 'dev', exit 0
    with pytest.raises(SystemExit) as exit_:
        main([folder])
    assert (exit_.value.code, capsys.readouterr()) == (
        2,
        (
            "",
            f"python -m evals.mt: error: argument data_dir: {folder!r}: a path holding a line break or "
            "another control character, which no message could show on one line: rename it (see python -m "
            "evals.mt --help)\n",
        ),
    )


def test_missing_undecodable_or_inconsistent_data_is_a_one_line_error(tmp_path, capsys):
    _write(tmp_path, "zh/001.txt", ["他走了。"])
    _write(tmp_path, "en/001.txt", ["He went away."])
    _write(tmp_path, "gold/001.align", ["[0]:[0]"])
    assert main([str(tmp_path)]) == 1
    assert (
        capsys.readouterr().err == f"error: {tmp_path / 'zh' / '001.trans.txt'}: No such file or directory\n"
    )
    _write(tmp_path, "zh/001.trans.txt", ["He left.", "It rained."])
    assert main([str(tmp_path)]) == 1
    assert (
        capsys.readouterr().err == f"error: {tmp_path}: zh/001.trans.txt has 2 lines but zh/001.txt has 1\n"
    )
    _write(tmp_path, "zh/001.trans.txt", ["He left."])
    _write(tmp_path, "gold/001.align", ["[0]:[1]"])
    assert main([str(tmp_path)]) == 1
    gold = tmp_path / "gold" / "001.align"
    assert capsys.readouterr().err == f"error: {gold}: bead 1 names en sentence 1, but the chapter has 1\n"
    (tmp_path / "en" / "001.txt").write_bytes(b"\xffHe went away.\n")
    assert main([str(tmp_path)]) == 1
    assert (
        capsys.readouterr().err == f"error: {tmp_path / 'en' / '001.txt'}: invalid UTF-8 at byte offset 0\n"
    )
    gold.unlink()
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path}: no gold/NNN.align\n")


def test_a_chapter_without_gold_among_gold_chapters_is_an_error_not_left_out(tmp_path, capsys):
    for name in ("001", "002"):
        _write(tmp_path, f"zh/{name}.txt", ["他走了。"])
        _write(tmp_path, f"zh/{name}.trans.txt", ["He left."])
        _write(tmp_path, f"en/{name}.txt", ["He went away."])
    _write(tmp_path, "gold/001.align", ["[0]:[0]"])
    assert main([str(tmp_path)]) == 1  # chapter 002 was left out of the scores without a word, status 0
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path}: zh/002.txt has no gold/002.align: its chapter cannot be scored\n",
    )


def test_a_file_given_for_the_folder_is_an_error_not_skipped_as_no_data(tmp_path, capsys):
    (tmp_path / "hyp.txt").write_text("a line\n", encoding="utf-8")
    assert main([str(tmp_path / "hyp.txt")]) == 1  # "skipped: no evaluation data in ...", status 0
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'hyp.txt'}: not a folder\n")


def test_a_line_longer_than_evaluate_mt_scores_is_a_one_line_error(tmp_path, capsys):
    # a line of the MT past spaCy's 1,000,000 characters ended the scoring in spaCy's ValueError traceback
    _write(tmp_path, "zh/001.txt", ["他走了。"])
    _write(tmp_path, "zh/001.trans.txt", ["x" * 1_000_001])
    _write(tmp_path, "en/001.txt", ["He went away."])
    _write(tmp_path, "gold/001.align", ["[0]:[0]"])
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'zh' / '001.trans.txt'}: line 1 has 1,000,001 characters (at most 100,000: "
        "one sentence a line)\n",
    )
