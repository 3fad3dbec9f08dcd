"""Plan the split of the corpus on disk: book assignment plus leakage removal."""

from __future__ import annotations

from core.layout import Layout
from exports.corpus import chapter_refs, iter_docs
from exports.splits import DEFAULT_CONFIG, HELD_OUT, SplitAssignment, SplitConfig, assign_splits, find_leakage


def plan_splits(layout: Layout, config: SplitConfig = DEFAULT_CONFIG) -> SplitAssignment:
    """Deterministic for a given corpus and config, so exports, stats and report always agree."""
    base = assign_splits(chapter_refs(layout), config)
    held_out = (bead for doc in iter_docs(layout, base, HELD_OUT) for bead in doc.beads)
    train = (bead for doc in iter_docs(layout, base, ("train",)) for bead in doc.beads)
    return find_leakage(held_out, train, base, config.leak_sides)
