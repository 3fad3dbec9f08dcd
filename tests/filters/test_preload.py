"""The clean and filter stages' preloads: the made-up chapter cleaned, paired and kept; CC-CEDICT reused
by a forked process."""

from __future__ import annotations

import jieba

from bench.bench_scale import in_forked_process
from filters.preload import clean, pair_and_filter, sample_raw
from text import cedict, sample


def test_the_sample_is_one_chapter_in_both_languages_as_the_crawl_writes_it():
    rows = sample_raw()
    assert [(r["lang"], r["title"], r["text"].count("\n")) for r in rows] == [
        ("zh", "第一章 门", 2),
        ("en", "Chapter 1 The Door", 2),
    ]


def test_cleaning_splits_the_sample_into_its_sentences():
    assert [(r["lang"], r["chapter_no"], tuple(r["sentences"])) for r in clean()] == [
        ("zh", 1, sample.SENTENCES["zh"]),
        ("en", 1, sample.SENTENCES["en"]),
    ]


def test_the_sample_is_paired_and_kept_with_jieba_and_cedict_loaded():
    (chapter,) = pair_and_filter()
    assert (chapter["chapter_id"], chapter["en_paragraph_starts"]) == (
        "preload/1",
        list(sample.PARAGRAPH_STARTS),
    )
    assert jieba.dt.initialized and cedict.load.cache_info().currsize == 1


def test_a_forked_process_reuses_the_loaded_dictionary():
    pair_and_filter()
    loaded, misses = id(cedict.load()), cedict.load.cache_info().misses
    assert in_forked_process(lambda: (id(cedict.load()), cedict.load.cache_info().misses)) == (loaded, misses)
