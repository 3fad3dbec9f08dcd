"""Chinese numerals as integers: the one parser for chapter numbers, the gloss and numbers in text.

Handles digits 〇/零 一…九 (and 两/俩, the financial forms 壹…玖), the units 十/百/千 (拾/佰/仟), the
large units 万/萬 and 亿/億 (一亿两千万 = 120,000,000; 一万亿 = 10^12), 廿/卅/卌 (20/30/40), Arabic and
full-width digits mixed in (3万, １２亿), digit-by-digit numerals (二〇二〇 = 2020) and a trailing digit
that drops its unit (一千二 = 1200, 两万五 = 25,000; 一千零二 keeps its zero: 1002).
"""

from __future__ import annotations

_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九")} | {
    c: i for i, c in enumerate("〇壹贰叁肆伍陆柒捌玖")
}
_DIGITS |= {"两": 2, "俩": 2, "兩": 2}
_TENS = {"廿": 20, "卅": 30, "卌": 40}
_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_WAN = {"万": 10_000, "萬": 10_000}
_YI = {"亿": 100_000_000, "億": 100_000_000}
_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")
ZH_NUMERAL = "".join([*_DIGITS, *_TENS, *_UNITS, *_WAN, *_YI])


def parse_zh_numeral(text: str) -> int:
    """Value of a Chinese, Arabic or mixed numeral (一百二十三 -> 123, 3万 -> 30000); ValueError if not one."""
    text = text.strip().translate(_FULLWIDTH_DIGITS)
    if not text:
        raise ValueError("not a numeral: ''")
    if text.isdigit():
        return int(text)
    if not any(c in _UNITS or c in _WAN or c in _YI or c in _TENS for c in text):  # 一二三, 二〇二〇, 一2
        return int("".join(str(_DIGITS[c]) if c in _DIGITS else _arabic(c, text) for c in text))
    yi = wan = section = 0  # done 亿 groups, done 万 groups below 亿, the group below 万
    digit: int | None = None  # the pending digits, None when none
    last_unit = 1  # the last unit seen in this group, 1 after 零 (a trailing digit then keeps its value)
    for c in text:
        if c in _DIGITS or c.isdigit():
            value = _DIGITS[c] if c in _DIGITS else int(_arabic(c, text))
            digit = value if digit is None or c in _DIGITS else digit * 10 + value
            if c in "零〇":
                last_unit = 1
        elif c in _TENS:
            section += _TENS[c]
            digit, last_unit = None, 10
        elif c in _UNITS:
            section += (1 if digit is None else digit) * _UNITS[c]  # 十 alone means 一十
            digit, last_unit = None, _UNITS[c]
        elif c in _WAN:
            wan += (section + (digit or 0) or 1) * _WAN[c]
            section, digit, last_unit = 0, None, _WAN[c]
        elif c in _YI:
            yi += (wan + section + (digit or 0) or 1) * _YI[c]
            wan, section, digit, last_unit = 0, 0, None, _YI[c]
        else:
            raise ValueError(f"not a numeral: {text!r}")
    if digit is not None and last_unit >= 100 and digit < 10:
        digit *= last_unit // 10  # 一千二: the unit after the trailing digit is left out
    return yi + wan + section + (digit or 0)


def _arabic(char: str, text: str) -> str:
    if not char.isdigit():
        raise ValueError(f"not a numeral: {text!r}")
    return str(int(char))
