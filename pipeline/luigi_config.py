"""Luigi's own configuration (``luigi.cfg`` in the folder a command runs from, or the files
``LUIGI_CONFIG_PATH`` names), checked before any work: Luigi reads it as it is imported and again as a build
starts, and a mistake in it (a line that is not ``key = value``, a section twice, ``site_NAME = two`` under
``[resources]``, ``keep_alive = maybe``) ended every command in a traceback; ``site_NAME = 0`` held a build
for ever, waiting to crawl the site."""

from __future__ import annotations

import configparser


def import_problem(err: configparser.Error) -> str:
    """One line for a file Luigi could not parse as it was imported."""
    return f"Luigi's configuration (luigi.cfg): {' '.join(str(err).split())}"


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
