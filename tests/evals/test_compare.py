from alignment.beads import Bead, write_beads
from evals.compare import agreement, main


def test_agreement_counts_reference_beads_reproduced(tmp_path, capsys):
    reference = [Bead((0,), (0,)), Bead((1,), (1, 2)), Bead((3,), (4,))]
    ours = [Bead((0,), (0,), 0.5), Bead((1,), (1,)), Bead((), (2,)), Bead((3,), (4,))]
    assert agreement([b.key for b in ours], [b.key for b in reference]) == (2, 3)
    for name, beads in (("ours", ours), ("ref", reference)):
        (tmp_path / name).mkdir()
        write_beads(tmp_path / name / "001.align", beads)
    main([str(tmp_path / "ours"), str(tmp_path / "ref")])
    assert "2/3" in capsys.readouterr().out


def test_a_reference_bead_listed_twice_counts_once():
    reference = [((0,), (0,)), ((0,), (0,)), ((1,), (1,))]
    assert agreement([((0,), (0,))], reference) == (1, 2)


def test_no_reference_beads_a_missing_or_malformed_file_is_a_one_line_error(tmp_path, capsys):
    ours, ref = tmp_path / "ours", tmp_path / "ref"
    assert main([str(ours), str(ref)]) == 1
    assert capsys.readouterr() == ("", f"error: {ref}: no *.align beads\n")
    ref.mkdir()
    (ref / "001.align").write_text("[0]:[0]\n")
    assert main([str(ours), str(ref)]) == 1
    assert capsys.readouterr().err == f"error: {ours / '001.align'}: No such file or directory\n"
    ours.mkdir()
    (ours / "001.align").write_text("[0]:[0]\nnot a bead\n")
    assert main([str(ours), str(ref)]) == 1
    assert capsys.readouterr().err == f"error: {ours / '001.align'}: not a bead: 'not a bead'\n"


def test_reference_files_of_no_bead_are_a_one_line_error_not_an_agreement_of_0_of_0(tmp_path, capsys):
    for name in ("ours", "ref"):
        (tmp_path / name).mkdir()
    (tmp_path / "ours" / "001.align").write_text("[0]:[0]\n")
    (tmp_path / "ref" / "001.align").write_text("\n")
    assert main([str(tmp_path / "ours"), str(tmp_path / "ref")]) == 1
    empty = tmp_path / "ref" / "001.align"
    assert capsys.readouterr() == (
        "",
        f"error: {empty}: no bead (an empty file): the reference's output of this chapter is missing\n",
    )


def test_one_empty_reference_file_is_an_error_not_its_chapter_left_out(tmp_path, capsys):
    for name in ("ours", "ref"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "001.align").write_text("[0]:[0]\n")
    (tmp_path / "ours" / "002.align").write_text("[0]:[0]\n")
    (tmp_path / "ref" / "002.align").write_bytes(b"")  # was "agreement: 1/1 ... (1.000)", status 0
    assert main([str(tmp_path / "ours"), str(tmp_path / "ref")]) == 1
    empty = tmp_path / "ref" / "002.align"
    assert capsys.readouterr() == (
        "",
        f"error: {empty}: no bead (an empty file): the reference's output of this chapter is missing\n",
    )
