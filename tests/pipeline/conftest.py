"""Fixtures of the pipeline's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import params, write_config


@pytest.fixture
def demo(tmp_path: Path) -> dict[str, str]:
    """The task parameters of a demo config of one book, writing into ``tmp_path``."""
    return params(write_config(tmp_path, books=["city-star"]))
