"""Mining's preload: the made-up chapter mined, and the loaded tagger and WordNet reused by a forked process."""

from __future__ import annotations

import jieba

from bench.bench_scale import in_forked_process
from cohesion import nlp
from cohesion.preload import mine


def test_it_mines_the_made_up_chapter_with_its_chinese():
    found = [(c.phenomenon, c.a.sent, c.a.text, c.b.sent, c.b.text, c.evidence) for c in mine()]
    assert found == [
        ("repetition", 0, "house", 1, "house", ""),
        ("reference", 0, "Anna", 3, "She", "zh_name=安娜"),  # the pronoun's evidence needs jieba
    ]
    assert jieba.dt.initialized


def test_it_leaves_no_wordnet_data_file_open_for_forked_processes_to_share():
    mine()
    assert nlp.wordnet()._data_file_map == {}


def test_a_forked_process_reuses_the_loaded_tagger_and_wordnet_without_loading_them():
    mine()
    loaded = (id(nlp.load_tagger()), id(nlp.wordnet()))
    misses = (nlp.load_tagger.cache_info().misses, nlp.wordnet.cache_info().misses)

    def in_task() -> tuple:
        reused = (id(nlp.load_tagger()), id(nlp.wordnet()))
        return reused, (nlp.load_tagger.cache_info().misses, nlp.wordnet.cache_info().misses)

    assert in_forked_process(in_task) == (loaded, misses)
