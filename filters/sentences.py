"""Sentence splitting for Chinese (rules) and English (NLTK punkt plus repairs), fully offline.

Chinese rules (tuned on the MAC dev gold, see ``filters.eval_split``):

* a sentence ends after a run of 。！？!? or an ellipsis (…, ……, ...), together with any closing
  quotes or brackets that follow (”’」』）》】 ...), so a closing quote stays with its sentence;
* ；and ： never end a sentence (the gold keeps semicolon clauses together, and a translator
  usually renders them as one English sentence);
* nothing inside 【…】 is split: a chat or system line in lenticular brackets stays whole;
* a quote closed after an end mark and followed by a short speech tag stays one sentence:
  “你去哪？”她问。 is one sentence, “你去哪？”她问道：“…” is two (the tag introduces new speech);
* no split when the end mark is followed by a comma-like mark (他……，) or more end marks.

English: ``nltk.sent_tokenize`` (punkt, parameters installed by ``pipeline.langdata``) handles
abbreviations, initials and decimals; two repairs follow: a "sentence" that starts in lower case
is glued back to the previous one ("Are you sure?" she asked.), and a closing quote or bracket
that punkt left at the start of the next sentence is moved back.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from functools import cache

_ZH_CLOSERS = "”’」』）》〉】)]\"'"
_ZH_END = re.compile(rf"(?:[。！？!?]+|…+|\.{{3,}}|⋯+)[{re.escape(_ZH_CLOSERS)}\s]*")
_ZH_NO_SPLIT_BEFORE = set("，、：；,;:。！？!?…⋯")
_EN_ELLIPSIS = re.compile(r"\.(?:\s?\.){2,}|…")
_EN_QUOTE_END = re.compile(r"(?:(?:\.\s?){2,}\.|…)[\"'’”]*(?=\s+[\"'‘“]?[A-Z])|[—–][\"'’”]+(?=\s+[\"'‘“]?[A-Z])")
_EN_SPEECH_TAG = re.compile(r"^(?:[A-Z][\w-]*\s+){1,3}(?:asked|said|replied|cried|shouted|whispered|muttered)\b[^.!?]{0,30}[.!?]$")
_EN_CARRY = re.compile(r"^([\"'”’)\]]+)(?:\s+|$)")


def _depths(text: str, pairs: dict[str, str]) -> list[int]:
    """Nesting depth of the bracket ``pairs`` (opener -> closer) before each position."""
    closers = {c: o for o, c in pairs.items()}
    depth, out = 0, [0]
    for ch in text:
        if ch in pairs:
            depth += 1
        elif ch in closers and depth:
            depth -= 1
        out.append(depth)
    return out


def _zh_boundaries(text: str) -> list[int]:
    chat = _depths(text, {"【": "】"})
    quote = _depths(text, {"“": "”", "「": "」"})
    cuts = []
    for m in _ZH_END.finditer(text):
        end = m.end()
        if end >= len(text) or chat[end] or text[end] in _ZH_NO_SPLIT_BEFORE:
            continue
        if quote[end] and m.group()[0] in "….⋯":
            continue
        cuts.append(end)
    return cuts


def _cut(text: str, cuts: Iterable[int]) -> list[str]:
    pieces, start = [], 0
    for cut in [*cuts, len(text)]:
        if cut > start:
            pieces.append(text[start:cut])
            start = cut
    return [p.strip() for p in pieces if p.strip()]


def split_zh(paragraph: str) -> list[str]:
    """Split one Chinese paragraph into sentences."""
    return _cut(paragraph, sorted(set(_zh_boundaries(paragraph))))


@cache
def _punkt():
    from nltk.tokenize.punkt import PunktTokenizer

    from pipeline.langdata import use_project_data

    use_project_data()
    return PunktTokenizer("english")


def split_en(paragraph: str) -> list[str]:
    """Split one English paragraph into sentences."""
    text = paragraph.strip()
    masked = _EN_ELLIPSIS.sub(lambda m: "_" * len(m.group()), text)
    cuts = {end for _, end in _punkt().span_tokenize(masked)}
    cuts.update(m.end() for m in _EN_QUOTE_END.finditer(text))
    out: list[str] = []
    for sent in _cut(text, sorted(cuts)):
        if out and (carry := _EN_CARRY.match(sent)):
            out[-1] += carry.group(1)
            sent = sent[carry.end() :]
        if not sent:
            continue
        if out and (sent[0].islower() or _EN_SPEECH_TAG.match(sent)):
            out[-1] = f"{out[-1]} {sent}"
        else:
            out.append(sent)
    return out


def split_sentences(paragraphs: Iterable[str], lang: str) -> list[str]:
    """Split every paragraph; sentences never cross paragraph boundaries."""
    split = {"zh": split_zh, "en": split_en}[lang]
    return [s for p in paragraphs if p.strip() for s in split(p)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Split paragraphs (one per line on stdin) into sentences.")
    parser.add_argument("--lang", choices=("zh", "en"), required=True)
    args = parser.parse_args(argv)
    for sentence in split_sentences(sys.stdin.read().splitlines(), args.lang):
        print(sentence)
    return 0


if __name__ == "__main__":
    sys.exit(main())
