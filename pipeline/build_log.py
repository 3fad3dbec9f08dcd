"""Luigi's own log lines (a failed task's traceback, a scheduler that does not answer) go to a file in the
output folder, not to the terminal, where the command prints one line per failure instead."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import luigi

from core.files import os_problem
from pipeline.output_folder import FolderRefused

LOGGERS = ("luigi", "luigi-interface")


class _LogFile(logging.FileHandler):
    """The run's log file; lines that cannot be written (a full disk) are dropped: logging would print its own
    traceback ("--- Logging error ---") to the terminal, where the build's failure is one line already."""

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 -- logging's name
        pass

    def emit(self, record: logging.LogRecord) -> None:
        try:  # the file's first line opens it: its folder may be gone (the output folder moved meanwhile)
            super().emit(record)
        except OSError:
            pass

    def close(self) -> None:
        try:  # its last flush
            super().close()
        except OSError:
            pass


@contextmanager
def luigi_logging_to(path: Path) -> Iterator[None]:
    """While the block runs, Luigi's warnings and errors are appended to ``path`` (created at the first one);
    ``FolderRefused`` when its folder cannot be made (e.g. a file of that name)."""
    luigi.configuration.get_config().set("core", "no_configure_logging", "true")
    handler = _LogFile(path, encoding="utf-8", delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise FolderRefused(
            f"cannot make the folder of the build's log {path.parent}: {os_problem(err)}"
        ) from None
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
