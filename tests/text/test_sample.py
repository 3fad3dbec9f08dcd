"""The made-up chapter the stages' preloads run."""

from __future__ import annotations

from text import sample


def test_paragraphs_join_the_sentences_as_each_language_writes_them():
    assert sample.paragraphs("zh") == [
        "安娜打开门，看见一座小房子。房子很安静。",
        "窗户都黑了。安娜走过去敲了敲门。",
        "没有人回答。",
    ]
    assert sample.paragraphs("en")[2] == "Nobody answered."
    assert sample.paragraphs("en")[0] == "Anna opened the door and saw a small house. The house was quiet."
