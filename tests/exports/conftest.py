"""The ``layout`` fixture: a tiny synthetic output folder (see ``synthetic.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.layout import Layout
from tests.exports.synthetic import build_output


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return build_output(tmp_path / "output")
