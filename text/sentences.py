"""Sentence splitting for Chinese (rules) and English (NLTK punkt plus repairs), fully offline, in time
linear in the paragraph's length.

Decisions, measured on the MAC dev gold (``python -m evals.split``):

Chinese
* a sentence ends after a run of 。！？!? or an ellipsis (…, ……, ...), together with the closing
  quotes or brackets that follow (”’」』）》】 ...): a closing quote stays with its sentence; a
  quotation broken off with a dash (“你为什么——”) ends one too;
* ；and ： never end a sentence (the gold never splits there; a translator usually renders
  semicolon clauses as one English sentence);
* an ellipsis inside an open quotation (“我……我不知道”) is hesitation, not a sentence end;
* nothing inside 【…】 is split: a chat or system line stays whole;
* a short speech tag after a closed quote stays with it: “……。”他说。 and “你去哪？”她问。 are one
  sentence each, as their translations are ("…," he said.), so the tag does not drift to the next
  bead (the MAC gold splits some of these: this rule alone costs 0.0007 F1 there);
* no split when the end mark is followed by a comma-like mark (他……，) or more end marks.

English: punkt (NLTK's ``PunktTokenizer``, parameters installed by ``core.langdata``, run by
``text.punkt_spans``) handles
abbreviations, initials and decimals (an opening curly or single quote is shown to punkt as one it
strips, so "“Mr. Pei" is not split); ellipses are hidden from punkt and decided here (a split
only before a capital or an opening quote, and never inside ". . . and on"); an interrupted
quote ("see—' 'At you!") ends a sentence; a piece that starts in lower case is glued back to the
previous sentence. A capitalised speech tag after a closed quote ("Where?" Anna asked.) is a sentence of
its own: web novels give such a tag a line of its own on both sides, and where a translator merges the
English paragraphs, a tag glued to its quote made one sentence of two lines, which no bead recovers (where
the Chinese glues the tag, the aligner can make a 1-2 bead; on MAC-dev's gold split, English F1 .9948 ->
.9951 without the glue).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from core.arg_types import OneLineParser
from core.lines import split_text_lines
from core.stdio import exit_with, output_may_be_cut, stdin_bytes
from text.decoding import decode_utf8
from text.limits import MAX_SPLIT_CHARS

if TYPE_CHECKING:
    from text.punkt_spans import PunktSpans

_ZH_CLOSERS = "”’」』）》〉】)]\"'"
# a dash run is tried at its start only: tried at each of its dashes, a long run without a closing quote
# after it took time quadratic in its length
_ZH_END = re.compile(
    rf"(?:[。！？!?]+|…+|\.{{3,}}|⋯+|(?<![—–])[—–]+(?=[”’」』]))[{re.escape(_ZH_CLOSERS)}\s]*"
)
# a speech tag right after a closed quote: up to 10 characters, no quote or end mark, then a verb of saying
# (not negated, and not the 道 of 知道)
_ZH_SPEECH_TAG = re.compile(
    r"[^“”「」『』【】。！？!?…，,\n]{0,10}?(?<![没不知])(?:说|道|问|喊|嚷|吼)[。！？!?]"
)
_ZH_NO_SPLIT_BEFORE = set("，、：；,;:。！？!?…⋯")
_EN_ELLIPSIS = re.compile(r"\.(?:\s?\.){2,}|…")
_EN_NEXT_STARTS = r"(?=\s+[\"'‘“]?[A-Z])"  # what follows starts a sentence: a capital, maybe quoted
_EN_AFTER_ELLIPSIS = re.compile(rf"[\"'’”]*{_EN_NEXT_STARTS}")  # matched at an ellipsis's end
_EN_INTERRUPTED = re.compile(rf"[—–][\"'’”]+{_EN_NEXT_STARTS}")
# an opening quote, shown to punkt as "`", which it strips from a word (it does not strip “ ‘ '), so that
# "“Mr. Pei" is an abbreviation and a name, not a sentence end
_EN_OPENING_QUOTE = re.compile(r"[“‘]|(?:^|(?<=[\s(\[{]))'")
# a sentence end glued to the next sentence ("left.He", "said.”So", "“Go.”“No"), which punkt, needing a space,
# misses: one end mark or a ?/! run (not an ellipsis), its closing quote, then a capitalised word, maybe
# quoted. Tried at a run's start only, so that a long run of marks costs linear time.
_EN_GLUED = re.compile(r"(?<![.!?])(?:\.|[!?]+)([”’\"]?)(?=[“‘\"]?[A-Z][a-z])")
_EN_WORD_BEFORE = re.compile(r"[A-Za-z]+$")


class _Depth:
    """Open-minus-closed counts of bracket pairs up to a position that only moves forward (linear time)."""

    def __init__(self, text: str, pairs: str) -> None:
        self.text, self.pairs, self.pos = text, pairs, 0
        self.depth = dict.fromkeys(pairs[::2], 0)

    def inside(self, pos: int, opener: str) -> bool:
        """Whether ``pos`` (never less than the last one asked) lies inside an unclosed ``opener`` span."""
        for k in range(0, len(self.pairs), 2):
            o, c = self.pairs[k], self.pairs[k + 1]
            self.depth[o] += self.text.count(o, self.pos, pos) - self.text.count(c, self.pos, pos)
        self.pos = pos
        return self.depth[opener] > 0


def _zh_boundaries(text: str) -> list[int]:
    cuts = []
    depth = _Depth(text, "【】“”「」")
    for m in _ZH_END.finditer(text):
        end = m.end()
        if end >= len(text) or text[end] in _ZH_NO_SPLIT_BEFORE:
            continue
        if depth.inside(end, "【"):
            continue
        if m.group()[0] in "….⋯" and (depth.inside(end, "“") or depth.inside(end, "「")):
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


def _before_speech_tag(text: str, cut: int) -> bool:
    """Whether ``cut`` ends a closed quote that its speech tag follows (“……。”他说。)."""
    end = cut
    while end and text[end - 1].isspace():
        end -= 1
    return end > 0 and text[end - 1] in "”」』" and _ZH_SPEECH_TAG.match(text, cut) is not None


def split_zh(paragraph: str) -> list[str]:
    """Split one Chinese paragraph into sentences."""
    return _cut(
        paragraph, [cut for cut in _zh_boundaries(paragraph) if not _before_speech_tag(paragraph, cut)]
    )


@cache
def _punkt() -> PunktSpans:
    from nltk.tokenize.punkt import PunktTokenizer

    from core.langdata import punkt_dir, use_project_data
    from text.punkt_spans import PunktSpans

    use_project_data()
    try:
        tokenizer = PunktTokenizer("english")
    except LookupError:  # NLTK's message is a box of 15 lines
        raise LookupError(
            f"no English punkt data in {punkt_dir()} (the language data, which BWB_DATA moves): "
            "run make setup, or python -m core.langdata"
        ) from None
    return PunktSpans(tokenizer)


PUNKT_WINDOW = 20_000  # characters punkt reads at once: each regex scan stays short on a long paragraph


def _punkt_ends(text: str, window: int = PUNKT_WINDOW) -> set[int]:
    """Ends of punkt's sentences, read a window at a time: each window's last sentence, which may go on
    past it, starts the next window (punkt's pretrained decisions are local, so the ends are those of
    the whole text); a window without a sentence end is cut at its last space."""
    ends: set[int] = set()
    start = 0
    while len(text) - start > window:
        spans = list(_punkt().span_tokenize(text[start : start + window]))
        if len(spans) > 1:
            ends.update(start + end for _, end in spans[:-1])
            start += spans[-1][0]
        else:
            cut = text.rfind(" ", start + 1, start + window)
            start = cut if cut > start else start + window
            ends.add(start)
    ends.update(start + end for _, end in _punkt().span_tokenize(text[start:]))
    return ends


def _en_quote_ends(text: str) -> set[int]:
    """Ends of sentences punkt misses: after an ellipsis, or a dash, with its closing quotes, before a capital."""
    ellipsis_ends = (m.end() for m in _EN_ELLIPSIS.finditer(text))
    cuts = {m.end() for end in ellipsis_ends if (m := _EN_AFTER_ELLIPSIS.match(text, end))}
    return cuts | {m.end() for m in _EN_INTERRUPTED.finditer(text)}


def _en_glued_ends(text: str) -> set[int]:
    """Ends of sentences glued to the next one: after a closing quote, or after a word of two letters or
    more ending in lower case that punkt does not know as an abbreviation ("Mr.Li" stays whole). A
    straight double quote closes when an odd number of them come before it, else it opens the next one."""
    cuts, quotes, counted = set(), 0, 0
    for m in _EN_GLUED.finditer(text):
        quote, end = m.group(1), m.end()
        if quote == '"':
            quotes, counted = quotes + text.count('"', counted, m.start()), m.start()
            if quotes % 2 == 0:
                quote, end = "", end - 1
        if quote or _ends_sentence(text, m.start()):
            cuts.add(end)
    return cuts


def _ends_sentence(text: str, mark: int) -> bool:
    """Whether the word before the end mark at ``mark`` may end a sentence: two letters or more, the last in
    lower case, no abbreviation punkt knows."""
    word = _EN_WORD_BEFORE.search(text, max(0, mark - 40), mark)
    return (
        word is not None
        and len(word.group()) > 1
        and word.group()[-1].islower()
        and word.group().lower() not in _punkt().abbrev_types
    )


def _without_quote_only_pieces(text: str, cuts: set[int]) -> list[int]:
    """The cuts in order, less each one that only closing quotes separate from the next: punkt ends "Fine."He
    before the quote, the glued end after it."""
    ordered = sorted(cuts)
    return [
        cut
        for cut, after in zip(ordered, [*ordered[1:], None])
        if after is None or text[cut:after].strip("”’\"'")
    ]


def _inside_end_marks(text: str, cut: int) -> bool:
    """Whether ``cut`` falls inside a run of sentence-end marks ("….?", "?!", ".?"), where punkt cuts at
    the end of a paragraph and would leave a sentence of a lone mark."""
    return 0 < cut < len(text) and text[cut] in ".?!" and text[cut - 1] in ".?!…"


def split_en(paragraph: str) -> list[str]:
    """Split one English paragraph into sentences."""
    text = paragraph.strip()
    masked = _EN_OPENING_QUOTE.sub("`", _EN_ELLIPSIS.sub(lambda m: "_" * len(m.group()), text))
    cuts = _punkt_ends(masked)
    cuts.update(_en_quote_ends(text))
    cuts.update(_en_glued_ends(text))
    cuts = _without_quote_only_pieces(text, {cut for cut in cuts if not _inside_end_marks(text, cut)})
    out: list[list[str]] = []
    for sent in _cut(text, cuts):
        if out and sent[0].islower():
            out[-1].append(sent)
        else:
            out.append([sent])
    return [" ".join(parts) for parts in out]


def iter_sentences(paragraphs: Iterable[str], lang: str) -> Iterator[str]:
    """The sentences of every paragraph, one paragraph at a time; sentences never cross paragraph
    boundaries."""
    split = {"zh": split_zh, "en": split_en}[lang]
    return (s for p in paragraphs if p.strip() for s in split(p))


def split_sentences(paragraphs: Iterable[str], lang: str) -> list[str]:
    """``iter_sentences`` as a list."""
    return list(iter_sentences(paragraphs, lang))


def read_stdin_text(errors: str) -> str:
    """Standard input as text (``text.decoding.decode_utf8``: ``ValueError`` for binary or bad input)."""
    return decode_utf8(stdin_bytes("split"), errors, "stdin", "split")


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
    parser = OneLineParser(
        prog="python -m text.sentences",
        description="Split paragraphs (one per line on stdin) into sentences.",
    )
    parser.add_argument("--lang", choices=("zh", "en"), required=True, help="language of the text: zh or en")
    parser.add_argument(
        "--errors",
        choices=("strict", "replace"),
        default="strict",
        help="invalid UTF-8 on stdin: an error (default) or replaced with U+FFFD",
    )
    args = parser.parse_args(argv)
    try:
        text = read_stdin_text(args.errors)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if not text.strip():
        print("error: stdin: no text to split", file=sys.stderr)
        return 1
    lines = split_text_lines(text)
    if problem := _overlong_line(lines):
        print(f"error: stdin: {problem}", file=sys.stderr)
        return 1
    if args.lang == "en":
        try:
            _punkt()
        except LookupError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
    with output_may_be_cut():
        for sentence in iter_sentences(lines, args.lang):
            print(sentence)
    return 0


def _overlong_line(lines: list[str]) -> str | None:
    """What is wrong with the first line longer than ``MAX_SPLIT_CHARS``, if any (checked before any output)."""
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_SPLIT_CHARS:
            return (
                f"line {number} has {len(line):,} characters, over the {MAX_SPLIT_CHARS:,} a paragraph "
                "may have (give one paragraph per line)"
            )
    return None


if __name__ == "__main__":
    exit_with(main)
