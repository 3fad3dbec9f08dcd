"""The check that an aligner's beads are monotone and cover every sentence exactly once."""

from alignment.beads import Bead


def assert_cover(beads: list[Bead], n_zh: int, n_en: int) -> None:
    """Fail unless the beads are monotone, cover every sentence exactly once and none is empty."""
    assert [i for bead in beads for i in bead.zh] == list(range(n_zh))
    assert [j for bead in beads for j in bead.en] == list(range(n_en))
    assert all(bead.zh or bead.en for bead in beads)
