"""Pausing Python's cyclic garbage collector around work that allocates many objects and frees them by
reference counting: each full collection would walk every object of the process."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside (nested pauses leave the outer one in force); the setting
    found on entry is restored on exit."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
