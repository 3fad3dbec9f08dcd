import pytest

from core.rejection import Rejection
from filters.chapter_filters import (
    FilterConfig,
    check_chapter,
    corpus_char_ratio,
    length_ratio,
    pairable_char_counts,
    poetry,
    too_few_sentences,
)

CONFIG = FilterConfig()
ZH = ["他推开门。", "屋里很暗。", "桌上放着一封信。", "他拆开信。", "信是空白的。"]
EN = [
    "He opened the door.",
    "The room was dark.",
    "A letter lay on the table.",
    "He opened it.",
    "It was blank.",
]


def test_enough_sentences_pass():
    assert too_few_sentences(ZH, EN, CONFIG) is None


def test_too_few_sentences_names_the_side():
    assert too_few_sentences(ZH[:3], EN, CONFIG) == Rejection("too_few_sentences", "zh 3 < 5", "zh")
    assert too_few_sentences(ZH, EN[:4], CONFIG) == Rejection("too_few_sentences", "en 4 < 5", "en")


def test_corpus_char_ratio_is_a_robust_median():
    assert corpus_char_ratio([(100, 300), (200, 600), (100, 290), (100, 10), (0, 50)]) == 2.95
    assert corpus_char_ratio([]) == 1.0


def test_a_book_whose_numbers_never_meet_gives_its_whole_length_ratio():
    # book b's translation is numbered from 1001 and unnumbered after, so no chapter number is on both
    # sides: its ratio is that of its whole text (before: none, and the median fell back to 1.0)
    chapters = [
        ("a", 1, "zh", 100, 0),
        ("a", 1, "en", 250, 0),
        ("a", None, "en", 999, 1),
        ("b", 1, "zh", 100, 0),
        ("b", 2, "zh", 200, 1),
        ("b", 1001, "en", 320, 0),
        ("b", None, "en", 580, 1),
        ("c", 1, "zh", 100, 0),  # no translation at all: nothing to measure
    ]
    assert pairable_char_counts(chapters) == [(100, 250), (300, 900)]
    assert corpus_char_ratio(pairable_char_counts(chapters[3:])) == 3.0


def test_pairable_char_counts_run_numbers_on_across_volumes():
    # the zh side numbers each of two volumes 1-2, listed in table-of-contents order (not by number);
    # the en side runs on 1-4: each zh chapter is measured against its own translation (before: the two
    # volumes' chapter 1 added up against one en chapter, a ratio of 1.5, and chapters 3-4 unmeasured)
    chapters = [
        ("v", 1, "zh", 100, 2),
        ("v", 2, "zh", 100, 3),
        ("v", 1, "zh", 100, 0),
        ("v", 2, "zh", 100, 1),
        *(("v", number, "en", 300, number - 1) for number in (1, 2, 3, 4)),
    ]
    assert pairable_char_counts(chapters) == [(100, 300)] * 4


def test_length_ratio_scaled_chars():
    normal = sum(len(s.replace(" ", "")) for s in EN) / sum(map(len, ZH))  # en/zh of this chapter
    assert length_ratio(ZH, EN, CONFIG, en_per_zh=normal) is None
    rejection = length_ratio(ZH, EN, CONFIG, en_per_zh=normal / 4)
    assert rejection == Rejection("length_ratio", "en 4.00x longer (scaled_chars) > 3")


def test_length_ratio_units():
    zh, en = ["一二三四五六七八九十"], ["abcdefghij" * 4]
    assert length_ratio(zh, en, FilterConfig(length_unit="chars")).detail == "en 4.00x longer (chars) > 3"
    assert length_ratio(zh, en, FilterConfig(length_unit="bytes")) is None  # 30 bytes vs 40
    with pytest.raises(ValueError):
        length_ratio(zh, en, FilterConfig(length_unit="words"))


def test_length_ratio_empty_side():
    assert length_ratio(ZH, [], CONFIG).reason == "length_ratio"


def test_regulated_verse_is_poetry():
    lines = ["床前明月光，", "疑是地上霜。", "举头望明月，", "低头思故乡。", "白日依山尽，", "黄河入海流。"]
    rejection = poetry(lines, CONFIG)
    assert rejection is not None and rejection.reason == "poetry" and rejection.lang == "zh"


def test_free_verse_without_punctuation_is_poetry():
    lines = ["黑夜给了我黑色的眼睛", "我却用它", "寻找光明", "风吹过山岗", "你在远方", "我在这里"]
    assert poetry(lines, CONFIG).reason == "poetry"


def test_prose_with_dialogue_is_not_poetry():
    lines = [
        "“你来了？”",
        "“嗯。”",
        "他点点头，把伞靠在门边，雨水顺着伞尖流了一地。",
        "“吃饭了吗？”",
        "“还没有，路上耽搁了，车坏在半山腰。”",
        "她笑了笑，转身进了厨房。",
        "“等着。”",
    ]
    assert poetry(lines, CONFIG) is None


def test_check_chapter_order_and_pass():
    assert check_chapter(ZH, EN, ZH, CONFIG, en_per_zh=3.0) is None
    assert check_chapter(ZH[:2], EN, ZH, CONFIG).reason == "too_few_sentences"
