"""BWB Table-6 statistics per split, and a plain-text table for the terminal.

A sentence is a line of the BWB layout: a bead, with one-sided beads merged into a neighbour
(``exports.text.merge_empty_sides``), as BWB counts lines. Words: see ``exports.tokens``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.layout import Layout
from exports.corpus import Doc, iter_docs
from exports.splits import SPLITS, SplitAssignment
from exports.text import merge_empty_sides
from exports.tokens import en_words, zh_words
from text.chinese import cut


@dataclass
class SplitStats:
    """Counts and length samples (in words) of one split."""

    books: set[str] = field(default_factory=set)
    chapters: int = 0
    sent_len: dict[str, list[int]] = field(default_factory=lambda: {"zh": [], "en": []})
    chap_len: dict[str, list[int]] = field(default_factory=lambda: {"zh": [], "en": []})

    def add(
        self, book_id: str, lines: list[tuple[str, str]], segment: Callable[[str], list[str]] = cut
    ) -> None:
        """``segment``: ``cut`` or a cache of it (``exports.report_counts``)."""
        self.books.add(book_id)
        self.chapters += 1
        for lang, lengths in (
            ("zh", [zh_words(zh, segment) for zh, _ in lines]),
            ("en", [en_words(en) for _, en in lines]),
        ):
            self.sent_len[lang].extend(lengths)
            self.chap_len[lang].append(sum(lengths))

    def merge(self, other: SplitStats) -> None:
        self.books |= other.books
        self.chapters += other.chapters
        for lang in ("zh", "en"):
            self.sent_len[lang] += other.sent_len[lang]
            self.chap_len[lang] += other.chap_len[lang]


def collect(layout: Layout, assignment: SplitAssignment) -> dict[str, SplitStats]:
    """Statistics of every split that has chapters, in train / valid / test order."""
    stats = {split: SplitStats() for split in SPLITS}
    for doc in iter_docs(layout, assignment):
        add_doc(stats, doc)
    return {split: s for split, s in stats.items() if s.chapters}


def add_doc(stats: Mapping[str, SplitStats], doc: Doc, segment: Callable[[str], list[str]] = cut) -> None:
    """Count one chapter into its split's statistics (none where it has no two-sided bead)."""
    lines = merge_empty_sides(doc.beads)
    if lines:
        stats[doc.split].add(doc.chapter["book_id"], lines, segment)


def table6_rows(stats: Mapping[str, SplitStats]) -> list[dict[str, Any]]:
    """One row per split plus ``total``: #book, #chap, #sent, #word and the three ratios."""
    total = SplitStats()
    for s in stats.values():
        total.merge(s)
    rows = []
    for name, s in [*stats.items(), ("total", total)]:
        sents, words = len(s.sent_len["en"]), {lang: sum(s.sent_len[lang]) for lang in ("zh", "en")}
        rows.append(
            {
                "split": name,
                "#book": len(s.books),
                "#chap": s.chapters,
                "#sent": sents,
                "#word zh": words["zh"],
                "#word en": words["en"],
                "#word/sent zh": _ratio(words["zh"], sents),
                "#word/sent en": _ratio(words["en"], sents),
                "#sent/chap": _ratio(sents, s.chapters),
                "#chap/book": _ratio(s.chapters, len(s.books)),
            }
        )
    return rows


def table6(layout: Layout, split_assignment: SplitAssignment) -> list[dict[str, Any]]:
    return table6_rows(collect(layout, split_assignment))


def _ratio(a: int, b: int) -> float:
    return round(a / b, 1) if b else 0.0


def format_cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.1f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def render_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """Rows as an aligned plain-text table (numbers right-aligned), e.g. for ``pipeline stats``."""
    if not rows:
        return "(no data)"
    header = list(rows[0])
    cells = [header] + [[format_cell(row[k]) for k in header] for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(header))]
    numeric = [not isinstance(rows[0][k], str) for k in header]

    def line(values: list[str]) -> str:
        return "  ".join(
            v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric, strict=True)
        ).rstrip()

    return "\n".join([line(header), "  ".join("-" * w for w in widths), *map(line, cells[1:])])
