"""Values of Luigi's own command line (``luigi --module pipeline.tasks``, the cron line) checked as Luigi
parses them: a bad one is one line on stderr and exit status 2, as ``python -m pipeline`` says it. Luigi's
entry point logs any Exception with its traceback (``--date notadate``: strptime's ValueError; a config that
is not there: a ConfigError from each task's ``complete``, then its ":(" summary); a SystemExit passes it."""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

import luigi
from luigi.task_register import TaskClassException
from luigi.tools import range as luigi_range

from core.arg_types import shown
from pipeline.cli_args import iso_date
from pipeline.config import load_config
from pipeline.config_reader import ConfigError


def refuse(message: str) -> NoReturn:
    """Print ``message`` and exit with status 2, past Luigi's handler of exceptions."""
    print(message, file=sys.stderr)
    raise SystemExit(2)


def check_config(path: str) -> str:
    """``path`` if it names a config that loads; else ``config error: PATH: PROBLEM``, and exit 2."""
    try:
        load_config(path)
    except ConfigError as err:
        refuse(f"config error: {err}")
    return path


class ConfigParameter(luigi.Parameter):
    """A pipeline config file, read as Luigi parses it from its command line or ``luigi.cfg``, named by its
    absolute path: one config named relative and absolute (``make corpus``'s ``config/demo.yaml`` and the command
    line's default) is one task, where two workers sharing a luigid each ran their own of every task (two
    ``AlignBook`` runs of one book at once, and each build's list of tasks run wrong). Not its real path: a
    link's own name is the config's (``output/{name}``, ``pipeline.config_output``)."""

    def parse(self, x: str) -> str:
        return check_config(x)

    def normalize(self, x: Any) -> str:
        return str(Path(str(x)).absolute())


class FolderParameter(luigi.Parameter):
    """An output folder, named by its real path as the command line names it (``pipeline.cli_build``), so
    that one folder is one task however it is named; empty for the config's own."""

    def normalize(self, x: Any) -> str:
        return str(Path(str(x)).resolve()) if x else ""


class UpdateDateParameter(luigi.DateParameter):
    """An update's date, YYYY-MM-DD, today or earlier (``pipeline.cli_args.iso_date``)."""

    def parse(self, s: str) -> datetime.date:
        try:
            return iso_date(s)
        except argparse.ArgumentTypeError as err:
            refuse(f"luigi: error: argument --date: {err}")


class DayParameter(luigi.DateParameter):
    """A day, YYYY-MM-DD, given as ``flag``."""

    def __init__(self, flag: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.flag = flag

    def parse(self, s: str) -> datetime.date:
        try:
            return super().parse(s)
        except ValueError:
            refuse(f"luigi: error: argument {self.flag}: {shown(s)} is not a date (YYYY-MM-DD)")


class TaskNameParameter(luigi.TaskParameter):
    """``RangeDaily``'s ``--of``: the name of a task Luigi knows."""

    def parse(self, x: str) -> Any:
        try:
            return super().parse(x)
        except TaskClassException:
            refuse(f"luigi: error: argument --of: {shown(x)} names no task (the daily one is UpdateCorpus)")


class TaskParamsParameter(luigi.DictParameter):
    """``RangeDaily``'s ``--of-params``: a JSON object."""

    def parse(self, x: str) -> Any:
        try:
            params = super().parse(x)
        except ValueError as err:
            refuse(f"luigi: error: argument --of-params: {shown(x)} is not JSON ({err})")
        if not isinstance(params, Mapping):
            refuse(f"luigi: error: argument --of-params: {shown(x)} is not a JSON object ({{...}})")
        return params


class RangeDaily(luigi_range.RangeDaily):
    """Luigi's ``RangeDaily`` (the cron line's), its values checked: ``--of`` a task, ``--start`` and ``--stop``
    dates, ``--of-params`` a JSON object of that task's parameters, whose config (``ConfigParameter``) loads."""

    of = TaskNameParameter(
        description="task name to be completed. The task must take a single date parameter"
    )
    of_params = TaskParamsParameter(
        default=dict(), description="Arguments to be provided to the 'of' class when instantiating"
    )
    start = DayParameter("--start", default=None, description="beginning date, inclusive")
    stop = DayParameter("--stop", default=None, description="ending date, exclusive. Default: today")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        params = dict(self.of.get_params())
        for name, value in self.of_params.items():
            if name not in params:
                refuse(
                    f"luigi: error: argument --of-params: {self.of.get_task_family()} has no parameter {name!r}"
                    f" (it has: {', '.join(params)})"
                )
            if isinstance(params[name], ConfigParameter):
                check_config(str(value))
