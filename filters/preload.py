"""The clean and filter stages' resources, loaded ahead of their tasks.

A build calls these once in the process that forks its Luigi workers (``pipeline.preload``), so that
every book's task inherits what they load (NLTK's punkt for English sentences, jieba's dictionary and
segmenter tables, CC-CEDICT) instead of loading it again. Each runs its stage's own code on the
made-up chapter of ``text.sample``, so whatever the stage loads on first use is loaded.
"""

from __future__ import annotations

from datetime import datetime, timezone

from core.raw_rows import raw_chapter
from text import sample


def sample_raw() -> list[dict]:
    """RAW_CHAPTERS rows of the made-up chapter, as the crawl stage writes them."""
    return [
        raw_chapter(
            "preload",
            lang,
            0,
            sample.TITLE[lang],
            "\n".join(sample.paragraphs(lang)),
            site="preload",
            url=f"preload/{lang}/1",
            fetched_at=datetime(2000, 1, 1, tzinfo=timezone.utc),
        )
        for lang in ("zh", "en")
    ]


def clean() -> list[dict]:
    """Clean the made-up chapter (loads punkt); its CLEAN_CHAPTERS rows."""
    from filters.clean_stage import clean_book

    return clean_book(sample_raw(), {}).rows


def pair_and_filter() -> list[dict]:
    """Pair and filter the made-up chapter (loads jieba and CC-CEDICT); its CHAPTERS rows."""
    from filters.chapter_filters import FilterConfig
    from filters.filter_stage import pair_and_filter_book

    return pair_and_filter_book(clean(), FilterConfig()).rows
