"""Sentence splitting for Chinese (rules) and English (NLTK punkt plus repairs), fully offline.

Decisions, measured on the MAC dev gold (``python -m filters.eval_split``):

Chinese
* a sentence ends after a run of 。！？!? or an ellipsis (…, ……, ...), together with the closing
  quotes or brackets that follow (”’」』）》】 ...): a closing quote stays with its sentence;
* ；and ： never end a sentence (the gold never splits there; a translator usually renders
  semicolon clauses as one English sentence);
* an ellipsis inside an open quotation (“我……我不知道”) is hesitation, not a sentence end;
* nothing inside 【…】 is split: a chat or system line stays whole;
* a speech tag after a closed quote is its own sentence: “你去哪？”她问。 -> 2 sentences (the
  gold splits there in most cases; keeping tags attached lowered F1, and the aligner joins
  2-1 beads anyway);
* no split when the end mark is followed by a comma-like mark (他……，) or more end marks.

English: punkt (NLTK's ``PunktTokenizer``, parameters installed by ``core.langdata``) handles
abbreviations, initials and decimals; ellipses are hidden from punkt and decided here (a split
only before a capital or an opening quote, and never inside ". . . and on"); an interrupted
quote ("see—' 'At you!") ends a sentence; a piece that starts in lower case, or a short
capitalised speech tag ("Where?" Anna asked.), is glued back to the previous sentence.
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
_EN_QUOTE_END = re.compile(
    r"(?:(?:\.\s?){2,}\.|…)[\"'’”]*(?=\s+[\"'‘“]?[A-Z])|[—–][\"'’”]+(?=\s+[\"'‘“]?[A-Z])"
)
_EN_SPEECH_TAG = re.compile(
    r"^(?:[A-Z][\w-]*\s+){1,3}(?:asked|said|replied|cried|shouted|whispered|muttered)\b[^.!?]{0,30}[.!?]$"
)


def _inside(text: str, pos: int, opener: str, closer: str) -> bool:
    """Whether ``pos`` lies inside an unclosed ``opener`` ... ``closer`` span."""
    return text.count(opener, 0, pos) > text.count(closer, 0, pos)


def _zh_boundaries(text: str) -> list[int]:
    cuts = []
    for m in _ZH_END.finditer(text):
        end = m.end()
        if end >= len(text) or text[end] in _ZH_NO_SPLIT_BEFORE:
            continue
        if "【" in text and _inside(text, end, "【", "】"):
            continue
        if m.group()[0] in "….⋯" and (_inside(text, end, "“", "”") or _inside(text, end, "「", "」")):
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

    from core.langdata import use_project_data

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
        if out and (sent[0].islower() or _EN_SPEECH_TAG.match(sent)):
            out[-1] = f"{out[-1]} {sent}"
        else:
            out.append(sent)
    return out


def split_sentences(paragraphs: Iterable[str], lang: str) -> list[str]:
    """Split every paragraph; sentences never cross paragraph boundaries."""
    split = {"zh": split_zh, "en": split_en}[lang]
    return [s for p in paragraphs if p.strip() for s in split(p)]


def read_stdin_text(errors: str) -> str:
    """Standard input as UTF-8; invalid bytes raise ``ValueError`` naming the byte offset (``errors="strict"``)
    or become U+FFFD (``errors="replace"``)."""
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8", errors=errors)
    except UnicodeDecodeError as err:
        raise ValueError(f"stdin: invalid UTF-8 at byte {err.start} (--errors replace to read it anyway)") from None


def paragraph_starts(paragraphs: Iterable[str], lang: str) -> list[int]:
    """Index in ``split_sentences(paragraphs, lang)`` of the first sentence of every paragraph."""
    split = split_zh if lang == "zh" else split_en
    starts, count = [], 0
    for paragraph in paragraphs:
        size = len(split(paragraph)) if paragraph.strip() else 0
        if size:
            starts.append(count)
            count += size
    return starts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Split paragraphs (one per line on stdin) into sentences.")
    parser.add_argument("--lang", choices=("zh", "en"), required=True, help="language of the text: zh or en")
    parser.add_argument("--errors", choices=("strict", "replace"), default="strict",
                        help="invalid UTF-8 on stdin: an error (default) or replaced with U+FFFD")
    args = parser.parse_args(argv)
    try:
        text = read_stdin_text(args.errors)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 1
    if not text.strip():
        print("stdin: no text to split", file=sys.stderr)
        return 1
    for sentence in split_sentences(text.splitlines(), args.lang):
        print(sentence)
    return 0


if __name__ == "__main__":
    sys.exit(main())
