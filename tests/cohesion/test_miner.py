import gc

from cohesion import miner

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


def test_the_cycle_collector_is_paused_while_the_rules_run_and_restored_after(monkeypatch, mined):
    during = []
    monkeypatch.setattr(miner, "DETECTORS", (lambda chapter: iter(during.append(gc.isenabled()) or ()),))
    assert miner.mine(CHAPTERS[0]) == [] and during == [False] and gc.isenabled()
    gc.disable()
    try:
        miner.mine(CHAPTERS[0])
        assert during == [False, False] and not gc.isenabled()  # a caller's own pause is kept
    finally:
        gc.enable()
