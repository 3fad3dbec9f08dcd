"""Chinese side: jieba word segmentation, Chinese numerals as digits, pinyin forms of names.

``jieba.posseg`` and ``pypinyin`` are imported by the functions that use them: about 1 CPU second at
import, which a command that never tags or spells a word (``python -m pipeline --help``, ``status``)
does not pay.
"""

from __future__ import annotations

import logging
import math
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

import jieba
import jieba.finalseg

from text.numerals import ZH_NUMERAL, parse_zh_numeral

jieba.setLogLevel(logging.WARNING)


def _own_cache_folder() -> str | None:
    """A folder of this user's for jieba's dictionary cache. jieba writes ``/tmp/jieba.cache`` with mode
    0600, so on a machine shared by users the second could neither read nor replace the first's: every
    command of theirs that segments printed jieba's "Dump cache file failed" traceback (and built the
    dictionary again). None (jieba's own place) where the folder cannot be made or is someone else's."""
    folder = Path(tempfile.gettempdir()) / f"jieba-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        owned = folder.lstat().st_uid == os.getuid() and folder.is_dir() and not folder.is_symlink()
    except OSError:
        return None
    return str(folder) if owned else None


def _cache_name(dictionary: Path = Path(jieba.__file__).with_name(jieba.DEFAULT_DICT_NAME)) -> str:
    """jieba's dictionary cache named after its dictionary file's size and modification time: jieba reads a
    cache of its default dictionary without comparing the two, so a dictionary upgraded or edited since
    segmented by the old one's words (where the file cannot be looked at, jieba's own name)."""
    try:
        found = dictionary.stat()
    except OSError:
        return "jieba.cache"
    return f"jieba.{found.st_size}-{found.st_mtime_ns}.cache"


jieba.dt.tmp_dir, jieba.dt.cache_file = _own_cache_folder(), _cache_name()

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
# jieba's Chinese characters (``jieba.finalseg.re_han``): a run of them has only Chinese words (_HAN)
_HMM_CHARS = re.compile("[\u4e00-\u9fd5]+")


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
    surname = SURNAMES.get(word[:surname_len]) or "".join(pinyin_syllables(word[:surname_len]))
    given = pinyin_syllables(word[surname_len:])
    joined = "".join(given)
    forms = {surname, joined, surname + joined, *given}
    return sorted(form for form in forms if form.isascii() and form.isalpha())


def pinyin_syllables(text: str) -> list[str]:
    """``pypinyin.lazy_pinyin(text)``: Chinese text cut as pypinyin cuts it, each phrase and character read
    from pypinyin's dictionaries as pypinyin reads it (first reading, tones dropped); other text by pypinyin."""
    if len(text) == 1:
        return list(_char_pinyin(text))
    py = _pypinyin()
    if not py.hans.match(text):
        return py.lazy_pinyin(text)
    syllables: list[str] = []
    for word in py.cut(text):
        if len(word) == 1:
            syllables += _char_pinyin(word)
        else:  # a phrase of the dictionary
            syllables += [_toneless(readings[0]) for readings in py.phrases[word]]
    return syllables


class _Pypinyin(NamedTuple):
    """What ``pinyin_syllables`` reads of pypinyin."""

    lazy_pinyin: Callable[[str], list[str]]
    hans: re.Pattern[str]  # text of Chinese characters only
    cut: Callable[[str], Iterable[str]]  # Chinese text into the dictionary's phrases and single characters
    phrases: Mapping[str, list[list[str]]]  # phrase -> each character's readings, with tones
    chars: Mapping[int, str]  # code point -> its readings, with tones, comma-separated


@cache
def _pypinyin() -> _Pypinyin:
    from pypinyin import lazy_pinyin
    from pypinyin.constants import PHRASES_DICT, PINYIN_DICT, RE_HANS
    from pypinyin.seg.mmseg import seg

    return _Pypinyin(lazy_pinyin, RE_HANS, seg.cut, PHRASES_DICT, PINYIN_DICT)


@cache
def _char_pinyin(char: str) -> tuple[str, ...]:
    """pypinyin's reading of a character alone: a Chinese one's first reading, tones dropped (pypinyin has
    no one-character phrase), any other one itself."""
    py = _pypinyin()
    return (_toneless(py.chars.get(ord(char), char).split(",")[0]),) if py.hans.match(char) else (char,)


@cache
def _toneless(syllable: str) -> str:
    """A syllable with tone marks in pypinyin's default style (lǜ -> lv)."""
    from pypinyin import Style
    from pypinyin.style import convert

    return convert(syllable, Style.NORMAL, strict=True)


def is_name(pos: str) -> bool:
    return pos.startswith(("nr", "ns", "nt")) or pos == "nz"


def is_latin(word: str) -> bool:
    """A word in Latin letters (and digits) inside Chinese text: QQ, HP, MP3, a name left untranslated."""
    return word.isascii() and word.isalnum() and not word.isdigit()


_PREFIX = 1.0  # the log probability kept for a prefix of words that is no word itself (words have < 0)
_UNSEEN = jieba.finalseg.MIN_FLOAT  # the log probability jieba's HMM gives what it never saw


class _Jieba:
    """``jieba.lcut`` (accurate mode, with the HMM, jieba's dictionary) at about half the cost, word for word.

    jieba's word graph and best route in one pass over log probabilities computed once (the same floats,
    added in the same order, ties broken alike; a word of two characters read from a table of its first
    character, a longer one looked up only where the dictionary has a longer word or prefix that begins
    with the two characters there), and its HMM's Viterbi over four states
    unrolled. The dictionary is read once: words added to jieba later (``jieba.add_word``) are not seen.
    """

    def __init__(self, tokenizer: jieba.Tokenizer):
        tokenizer.check_initialized()
        self.freq = tokenizer.FREQ
        logtotal = math.log(tokenizer.total)
        self.logp = {word: math.log(n) - logtotal if n else _PREFIX for word, n in tokenizer.FREQ.items()}
        self.unknown = math.log(1) - logtotal  # a character that is no word: jieba counts it once
        self.first = self._first_characters()
        hmm = jieba.finalseg
        self.start = tuple(hmm.start_P[y] for y in "BMES")
        emit = [hmm.emit_P[y] for y in "BMES"]
        self.emit = {c: tuple(e.get(c, _UNSEEN) for e in emit) for c in set().union(*emit)}
        self.trans = tuple(
            hmm.trans_P[a].get(b, _UNSEEN) for a, b in ("EB", "SB", "MM", "BM", "SS", "ES", "BE", "ME")
        )

    def _first_characters(self) -> dict[str, tuple[float, dict[str, float], str]]:
        """Per character that begins a word: its log probability, the log probability of each two-character
        word or prefix it begins by the character that follows, and those following characters whose two
        characters begin a longer word or prefix (only then is a longer word looked up)."""
        pairs: dict[str, dict[str, float]] = {}
        longer: dict[str, set[str]] = {}
        for word, p in self.logp.items():
            if len(word) == 2:
                pairs.setdefault(word[0], {})[word[1]] = p
            elif len(word) > 2:
                longer.setdefault(word[0], set()).add(word[1])
        return {
            c: (p, pairs.get(c, {}), "".join(sorted(longer.get(c, ()))))
            for c, p in self.logp.items()
            if len(c) == 1
        }

    def _route(self, text: str) -> list[int]:
        """Where the best route's word from each position of ``text`` ends (its last character)."""
        logp, first, n, unknown, prefix = self.logp.get, self.first.get, len(text), self.unknown, _PREFIX
        best = [0.0] * (n + 1)  # the route's log probability from each position on
        end = list(range(n + 1))
        # the position, the character after it, and the route's log probability from the next two positions
        k, after, following, beyond = n, "", 0.0, 0.0
        for char in reversed(text):
            k -= 1
            entry = first(char)
            value = None
            if entry is not None:  # else no word begins here
                p, pairs, longer = entry
                if p != prefix:
                    value = p + following
                p = pairs.get(after)
                if p is not None:  # a word or prefix of two characters begins here
                    if p != prefix:
                        v = p + beyond
                        if value is None or v >= value:
                            value, end[k] = v, k + 1
                    if after in longer:  # a longer word may begin here
                        for i in range(k + 2, n):
                            p = logp(text[k : i + 1])
                            if p is None:
                                break
                            if p != prefix:
                                v = p + best[i + 1]
                                if value is None or v >= value:
                                    value, end[k] = v, i
            if value is None:
                value = unknown + following
            best[k] = value
            beyond, following, after = following, value, char
        return end

    def block(self, text: str) -> list[str]:
        """The words of a run of jieba's block characters (``jieba.re_han_default``)."""
        end, n = self._route(text), len(text)
        words: list[str] = []
        # where a run of one-character words, which jieba's HMM reads again, began: the run is sliced out
        # whole (added to a character at a time, a run of Chinese and ASCII characters took time quadratic
        # in its length)
        single, x = 0, 0
        while x < n:
            y = end[x] + 1
            if y - x > 1:
                if single < x:
                    self._singles(text[single:x], words)
                words.append(text[x:y])
                single = y
            x = y
        if single < n:
            self._singles(text[single:n], words)
        return words

    def _singles(self, run: str, words: list[str]) -> None:
        if len(run) == 1:
            words.append(run)
        elif self.freq.get(run):
            words += run
        elif _HMM_CHARS.fullmatch(run) and not jieba.finalseg.Force_Split_Words:
            words += self._viterbi(run)  # what the loop below does with a run of Chinese characters only
        else:
            for part in jieba.finalseg.re_han.split(run):
                if jieba.finalseg.re_han.match(part):
                    for word in self._viterbi(part):
                        if word in jieba.finalseg.Force_Split_Words:
                            words += word
                        else:
                            words.append(word)
                else:
                    words += [x for x in jieba.finalseg.re_skip.split(part) if x]

    def _viterbi(self, text: str) -> list[str]:
        """The words of ``jieba.finalseg``'s best B/M/E/S tagging (states 0..3) of ``text``."""
        emit, none = self.emit.get, (_UNSEEN,) * 4
        t_eb, t_sb, t_mm, t_bm, t_ss, t_es, t_be, t_me = self.trans
        s_b, s_m, s_e, s_s = self.start
        e_b, e_m, e_e, e_s = emit(text[0], none)
        v_b, v_m, v_e, v_s = s_b + e_b, s_m + e_m, s_e + e_e, s_s + e_s
        back = []
        for c in text[1:]:
            e_b, e_m, e_e, e_s = emit(c, none)
            a, b = v_e + t_eb + e_b, v_s + t_sb + e_b  # ties go to the later state letter, as max() of (p, y)
            n_b, p_b = (a, 2) if a > b else (b, 3)
            a, b = v_m + t_mm + e_m, v_b + t_bm + e_m
            n_m, p_m = (b, 0) if b > a else (a, 1)
            a, b = v_s + t_ss + e_s, v_e + t_es + e_s
            n_s, p_s = (b, 2) if b > a else (a, 3)
            a, b = v_b + t_be + e_e, v_m + t_me + e_e
            n_e, p_e = (a, 0) if a > b else (b, 1)
            v_b, v_m, v_e, v_s = n_b, n_m, n_e, n_s
            back.append((p_b, p_m, p_e, p_s))
        state = 2 if v_e > v_s else 3
        states = [state]
        for step in reversed(back):
            state = step[state]
            states.append(state)
        states.reverse()
        words, begin, rest = [], 0, 0
        for i, state in enumerate(states):
            if state == 0:
                begin = i
            elif state == 2:
                words.append(text[begin : i + 1])
                rest = i + 1
            elif state == 3:
                words.append(text[i])
                rest = i + 1
        if rest < len(text):
            words.append(text[rest:])
        return words


@cache
def _jieba() -> _Jieba:
    return _Jieba(jieba.dt)


def cut(text: str) -> list[str]:
    """``jieba.lcut(text)`` word for word, in time linear in ``text``: jieba's own HMM copies its best paths
    at every character, so a long run of one-character words that it reads again (嗯嗯嗯…, 中中中…) costs
    time quadratic in the run (300,000 characters: minutes)."""
    out: list[str] = []
    for k, part in enumerate(jieba.re_han_default.split(text)):
        if k % 2:
            out += _jieba().block(part)
        else:  # whitespace (a CRLF one token) alone, every other character alone
            for j, piece in enumerate(jieba.re_skip_default.split(part)):
                out += [piece] if j % 2 else piece
    return out


def segment(sentence: str) -> list[str]:
    """Every Chinese word, number or Latin word (``is_latin``) of ``sentence`` (``jieba.lcut``), function
    words dropped: the one segmentation that pairing and alignment share (the filter stage carries it to
    the align stage)."""
    words, han, out = _jieba().block, _HAN.search, []
    # as ``cut``: the blocks (odd parts) cut into words; of the characters between, which jieba yields alone,
    # only Chinese ones and digits are kept
    for k, part in enumerate(jieba.re_han_default.split(sentence)):
        if k % 2 and _HMM_CHARS.fullmatch(part):  # Chinese characters only: every word is Chinese
            out += [word for word in words(part) if word not in STOP_WORDS]
        elif k % 2:
            out += [
                word
                for word in words(part)
                if word not in STOP_WORDS and (han(word) or word.isdigit() or is_latin(word))
            ]
        elif part:
            out += _kept_alone(part)
    return out


@lru_cache(maxsize=1 << 12)
def _kept_alone(part: str) -> tuple[str, ...]:
    """The characters of a stretch that jieba yields one by one (punctuation, mostly) that ``segment`` keeps."""
    return tuple(c for c in part if c not in STOP_WORDS and (_HAN.search(c) or c.isdigit()))


def tagged(words: list[str]) -> list[tuple[str, str]]:
    """(word, part of speech) of segmented words: jieba's dictionary tag ("" for words jieba's HMM
    discovered, often names); tagging by jieba.posseg's HMM would cost most of the alignment time."""
    import jieba.posseg

    tags = jieba.posseg.dt.word_tag_tab
    return [(word, tags.get(word, "")) for word in words]


def words(sentence: str) -> list[tuple[str, str]]:
    """(word, part of speech) of every Chinese word or number of ``sentence``, function words dropped."""
    return tagged(segment(sentence))
