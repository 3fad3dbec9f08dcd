"""BWB-style pronoun classes for English and Chinese: masculine, feminine, neuter, epicene.

English: third-person personal, possessive and reflexive forms. Chinese: the third-person forms of
written Chinese, counted on jieba tokens so that 其他 / 其它 / 吉他 (one token each) are not pronouns.
他们 (used for men and for mixed or unknown groups) is epicene like "they"; 她们 is feminine and 它们
neuter; 其 (literary "his/her/its/their") is epicene.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from text.chinese import cut

CLASSES = ("masculine", "feminine", "neuter", "epicene")

EN_PRONOUNS: dict[str, str] = {
    **dict.fromkeys(("he", "him", "his", "himself"), "masculine"),
    **dict.fromkeys(("she", "her", "hers", "herself"), "feminine"),
    **dict.fromkeys(("it", "its", "itself"), "neuter"),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves", "themself"), "epicene"),
}
ZH_PRONOUNS: dict[str, str] = {
    "他": "masculine", "他自己": "masculine",
    "她": "feminine", "她们": "feminine", "她自己": "feminine",
    "它": "neuter", "它们": "neuter", "牠": "neuter", "牠们": "neuter",
    "他们": "epicene", "其": "epicene", "祂": "epicene", "祂们": "epicene",
}  # fmt: skip
_EN_WORD = re.compile(r"[A-Za-z]+")


def en_pronouns(text: str) -> list[tuple[str, str]]:
    """(pronoun, class) of every English pronoun in ``text``, in order, lower-cased."""
    words = (w.lower() for w in _EN_WORD.findall(text))
    return [(w, EN_PRONOUNS[w]) for w in words if w in EN_PRONOUNS]


def zh_pronouns(text: str, segment: Callable[[str], list[str]] = cut) -> list[tuple[str, str]]:
    """(pronoun, class) of every Chinese pronoun token in ``text``, in order; ``segment``: ``cut`` or a
    cache of it (the report segments a chapter's Chinese once for its statistics and its pronouns)."""
    return [(t, ZH_PRONOUNS[t]) for t in segment(text) if t in ZH_PRONOUNS]


def class_counts(pronouns: list[tuple[str, str]]) -> Counter[str]:
    return Counter(cls for _, cls in pronouns)
