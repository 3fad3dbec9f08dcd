"""Optional evidence from the aligned Chinese: a candidate never needs it, it only records support.

- reference: the Chinese pronoun under an English one (``zh=她``), the antecedent's name in its
  place (``zh_name=…``, where the name's pinyin spells the English antecedent), or neither
  (``zh=dropped``);
- synonyms / repetition: a Chinese noun shared by the two aligned sentences (``zh_shared=…``), the
  same word under two English nouns;
- conjunction: a Chinese connective in the sentence of element 2 (``zh=但是``).

``jieba.posseg`` and ``pypinyin`` are imported on first use (about 1 CPU second), not with the module.
Chinese over ``TAGGED_CHARS`` gives no evidence that needs its words tagged (a name, a shared noun):
jieba's tagger reads a long run of one-character words (嗯嗯嗯…) at about 0.7 ms a character.
"""

from __future__ import annotations

import logging
import re
from functools import cache

import jieba

import text.chinese  # noqa: F401  (jieba's dictionary cache in a folder of this user's)

jieba.setLogLevel(logging.WARNING)

PRONOUN = {"m": r"他(?!们)", "f": r"她(?!们)", "n": r"[它牠](?!们)", "pl": r"[他她它]们"}
# Inter-sentential connectives (Halliday & Hasan's four types), longest first.
CONNECTIVES = sorted(
    "却 但 但是 可是 不过 然而 反而 倒是 于是 因此 所以 因而 从而 既然 毕竟 何况 况且 而且 并且 此外 另外 "
    "同时 然后 接着 随后 后来 最后 终于 首先 其次 否则 不然 总之 结果 可见".split(),
    key=len,
    reverse=True,
)
_CONNECTIVE = re.compile("|".join(CONNECTIVES))
TAGGED_CHARS = 1_000  # the longest aligned Chinese whose words are tagged (real sentences: a few hundred)


@cache
def _words(zh: str) -> tuple[tuple[str, str], ...]:
    import jieba.posseg

    return tuple((w.word, w.flag) for w in jieba.posseg.cut(zh))


def pronoun(zh: str, cls: str, antecedent: str) -> str:
    """Evidence for an English pronoun of class ``cls`` (m, f, n, pl) whose antecedent is the English
    ``antecedent``; "" without Chinese."""
    if not zh:
        return ""
    match = re.search(PRONOUN[cls], zh)
    if match:
        return f"zh={match.group()}"
    if len(zh) > TAGGED_CHARS:
        return ""
    from pypinyin import lazy_pinyin

    spelled = re.sub(r"[^a-z]", "", antecedent.lower())
    names = [w for w, flag in _words(zh) if flag == "nr" and "".join(lazy_pinyin(w)) == spelled]
    return f"zh_name={names[0]}" if names else "zh=dropped"


def shared_noun(zh_a: str, zh_b: str) -> str:
    """A common noun (two characters or more) in both Chinese sentences, as evidence; "" when none."""
    if not zh_a or not zh_b or max(len(zh_a), len(zh_b)) > TAGGED_CHARS:
        return ""
    nouns_a = {w for w, flag in _words(zh_a) if flag in ("n", "nz", "ng") and len(w) >= 2}
    shared = [w for w, flag in _words(zh_b) if w in nouns_a]
    return f"zh_shared={shared[0]}" if shared else ""


def connective(zh: str) -> str:
    """The first Chinese connective in ``zh`` as evidence; "" when none."""
    match = _CONNECTIVE.search(zh) if zh else None
    return f"zh={match.group()}" if match else ""
