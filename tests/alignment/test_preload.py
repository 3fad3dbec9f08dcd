"""The align stage's preload: the made-up chapter aligned one to one; the lexicon reused by a forked process."""

from __future__ import annotations

from alignment.preload import align
from bench.bench_scale import in_forked_process
from text.lexicon import default_lexicon


def test_it_aligns_the_made_up_chapter_sentence_by_sentence():
    assert [(bead.zh, bead.en) for bead in align()] == [((i,), (i,)) for i in range(5)]


def test_a_forked_process_reuses_the_dictionary_lexicon():
    align()
    loaded, misses = id(default_lexicon()), default_lexicon.cache_info().misses
    assert in_forked_process(lambda: (id(default_lexicon()), default_lexicon.cache_info().misses)) == (
        loaded,
        misses,
    )
