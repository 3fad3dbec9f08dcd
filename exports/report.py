"""``build_report(layout)``: the corpus report as ``report/index.html`` and its ``index.md`` twin."""

from __future__ import annotations

from pathlib import Path

from core.layout import Layout
from exports.annotation_sections import discourse_sections, leaderboard_section, qc_section
from exports.corpus import aligned_books, books_with_pairs
from exports.document import render_html, render_markdown
from exports.files import staged_dir
from exports.plan import plan_splits
from exports.sections import (
    alignment_section,
    cohesion_section,
    funnel_section,
    genre_section,
    lengths_section,
    probe_section,
    table6_section,
)
from exports.splits import DEFAULT_CONFIG, SplitConfig
from exports.report_counts import count_corpus

TITLE = "BWB corpus report"


def build_report(layout: Layout, split_config: SplitConfig = DEFAULT_CONFIG) -> Path:
    """Write the report folder (pages + ``img/*.png``) atomically; returns the path of index.html."""
    books = aligned_books(layout)
    assignment = plan_splits(layout, split_config) if books else None
    counts = count_corpus(layout, assignment) if assignment else None
    stats = counts.stats if counts else {}
    with staged_dir(layout.report_dir()) as folder:
        img = folder / "img"
        img.mkdir()
        sections = [
            table6_section(stats, bool(books)),
            funnel_section(layout, img),
            alignment_section(layout, img),
            lengths_section(stats, img, bool(books)),
            genre_section(layout, books_with_pairs(layout), img),
            cohesion_section(layout, img),
            qc_section(layout),
            *discourse_sections(counts),
            leaderboard_section(layout),
        ]
        probe = probe_section(layout, img)
        sections += [probe] if probe else []
        (folder / "index.html").write_text(render_html(TITLE, sections), encoding="utf-8")
        (folder / "index.md").write_text(render_markdown(TITLE, sections), encoding="utf-8")
    return layout.report_dir() / "index.html"
