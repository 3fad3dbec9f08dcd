from alignment.beads import Bead, format_bead, parse_bead, write_beads


def test_round_trip(tmp_path):
    beads = [Bead((0, 1), (0,), 0.5), Bead((), (1,)), Bead((2,), (2, 3), 0.25)]
    write_beads(tmp_path / "a.align", beads)
    assert (tmp_path / "a.align").read_text().splitlines()[0] == "[0,1]:[0]:0.5000"
    assert [parse_bead(line) for line in (tmp_path / "a.align").read_text().splitlines()] == beads
    assert parse_bead("[0, 1]:[0]") == Bead((0, 1), (0,))
    assert format_bead(Bead((), (7,)), with_score=False) == "[]:[7]"
    assert Bead((0,), (1, 2)).kind == "1-2"
