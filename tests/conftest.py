"""Shared fixtures: the project's language data on NLTK's path, and demo configs writing into tmp."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.langdata import use_project_data
from tests.helpers import write_config

use_project_data()


@pytest.fixture
def demo_config(tmp_path: Path) -> Path:
    return write_config(tmp_path)
