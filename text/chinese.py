"""Chinese side: jieba word segmentation, Chinese numerals as digits, pinyin forms of names."""

from __future__ import annotations

import logging
import re

import jieba
import jieba.posseg
from pypinyin import lazy_pinyin

from text.numerals import ZH_NUMERAL, parse_zh_numeral

jieba.setLogLevel(logging.WARNING)

# Function words whose dictionary senses are mostly noise for matching.
STOP_WORDS = frozenset(
    "的 了 着 过 地 得 之 也 就 都 还 又 再 才 很 太 更 最 吗 呢 吧 啊 呀 嘛 哦 啦 么 是 在 和 与 及 或 而 但 却 "
    "把 被 给 让 对 向 从 自 以 于 为 这 那 这个 那个 这些 那些 这样 那样 我 你 您 他 她 它 我们 你们 他们 她们 "
    "它们 自己 一 个 一个 有 没 没有 不 也是 就是 还是 可以 已经 一下 一些 这么 那么 什么 怎么 如果 因为 所以".split()
)

# Surnames whose reading differs from the most common reading of the character.
SURNAMES = {
    "单": "shan", "曾": "zeng", "乐": "yue", "仇": "qiu", "解": "xie", "朴": "piao", "查": "zha", "区": "ou",
    "盖": "ge", "覃": "qin", "员": "yun", "缪": "miao", "翟": "zhai", "召": "shao", "秘": "bi", "宓": "fu",
    "藏": "zang", "贲": "ben", "柏": "bai", "薄": "bo", "尉迟": "yuchi", "万俟": "moqi", "长孙": "zhangsun",
    "欧阳": "ouyang", "司马": "sima", "上官": "shangguan", "诸葛": "zhuge", "慕容": "murong", "东方": "dongfang",
    "南宫": "nangong", "独孤": "dugu", "令狐": "linghu", "皇甫": "huangfu", "公孙": "gongsun", "夏侯": "xiahou",
}  # fmt: skip
COMPOUND_SURNAMES = frozenset(name for name in SURNAMES if len(name) == 2)

# In running text the financial forms are words (陆 is a surname), and two digits side by side are an
# estimate (七八个: seven or eight), not a number.
_TEXT_NUMERAL = "".join(c for c in ZH_NUMERAL if c not in "壹贰叁肆伍陆柒捌玖拾佰仟")
_NUMERAL_PREFIX = re.compile(f"^[{_TEXT_NUMERAL}0-9０-９]+")
_ESTIMATE = re.compile("[一二三四五六七八九]{2}")
_HAN = re.compile(r"[\u3400-\u9fff]")


def numeral_value(text: str) -> int | None:
    """Value of a Chinese or Arabic numeral (二十一 -> 21, 三千五百 -> 3500, 12 -> 12); None if not one."""
    try:
        return parse_zh_numeral(text)
    except ValueError:
        return None


def numeral_prefix(word: str) -> str | None:
    """Digits of a word that is a numeral, optionally followed by one classifier (三次 -> "3")."""
    match = _NUMERAL_PREFIX.match(word)
    if not match or len(word) - match.end() > 1 or _ESTIMATE.fullmatch(match.group()):
        return None
    value = numeral_value(match.group())
    return None if value is None else str(value)


def name_pinyin(word: str) -> list[str]:
    """Romanisations of a name: syllables, surname, joined given name, whole name (林晚 -> lin, wan, linwan)."""
    surname_len = 2 if word[:2] in COMPOUND_SURNAMES else 1
    surname = SURNAMES.get(word[:surname_len]) or "".join(lazy_pinyin(word[:surname_len]))
    given = lazy_pinyin(word[surname_len:])
    forms = {surname, "".join(given), surname + "".join(given), *given}
    return sorted(form for form in forms if form.isascii() and form.isalpha())


def is_name(pos: str) -> bool:
    return pos.startswith(("nr", "ns", "nt")) or pos == "nz"


def segment(sentence: str) -> list[str]:
    """Every Chinese word or number of ``sentence`` (jieba), function words dropped: the one segmentation
    that pairing and alignment share (the filter stage carries it to the align stage)."""
    return [word for word in jieba.lcut(sentence) if word not in STOP_WORDS and (_HAN.search(word) or word.isdigit())]


def tagged(words: list[str]) -> list[tuple[str, str]]:
    """(word, part of speech) of segmented words: jieba's dictionary tag ("" for words jieba's HMM
    discovered, often names); tagging by jieba.posseg's HMM would cost most of the alignment time."""
    tags = jieba.posseg.dt.word_tag_tab
    return [(word, tags.get(word, "")) for word in words]


def words(sentence: str) -> list[tuple[str, str]]:
    """(word, part of speech) of every Chinese word or number of ``sentence``, function words dropped."""
    return tagged(segment(sentence))
