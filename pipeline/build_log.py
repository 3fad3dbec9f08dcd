"""Luigi's own log lines (a failed task's traceback, a scheduler that does not answer) go to a file in the
output folder, not to the terminal, where the command prints one line per failure instead."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import luigi

LOGGERS = ("luigi", "luigi-interface")


@contextmanager
def luigi_logging_to(path: Path) -> Iterator[None]:
    """While the block runs, Luigi's warnings and errors are appended to ``path`` (created at the first one)."""
    luigi.configuration.get_config().set("core", "no_configure_logging", "true")
    handler = logging.FileHandler(path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s"))
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = []
    for name in LOGGERS:
        logger = logging.getLogger(name)
        saved.append((logger, logger.handlers[:], logger.propagate, logger.level))
        logger.handlers, logger.propagate = [handler], False
        logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        for logger, handlers, propagate, level in saved:
            logger.handlers, logger.propagate = handlers, propagate
            logger.setLevel(level)
        handler.close()
