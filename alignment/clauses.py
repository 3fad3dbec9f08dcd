"""The clauses at the edges of a Chinese sentence, as counts of its segmented words.

A clause ends at a comma, an enumeration comma, a semicolon, a colon, a dash, an ellipsis or sentence
punctuation (full or half width). A short English sentence at a bead border often translates the clause
of the neighbouring Chinese sentence that faces the border (``alignment.borders``). ``words`` are the
sentence's segmented words in order, each a substring of it (``text.chinese.segment``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_MARKS = "，,、；;：:—…。！？!?"
_BREAK = re.compile(f"[{_MARKS}]")
_LAST_BREAK = re.compile(f".*([{_MARKS}])", re.DOTALL)  # (greedy: the last one)


def head_words(sentence: str, words: Sequence[str]) -> int:
    """How many of ``words`` lie in the sentence's first clause (all of them in a sentence of one clause)."""
    if not words:
        return 0
    position = sentence.find(words[0])
    cut = _BREAK.search(sentence, position + len(words[0]))
    if position < 0 or cut is None:
        return len(words)
    count, end, position = 0, cut.start(), 0
    for word in words:
        position = sentence.find(word, position)
        if not 0 <= position < end:
            break
        count += 1
        position += len(word)
    return max(1, count)


def tail_words(sentence: str, words: Sequence[str]) -> int:
    """How many of ``words`` lie in the sentence's last clause (all of them in a sentence of one clause)."""
    if not words:
        return 0
    position = sentence.rfind(words[-1])
    cut = _LAST_BREAK.match(sentence, 0, max(0, position))
    if position < 0 or cut is None:
        return len(words)
    count, start, limit = 0, cut.start(1), len(sentence)
    for word in reversed(words):
        limit = sentence.rfind(word, 0, limit)
        if limit <= start:
            break
        count += 1
    return max(1, count)
