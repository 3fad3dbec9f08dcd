import pytest

from bench.synthetic_books import write_books
from tests.helpers import file_size_limit


def test_a_rerun_that_fails_leaves_every_file_as_it_was(tmp_path):
    """A rerun stopped on a full disk (or killed) left a book cut short beside the earlier run's config."""
    write_books(tmp_path, 2, 2)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    with file_size_limit(16), pytest.raises(OSError):
        write_books(tmp_path, 2, 3)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
