"""Quotation and question marks per sentence: the dialogue structure a bead's two sides share.

``zh_marks`` and ``en_marks`` count (quotations opened, quotations closed, question marks). A Chinese
quotation opens with “ 「 『 and closes with ” 」 』. In English a curly quote says which it is; a
straight one (' or ") opens at the start of a sentence or after a space, opening bracket or dash, before
a non-space, and closes after a non-space, before the end, a space or punctuation, so that an apostrophe
inside a word (I'd, Bramble's) is neither. A term in quotation marks (他把“它”放回原处, the "Iron
Rule") is not speech, and translators keep or drop its marks at will: a quotation of up to 6
characters (English: 25) inside a sentence, not after a colon or a comma, with no sentence punctuation,
dash or ellipsis in it, counts as none.

``zh_ends_quoted`` and ``en_ends_quoted`` say whether a sentence ends in speech (a closing quotation mark
last, but for sentence-final punctuation), in narration (a speech tag after the quotation, or none), or
maybe: inside a quotation it opened (a speech split into sentences, or a quotation never closed).
"""

from __future__ import annotations

import re

Marks = tuple[int, int, int]

_ZH_OPENERS, _ZH_CLOSERS = "“「『", "”」』"
_ZH_OPEN = re.compile(f"[{_ZH_OPENERS}]")
_ZH_CLOSE = re.compile(f"[{_ZH_CLOSERS}]")
# Each pattern begins with the class of quote characters, so that ``re`` skips straight to them (5x faster
# than checking the context at every position first); the lookbehinds then see the quote and the character
# before it (at the start a two-character lookbehind finds nothing: an opening quote may stand there, a
# closing one may not).
_EN_OPEN = re.compile(r"""[“‘'"](?:(?<=[“‘])|(?<![^\s(\[—–-]['"])(?=\S))""")
_EN_CLOSE = re.compile(r"""[”'"’](?:(?<=”)|(?<=\S['"’])(?=$|[\s)\],.;:!?—–-]))""")
# what may follow the closing quotation mark of a Chinese sentence that ends in speech
_ZH_FINAL = "。！？…"
_EN_OPENERS = "“‘'\""  # the characters that may open an English quotation (``_EN_OPEN``)
# every character that a pattern of quotation marks begins with, per language
_ZH_QUOTES = _ZH_OPENERS + _ZH_CLOSERS
_EN_QUOTES = "“”‘’'\""
# a term: a short quotation inside a sentence (not first, not after a colon or comma), without sentence
# punctuation, dash or ellipsis; the quote first, its context by lookbehind (as above: 4x faster)
_ZH_TERM = re.compile(r"[“「『](?<=[^：:，,][“「『])[^“”「」『』，。！？：…—～,!?]{1,6}[”」』]")
_EN_TERM = re.compile(
    r"""[“"‘'](?<=\s[“"‘'])(?<![:,]\s[“"‘'])[^“”"‘’',.!?:;…—–-]{1,25}[”"’'](?=[\s,.;:!?)]|$)"""
)


def _has_any(sentence: str, characters: str) -> bool:
    """Whether ``sentence`` has any of ``characters``. Without a quotation mark no pattern of quotation
    marks matches: those sentences (most) are not scanned character by character."""
    return any(map(sentence.__contains__, characters))


def _trimmed(sentence: str, final: str = "") -> str:
    """The sentence without trailing whitespace and ``final`` characters."""
    end = len(sentence)
    while end and (sentence[end - 1].isspace() or sentence[end - 1] in final):
        end -= 1
    return sentence[:end]


def zh_ends_quoted(sentence: str) -> int:
    """1 when the Chinese sentence ends with a closing quotation mark, 0 when it ends inside a quotation
    it opened (split inside a speech, or a quotation never closed: either may follow), else -1."""
    if not _has_any(sentence, _ZH_QUOTES):
        return -1
    end = _trimmed(sentence, _ZH_FINAL)
    if end and end[-1] in _ZH_CLOSERS:
        return 1
    if not _has_any(sentence, _ZH_OPENERS):
        return -1
    return 0 if max(map(sentence.rfind, _ZH_OPENERS)) > max(map(sentence.rfind, _ZH_CLOSERS)) else -1


def en_ends_quoted(sentence: str) -> int:
    """Like ``zh_ends_quoted``, for an English sentence (a closing mark after a non-space)."""
    end = _trimmed(sentence)
    if len(end) > 1 and end[-1] in "”\"'’" and not end[-2].isspace():
        return 1
    if not _has_any(sentence, _EN_OPENERS):
        return -1
    last_open = max((m.start() for m in _EN_OPEN.finditer(sentence)), default=-1)
    return 0 if last_open > max((m.start() for m in _EN_CLOSE.finditer(sentence)), default=-1) else -1


def zh_marks(sentence: str) -> Marks:
    """(quotations opened, quotations closed, question marks) in a Chinese sentence."""
    if not _has_any(sentence, _ZH_QUOTES):
        return 0, 0, sentence.count("？")
    sentence = _ZH_TERM.sub("", sentence)
    return len(_ZH_OPEN.findall(sentence)), len(_ZH_CLOSE.findall(sentence)), sentence.count("？")


def en_marks(sentence: str) -> Marks:
    """(quotations opened, quotations closed, question marks) in an English sentence."""
    if not _has_any(sentence, _EN_QUOTES):
        return 0, 0, sentence.count("?")
    sentence = _EN_TERM.sub("", sentence)
    return len(_EN_OPEN.findall(sentence)), len(_EN_CLOSE.findall(sentence)), sentence.count("?")
