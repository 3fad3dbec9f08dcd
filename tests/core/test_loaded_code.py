import os

from core.loaded_code import EDITED, STARTED_NS, as_loaded


def test_a_file_modified_since_the_process_started_counts_as_edited(tmp_path):
    before, since = tmp_path / "before.py", tmp_path / "since.py"
    before.write_text("A = 1\n")
    os.utime(before, ns=(STARTED_NS - 1, STARTED_NS - 1))
    since.write_text("A = 2\n")
    assert as_loaded(before, "sha") == "sha"
    assert as_loaded(since, "sha") == EDITED
    assert as_loaded(tmp_path / "gone.py", "sha") == "sha"  # no file: its digest says what it is
