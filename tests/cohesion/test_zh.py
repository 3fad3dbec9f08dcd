from cohesion import zh


def _untagged(text: str) -> None:
    raise AssertionError("the words of Chinese over TAGGED_CHARS were tagged")


def test_long_chinese_gives_only_the_evidence_that_needs_no_tagging(monkeypatch):
    monkeypatch.setattr(zh, "_words", _untagged)
    long = "嗯" * (zh.TAGGED_CHARS + 1)
    assert zh.pronoun(long + "她笑了。", "f", "Anna") == "zh=她"  # found without tagging
    assert zh.pronoun(long, "f", "Anna") == ""  # no claim that the pronoun was dropped
    assert zh.shared_noun(long + "桌子", "桌子") == ""
    assert zh.connective(long + "但是") == "zh=但是"


def test_chinese_up_to_the_limit_is_tagged():
    assert zh.pronoun("安娜笑了。", "f", "Anna") == "zh_name=安娜"
    assert zh.pronoun("桌子上有书。", "f", "Anna") == "zh=dropped"
    assert zh.shared_noun("桌子旧了。", "桌子上有书。") == "zh_shared=桌子"
