"""``core.folder_lock``: one writer at a time in a folder."""

import pytest

from core.folder_lock import FolderBusy, sole_writer


def test_a_second_writer_is_refused_while_the_first_holds_the_folder_and_let_in_after(tmp_path):
    with sole_writer(tmp_path, "tool"):
        with pytest.raises(
            FolderBusy, match=rf"^{tmp_path}: another tool run is writing there: wait for it to end$"
        ):
            with sole_writer(tmp_path, "tool"):
                pass
    with sole_writer(tmp_path, "tool"):
        assert list(tmp_path.iterdir()) == []  # no lock file left behind
