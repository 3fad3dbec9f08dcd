import jieba.finalseg

from text.pronouns import class_counts, en_pronouns, zh_pronouns


def test_english_pronouns_by_class():
    found = en_pronouns("He said it's hers; They saw him themselves, and its owner too.")
    assert found == [
        ("he", "masculine"),
        ("it", "neuter"),
        ("hers", "feminine"),
        ("they", "epicene"),
        ("him", "masculine"),
        ("themselves", "epicene"),
        ("its", "neuter"),
    ]
    assert class_counts(found) == {"masculine": 2, "neuter": 2, "feminine": 1, "epicene": 2}


def test_chinese_pronouns_are_whole_tokens():
    assert zh_pronouns("他们和她们都来了，他看着它。") == [
        ("他们", "epicene"),
        ("她们", "feminine"),
        ("他", "masculine"),
        ("它", "neuter"),
    ]
    assert zh_pronouns("其他人弹着吉他。") == []  # 其他 and 吉他 are words, not pronouns


def test_chinese_pronouns_around_a_long_run_of_one_character_words(monkeypatch):
    """Read by ``text.chinese.cut``, not by jieba's Viterbi, which is quadratic in such a run (嗯嗯嗯…)."""

    def refused(*args):
        raise AssertionError("jieba.finalseg.viterbi called")

    monkeypatch.setattr(jieba.finalseg, "viterbi", refused)
    assert zh_pronouns("他" + "嗯" * 3000 + "她") == [("他", "masculine"), ("她", "feminine")]
