"""Shared fixtures: the project's language data on NLTK's path, and demo configs writing into tmp."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings
from xdist.scheduler import LoadScopeScheduling

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Modules with slow tests first, then the module of the Label Studio test, then the others, each
    module whole and in collection order otherwise.

    `make test` runs modules on parallel workers (pytest -n, --dist loadscope): starting the long
    modules first keeps one from being left to run alone at the end. The Label Studio test, after them,
    gives the venv that `make test` installs in the background (a minute or two) the slow modules' time
    to finish, while the quick modules after it keep the other worker busy (run last, it left one worker
    idle for most of its start-up)."""
    rank: dict[Path, int] = {}
    for item in items:
        if item.get_closest_marker("labelstudio"):
            rank[item.path] = 1
        elif item.get_closest_marker("slow"):
            rank.setdefault(item.path, 0)
    items.sort(key=lambda item: rank.get(item.path, 2))
    modules = {item.nodeid.split("::", 1)[0]: item.module for item in items if getattr(item, "module", None)}
    stale = [
        name
        for name in UNGROUPED
        if (module := name.split("::")[0]) in modules and not hasattr(modules[module], name.split("::")[1])
    ]
    if stale:
        raise pytest.UsageError(f"tests/conftest.py: UNGROUPED names no test of its module: {stale}")


# Parametrized tests whose cases share no fixture beyond the session's: `make test` (--dist loadscope)
# sends each case to a worker on its own instead of running the whole module on one worker.
UNGROUPED = ("tests/evals/test_figures.py::test_readme_shows_what_the_commands_print_today",)


class _Scheduling(LoadScopeScheduling):
    """loadscope, with each case of an ``UNGROUPED`` test a unit of work of its own."""

    def _split_scope(self, nodeid: str) -> str:
        return nodeid if nodeid.split("[", 1)[0] in UNGROUPED else super()._split_scope(nodeid)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log) -> LoadScopeScheduling | None:
    return _Scheduling(config, log) if config.getvalue("dist") == "loadscope" else None
