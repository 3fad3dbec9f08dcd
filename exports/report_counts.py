"""The report's one pass over the corpus: Table 6 and the lengths, and the discourse counts (corrections,
pronouns, the test split's English for NER). Each chapter's Chinese is segmented once: a cache of
``cut`` per chapter, by exact text, serves both (a line merged from one-sided beads is a text of its own)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from core.layout import Layout
from exports.corpus import iter_docs
from exports.splits import SPLITS, SplitAssignment
from exports.stats import SplitStats, add_doc
from mteval.corpus_stats import SplitDiscourse
from text.chinese import cut

NER_SPLIT = "test"


@dataclass
class ReportCounts:
    """Per split, in the order of ``collect`` (stats) and of the first chapter read (discourse)."""

    stats: dict[str, SplitStats] = field(default_factory=dict)
    discourse: dict[str, SplitDiscourse] = field(default_factory=dict)
    test_lines: list[str] = field(default_factory=list)  # the English of NER_SPLIT's beads


def count_corpus(layout: Layout, assignment: SplitAssignment) -> ReportCounts:
    counts = ReportCounts()
    stats = {split: SplitStats() for split in SPLITS}
    for doc in iter_docs(layout, assignment):
        segment = cache(cut)
        add_doc(stats, doc, segment)
        split = counts.discourse.setdefault(doc.split, SplitDiscourse())
        for bead in doc.beads:
            split.add(bead, segment)
            if doc.split == NER_SPLIT and bead["en"]:
                counts.test_lines.append(bead["en"])
    counts.stats = {split: s for split, s in stats.items() if s.chapters}
    return counts
