"""A mistake in Luigi's own luigi.cfg is one line and exit 2 before any work, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from luigi import configuration

from core.paths import REPO_ROOT
from pipeline.luigi_config import value_problem
from tests.helpers import HANG


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
        timeout=HANG,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Luigi's configuration (luigi.cfg): Source contains parsing errors: 'luigi.cfg' "
        "[line 2]: 'this is not ini\\n'\n"
    )


def test_the_files_luigi_reads_are_the_ones_checked():
    from luigi.configuration.cfg_parser import LuigiConfigParser

    from pipeline.luigi_config import CONFIG_FILES

    assert [*CONFIG_FILES] == [
        p for p in LuigiConfigParser._config_paths if p != os.environ.get("LUIGI_CONFIG_PATH")
    ]


def _where(cwd, **env):
    return subprocess.run(
        [sys.executable, "-m", "pipeline", "where", "--config", str(REPO_ROOT / "config" / "demo.yaml")],
        cwd=cwd,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", **env},
        capture_output=True,
        text=True,
        timeout=HANG,
    )


def test_a_luigi_cfg_that_is_a_named_pipe_is_one_line_not_a_wait_for_ever(tmp_path):
    """Luigi opened it as it was imported and waited for a writer for ever."""
    os.mkfifo(tmp_path / "luigi.cfg")
    done = _where(tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        "Luigi's configuration file luigi.cfg is a named pipe or a device, not a file\n",
    )


@pytest.mark.parametrize(
    "env, problem",
    [
        ({"LUIGI_CONFIG_PATH": "BIN"}, "Luigi's configuration (BIN): not UTF-8 text (byte 0xff at 0)"),
        (
            {"LUIGI_CONFIG_PATH": "/nonexistent.cfg"},
            "LUIGI_CONFIG_PATH='/nonexistent.cfg': no such file (unset it, or name a luigi.cfg)",
        ),
        (
            {"LUIGI_CONFIG_PATH": "/dev/zero"},
            "Luigi's configuration file /dev/zero is a named pipe or a device, not a file",
        ),
        (
            {"LUIGI_CONFIG_PARSER": "toml"},
            "LUIGI_CONFIG_PARSER=toml needs the toml package, which is not installed: unset it",
        ),
        (
            {"LUIGI_CONFIG_PARSER": "yaml"},
            "LUIGI_CONFIG_PARSER='yaml' is not one of Luigi's parsers (cfg, conf, ini, toml)",
        ),
    ],
    ids=["utf-16", "missing", "device", "toml", "unknown-parser"],
)
def test_luigis_environment_variables_are_checked_in_one_line(tmp_path, env, problem):
    """A config file in UTF-16 and LUIGI_CONFIG_PARSER=toml were tracebacks (UnicodeDecodeError,
    ImportError); a LUIGI_CONFIG_PATH naming no file and an unknown parser were a Python warning of two lines,
    and the build went on without the config."""
    (tmp_path / "utf16.cfg").write_bytes("[core]\n".encode("utf-16"))
    env = {k: v.replace("BIN", str(tmp_path / "utf16.cfg")) for k, v in env.items()}
    done = _where(tmp_path, **env)
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        problem.replace("BIN", str(tmp_path / "utf16.cfg")) + "\n",
    )


def test_an_empty_luigi_config_path_is_no_setting(tmp_path):
    """As an empty BWB_DATA: an unset variable in a script (Luigi warned "Config file does not exist: ")."""
    done = _where(tmp_path, LUIGI_CONFIG_PATH="")
    assert (done.returncode, done.stderr) == (0, "")
