from evals.demo_align import read_bead_file

CHAPTER = """title-zh: 第一章
title-en: Chapter 1

zh: 林晚看着顾承川。她心里一紧。
en: Lin Wan looked at Gu Chengchuan, and her heart tightened.
zh: “你想怎么样？”
en: "What do you want?" she asked. She was gritting her teeth.

zh: 
en: The door clicked shut.
"""


def test_gold_from_bead_file(tmp_path):
    path = tmp_path / "ch01.txt"
    path.write_text(CHAPTER, encoding="utf-8")
    zh, en, gold, paragraphs = read_bead_file(path)
    assert zh == ["林晚看着顾承川。", "她心里一紧。", "“你想怎么样？”"]
    assert len(en) == 4
    assert gold == [((0, 1), (0,)), ((2,), (1, 2)), ((), (3,))]
    assert (paragraphs.zh, paragraphs.en) == ({0, 3}, {0, 3})
