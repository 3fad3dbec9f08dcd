import gc

from cohesion import miner
from cohesion.nlp import load_tagger

CHAPTERS = [
    ["Zhang Wei closed his book.", "He stood up.", "Then he left the room."],
    ["Yes.", "Mm."],  # nothing to tag
    [],
    ["She wanted those cookies.", "She took one.", "However, she was still hungry."],
]


def test_batches_across_chapters_mine_each_chapter_as_on_its_own(monkeypatch, mined):
    alone = [miner.mine(sentences) for sentences in CHAPTERS]
    monkeypatch.setattr(miner, "BATCH", 2)  # batches that span chapter boundaries
    together = list(miner.mine_chapters((sentences, None) for sentences in CHAPTERS))
    assert together == alone
    assert [len(found) > 0 for found in together] == [True, False, False, True]


def test_a_sentence_over_the_limit_is_mined_as_empty(mined):
    long = "She took the lamp. " * 600  # 11,400 characters: a paragraph on one line
    assert miner.too_long(long) and not miner.too_long(long[: miner.MAX_CHARS])
    sentences = ["She wanted those cookies.", long, "She took one."]
    assert miner.mine(sentences) == miner.mine([sentences[0], "", sentences[2]])
    assert [c.phenomenon for c in miner.mine(sentences)] == ["substitution"]


class _Recording:
    """A tagger that notes whether the cycle collector is on as each doc is taken."""

    def __init__(self) -> None:
        self.states: list[bool] = []

    def pipe(self, texts, batch_size):
        for doc in load_tagger().pipe(texts, batch_size=batch_size):
            self.states.append(gc.isenabled())
            yield doc


def test_the_cycle_collector_is_paused_while_a_chapter_is_tagged_and_mined_not_in_the_callers_time(
    monkeypatch, mined
):
    rules = []
    monkeypatch.setattr(miner, "DETECTORS", (lambda chapter: iter(rules.append(gc.isenabled()) or ()),))
    tagger = _Recording()
    caller = [
        gc.isenabled() for _ in miner.mine_chapters([(CHAPTERS[0], None), (CHAPTERS[3], None)], tagger=tagger)
    ]
    assert tagger.states == [False] * 6 and rules == [False, False] and caller == [True, True]
    gc.disable()
    try:
        miner.mine(CHAPTERS[0])
        assert rules == [False] * 3 and not gc.isenabled()  # a caller's own pause is kept
    finally:
        gc.enable()
