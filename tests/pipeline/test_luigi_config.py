"""A mistake in Luigi's own luigi.cfg is one line and exit 2 before any work, not a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from luigi import configuration

from core.paths import REPO_ROOT
from pipeline.luigi_config import value_problem


@pytest.mark.parametrize(
    "section, key, value, problem",
    [
        ("resources", "site_moxiang", "two", "[resources] site_moxiang: 'two' is not a whole number"),
        (  # the build waited for ever to crawl the site
            "resources",
            "site_moxiang",
            "0",
            "[resources] site_moxiang: 0 lets no crawl of the site run (at least 1)",
        ),
        (
            "worker",
            "keep_alive",
            "maybe",
            "worker[args=(), kwargs={}]: Error when parsing the default value of 'keep_alive': "
            "cannot interpret 'maybe' as boolean",
        ),
    ],
)
def test_a_value_luigi_cannot_read_is_named(section, key, value, problem):
    config = configuration.get_config()
    had = config.has_section(section)
    config.set(section, key, value)  # the process-wide parser luigi reads (added sections stay empty)
    try:
        assert value_problem() == f"Luigi's configuration (luigi.cfg): {problem}"
    finally:
        config.remove_option(section, key)
        if not had:
            config.remove_section(section)
    assert value_problem() is None


def test_a_luigi_cfg_that_does_not_parse_is_one_line(tmp_path):
    (tmp_path / "luigi.cfg").write_text("[core]\nthis is not ini\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pipeline", "where"],
        cwd=tmp_path,  # Luigi reads the luigi.cfg of the folder it runs in
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Luigi's configuration (luigi.cfg): Source contains parsing errors: 'luigi.cfg' "
        "[line 2]: 'this is not ini\\n'\n"
    )
