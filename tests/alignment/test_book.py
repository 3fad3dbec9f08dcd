import gc
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

import alignment.book
from alignment.book import align_book, spare_cores
from core.collection import gc_paused
from alignment.similarity import ChapterTokens
from text.lexicon import Lexicon
from core.rejection import Rejection
from tests.alignment.texts import EN, GOLD, ZH

# A name the dictionary cannot know (a translated, not transliterated name) in three chapters.
CHAPTERS = [
    (["蒋阿丑笑了。", "他走到门口，打开了门。", "外面下着大雨。"],
     ["Bramble laughed.", "He walked to the doorway and opened the door.", "Outside it was raining heavily."]),
    (["蒋阿丑很饿。", "他吃了三个包子。"], ["Bramble was hungry.", "He ate three buns."]),
    (["蒋阿丑睡着了。", "月亮升起来了。"], ["Bramble fell asleep.", "The moon rose."]),
    (["蒋阿丑醒了。"], ["Bramble woke up."]),
]  # fmt: skip


def test_refinement_learns_a_name_the_dictionary_lacks():
    result = align_book(CHAPTERS, Lexicon())
    assert "brambl" in result.learned["蒋阿丑"]
    assert [[bead.key for bead in beads] for beads in result.chapters] == [
        [((0,), (0,)), ((1,), (1,)), ((2,), (2,))],
        [((0,), (0,)), ((1,), (1,))],
        [((0,), (0,)), ((1,), (1,))],
        [((0,), (0,))],
    ]


def test_rejections_are_kept_in_order(lexicon):
    result = align_book([(ZH, EN), (ZH[:1], EN * 3)], lexicon, refine=False)
    assert [bead.key for bead in result.chapters[0]] == GOLD
    assert isinstance(result.chapters[1], Rejection)
    assert result.learned == {}


def test_a_process_pool_gives_the_serial_beads_and_learned_pairs(lexicon):
    chapters = [*CHAPTERS, (ZH, EN), (ZH[:1], EN * 3), *CHAPTERS]
    serial = align_book(chapters, lexicon)
    pooled = align_book(chapters, lexicon, processes=2)
    assert pooled == serial
    assert "brambl" in pooled.learned["蒋阿丑"]
    assert isinstance(pooled.chapters[5], Rejection)


def test_spare_cores_are_all_cores_here_and_one_in_a_worker_process():
    assert spare_cores() == len(os.sched_getaffinity(0))
    with ProcessPoolExecutor(1) as pool:
        assert pool.submit(spare_cores).result() == 1


def test_the_chapters_tokens_are_freed_before_collection_resumes(monkeypatch, lexicon):
    alive_at_resume = []

    @contextmanager
    def counting_pause() -> Iterator[None]:
        with gc_paused():
            yield
            alive_at_resume.append(sum(type(o) is ChapterTokens for o in gc.get_objects()))

    monkeypatch.setattr(alignment.book, "gc_paused", counting_pause)
    result = align_book(CHAPTERS, lexicon)
    assert "brambl" in result.learned["蒋阿丑"]  # both passes ran
    assert alive_at_resume == [0]


def test_chapters_hold_one_object_per_equal_gloss_until_realignment(monkeypatch, lexicon):
    glosses = []
    realign = alignment.book._realign

    def recording(job):
        glosses.append(job[1])
        return realign(job)

    monkeypatch.setattr(alignment.book, "_realign", recording)
    learned = align_book(CHAPTERS, lexicon).learned
    values = [stems for gloss in glosses for word, stems in gloss.items() if word not in learned]
    assert len(glosses) == 4 and len(values) == 18  # 3 of them are equal to others
    assert len({id(stems) for stems in values}) == len(set(values)) == 15
