"""Non-neural floors for the probe, on spaCy's fine-grained (Penn) tags of the suite's sentences.

- ``baseline:unigram``: the most frequent word of the corpus's English side with the target's tag
  (NN, NNS, PRP, RB ...; ties go to the alphabetically first word). p(target) is the target's share
  of the words with that tag, the same with and without context.
- ``baseline:context``: the nearest word before the target with the target's tag, looking first
  leftwards in the target sentence, then through the context sentences from the last one back. For
  repetition that is the nearest noun of the same number, for reference the nearest pronoun of the
  same kind, for conjunction the nearest adverb. It gives no probability.

The target's tag is the tag of the last token inside b's span. Words compare lower-cased. Runs of
over ``RUN_CHARS`` characters without whitespace are cut before spaCy (``text.english_model.spaced_runs``:
its tokenizer takes time quadratic in a run of punctuation).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cohesion.probe import same_word
from text.english_model import spaced_runs

UNIGRAM = "baseline:unigram"
CONTEXT = "baseline:context"
NAMES = (UNIGRAM, CONTEXT)


@dataclass(frozen=True)
class Tagged:
    """An item's target tag and the (word, tag) pairs before the target, nearest last."""

    tag: str
    before: list[tuple[str, str]]


def tag_items(items: list[dict], nlp: Any) -> list[Tagged]:
    """Tag every context and target sentence once (spaCy ``nlp.pipe``)."""
    texts = [spaced_runs(s) for item in items for s in [*item["context"], item["target"]]]  # (same offsets)
    docs = iter(nlp.pipe(texts, batch_size=256))
    tagged = []
    for item in items:
        before = [(t.text, t.tag_) for _ in item["context"] for t in next(docs)]
        target = next(docs)
        b = item["b"]
        inside = [t for t in target if t.idx < b["end"] and t.idx + len(t.text) > b["start"]]
        before += [(t.text, t.tag_) for t in target if t.idx + len(t.text) <= b["start"]]
        tagged.append(Tagged(inside[-1].tag_ if inside else "", before))
    return tagged


def tag_counts(sentences: Iterable[str], nlp: Any) -> dict[str, Counter]:
    """Lower-cased word counts per tag over the corpus's English sentences."""
    counts: dict[str, Counter] = defaultdict(Counter)
    for doc in nlp.pipe(map(spaced_runs, sentences), batch_size=256):
        for token in doc:
            counts[token.tag_][token.text.lower()] += 1
    return counts


def unigram(items: list[dict], tagged: list[Tagged], counts: dict[str, Counter]) -> list[dict]:
    rows = []
    for item, t in zip(items, tagged, strict=True):
        words = counts.get(t.tag, Counter())
        prediction = min(words, key=lambda w: (-words[w], w)) if words else ""
        total = sum(words.values())
        p = words[item["b"]["text"].lower()] / total if total else 0.0
        rows.append(_row(item, prediction, p))
    return rows


def context(items: list[dict], tagged: list[Tagged]) -> list[dict]:
    rows = []
    for item, t in zip(items, tagged, strict=True):
        prediction = next((word for word, tag in reversed(t.before) if tag == t.tag), "")
        rows.append(_row(item, prediction, None))
    return rows


def _row(item: dict, prediction: str, p: float | None) -> dict:
    return {
        "prediction": prediction,
        "hit": bool(prediction) and same_word(prediction, item["b"]["text"]),
        "p_context": p,
        "p_no_context": p,
        "pieces": None,
    }
