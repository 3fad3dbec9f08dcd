"""English chapter numbers written out: words ("Twenty-Three", "One Hundred and Five") and Roman numerals
("XIV"), as English books head their chapters.

:data:`EN_NUMBER` is a regex fragment (no groups; match it case-insensitively) for one such number, and
:func:`parse_en_number` its value.
"""

from __future__ import annotations

import re

_UNITS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen".split()
    )
}
_TENS = {
    word: 10 * k for k, word in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)
}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES], key=len, reverse=True))  # "seventeen" before "seven"
_ROMAN = r"(?=[mdclxvi])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})"
EN_NUMBER = rf"(?:(?:{_WORD})(?:(?:[\s\-]+|\s+and\s+)(?:{_WORD}))*|{_ROMAN})(?!\w)"
_ROMAN_VALUES = {"m": 1000, "d": 500, "c": 100, "l": 50, "x": 10, "v": 5, "i": 1}
_FULL_ROMAN = re.compile(_ROMAN + "$", re.IGNORECASE)


def parse_en_number(text: str) -> int | None:
    """The value of a number in words ("twenty-three" -> 23, "one hundred and five" -> 105) or in Roman
    numerals ("XIV" -> 14), any case; None when ``text`` is neither ("one one", "IIII")."""
    text = text.strip().lower()
    if _FULL_ROMAN.match(text):
        return _roman(text)
    total = current = 0
    last = ""  # the kind of the previous word: "unit", "ten" or a scale
    for word in re.split(r"[\s\-]+", text):
        if word == "and" and last in _SCALES:
            continue
        if word in _UNITS and last != "unit" and not (last == "ten" and _UNITS[word] >= 10):
            current, last = current + _UNITS[word], "unit"
        elif word in _TENS and last not in ("unit", "ten"):
            current, last = current + _TENS[word], "ten"
        elif word == "hundred" and 0 < current < 10:
            current, last = current * 100, "hundred"
        elif word == "thousand" and 0 < current < 1000 and not total:
            total, current, last = current * 1000, 0, "thousand"
        else:
            return None
    return total + current if last else None


def _roman(text: str) -> int:
    values = [_ROMAN_VALUES[c] for c in text]
    return sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values))
