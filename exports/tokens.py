"""Word counts used by every statistic (the rule is ``WORD_RULE``, shown in the report)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from text.chinese import cut

WORD_RULE = (
    "English words are whitespace-separated tokens (punctuation stays attached). Chinese words are "
    "jieba tokens (default dictionary, precise mode with HMM) holding at least one letter or digit, "
    "so punctuation and whitespace tokens are not words."
)


def en_words(text: str) -> int:
    return len(text.split())


def zh_words(text: str, segment: Callable[[str], list[str]] = cut) -> int:
    """``segment``: ``cut`` or a cache of it (``exports.report_counts``)."""
    return sum(1 for token in segment(text) if any(unicodedata.category(c)[0] in "LN" for c in token))
