"""Shared fixtures: the project's language data on NLTK's path, and demo configs writing into tmp."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from core.langdata import use_project_data
from tests.helpers import write_config

use_project_data()

# Property tests draw the same examples on every run (a CI failure can be reproduced) and keep no
# example database in the working tree.
settings.register_profile("project", derandomize=True, database=None)
settings.load_profile("project")


@pytest.fixture
def demo_config(tmp_path: Path) -> Path:
    return write_config(tmp_path)
