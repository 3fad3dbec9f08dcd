"""Quotation and question marks per sentence: the dialogue structure a bead's two sides share.

``zh_marks`` and ``en_marks`` count (quotations opened, quotations closed, question marks). A Chinese
quotation opens with “ 「 『 and closes with ” 」 』. In English a curly quote says which it is; a
straight one (' or ") opens at the start of a sentence or after a space, opening bracket or dash, before
a non-space, and closes after a non-space, before the end, a space or punctuation, so that an apostrophe
inside a word (I'd, Trinket's) is neither.
"""

from __future__ import annotations

import re

Marks = tuple[int, int, int]

_ZH_OPEN = re.compile("[“「『]")
_ZH_CLOSE = re.compile("[”」』]")
# Each pattern begins with the class of quote characters, so that ``re`` skips straight to them (5x faster
# than checking the context at every position first); the lookbehinds then see the quote and the character
# before it (at the start a two-character lookbehind finds nothing: an opening quote may stand there, a
# closing one may not).
_EN_OPEN = re.compile(r"""[“‘'"](?:(?<=[“‘])|(?<![^\s(\[—–-]['"])(?=\S))""")
_EN_CLOSE = re.compile(r"""[”'"’](?:(?<=”)|(?<=\S['"’])(?=$|[\s)\],.;:!?—–-]))""")


def zh_marks(sentence: str) -> Marks:
    """(quotations opened, quotations closed, question marks) in a Chinese sentence."""
    return len(_ZH_OPEN.findall(sentence)), len(_ZH_CLOSE.findall(sentence)), sentence.count("？")


def en_marks(sentence: str) -> Marks:
    """(quotations opened, quotations closed, question marks) in an English sentence."""
    return len(_EN_OPEN.findall(sentence)), len(_EN_CLOSE.findall(sentence)), sentence.count("?")
