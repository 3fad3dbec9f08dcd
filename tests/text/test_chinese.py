import re
from pathlib import Path

import jieba
import jieba.finalseg
import pytest

from pypinyin import lazy_pinyin
from pypinyin.constants import PHRASES_DICT

from text.chinese import (
    STOP_WORDS,
    _jieba,
    _toneless,
    cut,
    name_pinyin,
    numeral_prefix,
    numeral_value,
    pinyin_syllables,
    segment,
    words,
)

EVAL_DATA = Path(__file__).resolve().parents[3] / "shared" / "eval-data"


def test_numerals():
    assert numeral_value("二十一") == 21
    assert numeral_value("三千五百") == 3500
    assert numeral_value("两万零三") == 20003
    assert numeral_value("十") == 10
    assert numeral_value("1998") == 1998
    assert numeral_prefix("三次") == "3"
    assert numeral_prefix("三心二意") is None
    assert numeral_value("二〇二〇") == 2020
    assert numeral_value("一亿两千万") == 120_000_000
    assert numeral_prefix("三千五") == "3500"
    assert numeral_prefix("七八个") is None  # seven or eight: an estimate, not 78
    assert numeral_prefix("陆总") is None  # financial digits are words in running text (a surname here)


def test_name_pinyin():
    assert name_pinyin("林晚") == ["lin", "linwan", "wan"]
    assert name_pinyin("顾承川") == ["cheng", "chengchuan", "chuan", "gu", "guchengchuan"]
    assert "shan" in name_pinyin("单雄信")  # surname reading
    assert "ouyang" in name_pinyin("欧阳锋")
    assert name_pinyin("林") == ["lin"]


def test_pinyin_syllables_are_pypinyins():
    assert pinyin_syllables("重") == ["zhong"]
    assert pinyin_syllables("重庆") == ["chong", "qing"]  # a phrase: read as one, not character by character
    assert pinyin_syllables("绿") == ["lv"]
    assert pinyin_syllables("林a") == ["lin", "a"]
    assert pinyin_syllables("ab林") == ["ab", "lin"]
    assert pinyin_syllables("") == []
    assert pinyin_syllables("银行行长") == ["yin", "hang", "hang", "zhang"]  # two phrases
    assert pinyin_syllables("一行人") == ["yi", "xing", "ren"]  # a phrase and a character
    assert pinyin_syllables("嗯") == ["n"]  # a tone mark on a consonant
    chars = [*range(0x3400, 0x4DC0), *range(0x4E00, 0xA000), *range(0xF900, 0xFB00), 0x3007, 0x20000]
    texts = [chr(code) for code in chars] + ["不乐意", "长大", "单雄信", "林晚", "3D", "〇"]
    assert [pinyin_syllables(text) for text in texts] == [lazy_pinyin(text) for text in texts]


def test_pinyin_syllables_of_pypinyins_phrases():
    phrases = list(PHRASES_DICT)[::10]
    texts = phrases + [f"林{a}{b}" for a, b in zip(phrases, reversed(phrases))]  # phrases side by side
    assert [pinyin_syllables(text) for text in texts] == [lazy_pinyin(text) for text in texts]


def test_toneless():
    assert [_toneless(s) for s in ("zhōng", "lǜ", "ḿ", "ê̄", "er")] == ["zhong", "lv", "m", "ê", "er"]


def test_words_drop_function_words_and_punctuation():
    assert [word for word, _ in words("林晚攥紧了那封信，低下了头。")] == [
        "林晚",
        "攥",
        "紧",
        "封信",
        "低下",
        "头",
    ]


def _jieba_words(sentence: str) -> list[str]:
    """``segment`` as jieba itself computes it."""
    han = re.compile(r"[\u3400-\u9fff]")
    latin = re.compile(r"[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*")
    return [
        w
        for w in jieba.lcut(sentence)
        if w not in STOP_WORDS and (han.search(w) or w.isdigit() or latin.fullmatch(w))
    ]


SEGMENT_CASES = [
    "",
    " \t\r\n",
    "林晚攥紧了那封信，低下了头。",
    "顾承川和沈知意在第3章、第１２章里见过面，花了99.5%的力气。",  # names for the HMM, ASCII and full-width digits
    "他说：“WiFi密码是abc-123_x.y#z&w+v。”",  # jieba's block characters beyond Chinese
    "㐀㐁鿖鿿²③〇",  # characters outside jieba's Chinese range, each alone
    "嗯嗯嗯啊啊啊哈哈哈呜呜呜",
    "上海市长江大桥南京市长江大桥",  # overlapping dictionary words decided by the route
    "他x说y她z笑了3次",  # one-character words of Chinese and ASCII in one run, for the HMM
    "，。！？……——“”『』（）",  # punctuation only, each character alone
    "【顾承川】：1。2、“三”",  # punctuation between short runs, digits kept
    "他在AT&T学C语言，买了A股和AA制的饭，长",  # prefixes that are no words (A, C语, AT&); a block's last character
]


def test_segment_is_jiebas_cut():
    for sentence in SEGMENT_CASES:
        assert segment(sentence) == _jieba_words(sentence), sentence


def test_cut_is_jiebas_lcut():
    for text in [*SEGMENT_CASES, "a\r\nb  c\u3000d\u00a0e", "他说" + "中" * 300 + "，她笑了。"]:
        assert cut(text) == jieba.lcut(text), text


def test_cut_reads_a_long_run_of_one_character_words_without_jiebas_hmm(monkeypatch):
    """jieba's own Viterbi copies a path per character: quadratic in the run, minutes for 300,000."""

    def refused(*args):
        raise AssertionError("jieba.finalseg.viterbi called")

    monkeypatch.setattr(jieba.finalseg, "viterbi", refused)
    assert cut("他说" + "中" * 3000 + "，她笑了。") == [
        "他",
        "说",
        *"中" * 3000,
        "，",
        "她",
        "笑",
        "了",
        "。",
    ]


def test_block_slices_a_run_of_one_character_words_out_whole(monkeypatch):
    """A run of one-character words is sliced from the block once, not added to a character at a time: that
    took time quadratic in a run of Chinese and ASCII characters (中a1… of 480,000 characters: 18 s)."""

    class Indexed(str):
        reads = 0

        def __getitem__(self, key):
            if isinstance(key, int):
                Indexed.reads += 1
            return str.__getitem__(self, key)

    tokenizer = _jieba()
    text = "中a1" * 1000
    end = tokenizer._route(text)
    monkeypatch.setattr(tokenizer, "_route", lambda _: end)
    words = tokenizer.block(Indexed(text))
    assert words == jieba.lcut(text)
    assert Indexed.reads == 0


def test_segment_is_jiebas_cut_on_real_text():
    files = sorted(EVAL_DATA.glob("webfiction-dev/lines/*.zh")) + sorted(EVAL_DATA.glob("mac-dev/zh/*.txt"))
    if not files:
        pytest.skip("no evaluation data")
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            assert segment(line) == _jieba_words(line), line


def test_jieba_keeps_its_dictionary_cache_in_a_folder_of_this_users(tmp_path, monkeypatch):
    """jieba's /tmp/jieba.cache (mode 0600) of another user of the machine made every segmenting command
    print jieba's 'Dump cache file failed' traceback."""
    import os
    import stat

    import jieba

    from text import chinese

    assert jieba.dt.tmp_dir == chinese._own_cache_folder()
    monkeypatch.setattr(chinese.tempfile, "gettempdir", lambda: str(tmp_path))
    folder = tmp_path / f"jieba-{os.getuid()}"
    assert chinese._own_cache_folder() == str(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    uid = os.getuid()
    monkeypatch.setattr(chinese.os, "getuid", lambda: uid + 1)  # the folder is someone else's
    (tmp_path / f"jieba-{uid + 1}").mkdir()
    assert chinese._own_cache_folder() is None


def test_jieba_names_its_dictionary_cache_after_the_dictionary_file(tmp_path):
    """jieba read its cache of the default dictionary without comparing the two: a dictionary upgraded or
    edited since segmented by the old one's words."""
    import os

    import jieba

    from text import chinese

    assert jieba.dt.cache_file == chinese._cache_name()
    dictionary = tmp_path / "dict.txt"
    dictionary.write_text("word 3 n\n", encoding="utf-8")
    os.utime(dictionary, ns=(0, 1_000))
    assert chinese._cache_name(dictionary) == "jieba.9-1000.cache"
    dictionary.write_text("words 3 n\n", encoding="utf-8")
    os.utime(dictionary, ns=(0, 1_000))
    assert chinese._cache_name(dictionary) == "jieba.10-1000.cache"
    os.utime(dictionary, ns=(0, 2_000))
    assert chinese._cache_name(dictionary) == "jieba.10-2000.cache"
    assert chinese._cache_name(tmp_path / "none.txt") == "jieba.cache"


def test_route_looks_up_no_word_of_two_characters(monkeypatch):
    """A two-character word's log probability is read from its first character's table, and a longer word
    is looked up only where one begins with the two characters there."""
    tokenizer = _jieba()
    text = "上海市长江大桥南京市长江大桥"
    expected = tokenizer._route(text)
    asked = []

    class Recorded(dict):
        def get(self, key, default=None):
            asked.append(key)
            return super().get(key, default)

    monkeypatch.setattr(tokenizer, "logp", Recorded(tokenizer.logp))
    assert tokenizer._route(text) == expected
    assert asked == [
        "江大桥", "长江大", "长江大桥", "南京市", "南京市长", "大桥南", "江大桥", "长江大", "长江大桥", "长江大桥南",
        "海市长", "上海市", "上海市长",
    ]  # fmt: skip
