"""PNG charts: a chart that cannot be written names its file."""

from __future__ import annotations

import errno

import pytest

from exports.plots import bar_chart
from tests.helpers import file_size_limit


def test_a_chart_that_cannot_be_written_names_its_file(tmp_path):
    """A full disk (here ``ulimit -f``) failed the report with "OSError: [Errno 27] File too large", no file named."""
    path = tmp_path / "funnel.png"
    with pytest.raises(OSError) as err, file_size_limit(1024):
        bar_chart(path, {"kept": [3, 2]}, ["a", "b"], "title")
    assert (err.value.errno, err.value.filename) == (errno.EFBIG, str(path))
