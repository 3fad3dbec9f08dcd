"""Load once what a build's tasks load (spaCy's tagger, WordNet, jieba, CC-CEDICT, punkt), before Luigi
forks its workers.

With ``--workers`` > 1, Luigi's worker runs every task in a process forked from this one
(``luigi.worker.Worker._run_task``: a ``TaskProcess`` started under Linux's fork start method), which
would load them again for every book; forked after the preload, each task inherits them copy-on-write.
With one worker, the tasks run in this process, which then loads them once either way. The CLI calls
:func:`preload` for each stage with the task families that will run, so a build with nothing to do
loads nothing, and ``status`` never calls it. Each family's resources come from its stage package's
warm-up (``filters.preload``, ``alignment.preload``, ``cohesion.preload``).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable
from functools import cache

from alignment import preload as align_stage
from cohesion import preload as mine_stage
from core import storage
from core.rejection import one_line
from filters import preload as filter_stages


@cache
def arrow_to_pandas() -> None:
    """Import pandas: Arrow imports it on a process's first conversion of Python values (every task's
    first table write), at about 0.3 CPU seconds."""
    storage.to_table([], "rejected")


WARM_UPS: dict[str, tuple[Callable[[], object], ...]] = {  # task family -> what its tasks load
    "CleanBook": (arrow_to_pandas, filter_stages.clean),
    "DedupCorpus": (arrow_to_pandas,),
    "FilterBook": (arrow_to_pandas, filter_stages.pair_and_filter),
    "AlignBook": (arrow_to_pandas, align_stage.align),
    "MineBook": (arrow_to_pandas, mine_stage.mine),
}
_done: dict[str, str] = {}  # family -> "" when warmed in this process, else why its warm-up failed


def preload(families: Iterable[str]) -> dict[str, float | str]:
    """Warm up, in this process, each of ``families`` that has a warm-up and was not warmed here yet.

    Returns, per family warmed now, its CPU seconds, or the one-line error of a warm-up that failed
    (its tasks then load what they need themselves, and fail there with their own recorded error).
    The objects loaded are then frozen (``gc.freeze``): a forked task's garbage collections pass them
    by, instead of writing to every page that holds one and so copying it.
    """
    took: dict[str, float | str] = {}
    for family in families:
        if family in _done or family not in WARM_UPS:
            continue
        start = time.process_time()
        try:
            for warm_up in WARM_UPS[family]:
                warm_up()
        except Exception as err:  # noqa: BLE001 - the tasks report it: each loads what it needs and fails there
            _done[family] = took[family] = one_line(err)
            continue
        _done[family] = ""
        took[family] = time.process_time() - start
    if took:
        gc.collect()
        gc.freeze()
    return took
