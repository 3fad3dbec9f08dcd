import pytest

from alignment.beads import Bead, format_bead, parse_bead, write_beads
from tests.helpers import file_size_limit


def test_round_trip(tmp_path):
    beads = [Bead((0, 1), (0,), 0.5), Bead((), (1,)), Bead((2,), (2, 3), 0.25)]
    write_beads(tmp_path / "a.align", beads)
    assert (tmp_path / "a.align").read_text().splitlines()[0] == "[0,1]:[0]:0.5000"
    assert [parse_bead(line) for line in (tmp_path / "a.align").read_text().splitlines()] == beads
    assert parse_bead("[0, 1]:[0]") == Bead((0, 1), (0,))
    assert format_bead(Bead((), (7,)), with_score=False) == "[]:[7]"
    assert Bead((0,), (1, 2)).kind == "1-2"


def test_a_write_that_fails_leaves_the_file_as_it_was(tmp_path):
    """On a full disk ``evals.align --out`` emptied the file and left it cut short, to be read as whole."""
    path = tmp_path / "a.align"
    write_beads(path, [Bead((0,), (0,))])
    before = path.read_bytes()
    with file_size_limit(len(before) + 1), pytest.raises(OSError):
        write_beads(path, [Bead((i,), (i,)) for i in range(100)])
    assert (path.read_bytes(), list(tmp_path.iterdir())) == (before, [path])
