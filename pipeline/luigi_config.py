"""Luigi's own configuration (``luigi.cfg`` in the folder a command runs from, or the files
``LUIGI_CONFIG_PATH`` names), checked before any work: Luigi reads it as it is imported and again as a build
starts, and a mistake in it (a line that is not ``key = value``, a section twice, ``site_NAME = two`` under
``[resources]``, ``keep_alive = maybe``) ended every command in a traceback; ``site_NAME = 0`` held a build
for ever, waiting to crawl the site."""

from __future__ import annotations

import configparser
import importlib.util
import os
import stat

# The files Luigi reads as it is imported (luigi.configuration.cfg_parser.LuigiConfigParser._config_paths,
# kept equal by a test), then the one LUIGI_CONFIG_PATH names; and the parsers LUIGI_CONFIG_PARSER may name.
CONFIG_FILES = ("/etc/luigi/client.cfg", "/etc/luigi/luigi.cfg", "client.cfg", "luigi.cfg")
PARSERS = ("cfg", "conf", "ini", "toml")


def import_problem(err: configparser.Error | UnicodeDecodeError) -> str:
    """One line for a file Luigi could not parse as it was imported."""
    if isinstance(err, UnicodeDecodeError):
        return f"Luigi's configuration ({_named()}): not UTF-8 text (byte 0x{err.object[err.start]:02x} at {err.start})"
    return f"Luigi's configuration (luigi.cfg): {' '.join(str(err).split())}"


def environment_problem() -> str | None:
    """What would stop Luigi as it is imported, asked before: a ``LUIGI_CONFIG_PARSER`` it does not know
    (a warning, then its default) or cannot load (``toml``: an ImportError traceback); a ``LUIGI_CONFIG_PATH``
    that names no file (a warning, then a build without it); and a config file that is a named pipe or a
    device (Luigi's read waited for a writer for ever) or a folder. An empty ``LUIGI_CONFIG_PATH`` (an unset
    variable in a script) is no setting, as an empty ``BWB_DATA`` is."""
    parser = os.environ.get("LUIGI_CONFIG_PARSER")
    if parser is not None and parser not in PARSERS:
        return f"LUIGI_CONFIG_PARSER={parser!r} is not one of Luigi's parsers ({', '.join(PARSERS)})"
    if parser == "toml" and importlib.util.find_spec("toml") is None:
        return "LUIGI_CONFIG_PARSER=toml needs the toml package, which is not installed: unset it"
    if os.environ.get("LUIGI_CONFIG_PATH") == "":
        del os.environ["LUIGI_CONFIG_PATH"]
    named = os.environ.get("LUIGI_CONFIG_PATH")
    for path in (*CONFIG_FILES, *([named] if named else [])):
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            if path == named:
                return f"LUIGI_CONFIG_PATH={named!r}: no such file (unset it, or name a luigi.cfg)"
            continue
        except (OSError, ValueError) as err:  # a symbolic link loop, no permission; a NUL in the path
            return f"Luigi's configuration file {path}: {getattr(err, 'strerror', None) or err}"
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a named pipe or a device"
            return f"Luigi's configuration file {path} is {kind}, not a file"
    return None


def _named() -> str:
    """The config file a parse error is likely in: the one LUIGI_CONFIG_PATH names, else luigi.cfg."""
    return os.environ.get("LUIGI_CONFIG_PATH") or "luigi.cfg"


def value_problem() -> str | None:
    """What is wrong with a value of the sections a build reads (``[core]``, ``[worker]``, ``[scheduler]``,
    ``[retcode]``, ``[resources]``); None when nothing is."""
    from luigi import configuration, interface, retcodes, scheduler, worker

    config = configuration.get_config()
    if config.has_section("resources"):  # site_NAME = 2: how many crawls of a site at once (README)
        defaults = dict(config.items("DEFAULT"))
        for key, value in config.items("resources"):
            if key not in defaults and not (value.strip().isascii() and value.strip().isdigit()):
                return (
                    f"Luigi's configuration (luigi.cfg): [resources] {key}: {value!r} is not a whole number"
                )
            if key not in defaults and key.startswith("site_") and int(value) == 0:
                return (
                    f"Luigi's configuration (luigi.cfg): [resources] {key}: 0 lets no crawl of the site run "
                    "(at least 1)"
                )
    try:
        for section in (interface.core, worker.worker, scheduler.scheduler, retcodes.retcode):
            section()
    except ValueError as err:
        cause = f": {' '.join(str(err.__cause__).split())}" if err.__cause__ else ""
        return f"Luigi's configuration (luigi.cfg): {' '.join(str(err).split())}{cause}"
    return None
