"""The align stage's resources, loaded ahead of its tasks.

A build calls :func:`align` once in the process that forks its Luigi workers (``pipeline.preload``),
so that every book's task inherits what it loads (jieba's dictionary and segmenter tables, CC-CEDICT,
the dictionary lexicon) instead of loading it again. It aligns the made-up chapter of ``text.sample``
with the default aligner, so whatever that aligner loads on first use is loaded.
"""

from __future__ import annotations

from alignment.beads import Bead
from core.rejection import Rejection
from text import sample


def align() -> list[Bead] | Rejection:
    """The beads of the made-up chapter (or why it was rejected)."""
    from alignment.methods import align_chapters

    (beads,), _ = align_chapters("default", [(sample.SENTENCES["zh"], sample.SENTENCES["en"])], ["preload/1"])
    return beads
