"""The C allocator's settings for stages that allocate many large numpy arrays."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20  # glibc's largest
TRIM_THRESHOLD = 256 << 20


@cache
def keep_freed_memory() -> bool:
    """Let glibc's malloc serve blocks below 32 MiB from its heap and keep up to 256 MiB of freed heap
    for reuse; False (and nothing changed) under another C library.

    By default glibc maps each block over 128 KiB (a threshold it raises as such blocks are freed) from
    the kernel and unmaps it when freed, so the next array of that size is faulted in again page by page;
    aligning a chapter allocates and frees many. Process-wide, once.
    """
    library = ctypes.util.find_library("c")
    mallopt = getattr(ctypes.CDLL(library), "mallopt", None) if library else None
    if mallopt is None:
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) and mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
