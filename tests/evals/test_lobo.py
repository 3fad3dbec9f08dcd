from evals.lobo import main


def test_lobo_skips_missing_data(tmp_path, capsys):
    assert main([str(tmp_path / "absent")]) == 0
    assert capsys.readouterr().out == f"skipped: no data at {tmp_path / 'absent'}\n"
