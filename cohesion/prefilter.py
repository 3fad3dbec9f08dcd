"""Cheap raw-text check deciding which sentences need POS tagging.

Every tag-based candidate needs, in each of its sentences, a content word (a noun, name, verb or
adjective: some word of three letters or more, not a stop word or interjection), a pointing word
(third-person pronoun, this/that, one/ones) or a sentence-initial connective. Sentences with none of
these ("Yes.", "Really?", "Mm.") are left untagged; ellipsis runs on raw text and needs no tags at
all. Measured on novel text: a pronoun-based window filter skipped under 1% of sentences and cost
more (WordNet look-ups per word) than it saved, hence this per-sentence test.
"""

from __future__ import annotations

import re

from spacy.lang.en.stop_words import STOP_WORDS

from cohesion import lexicon
from cohesion.chapter import WORD, folded
from cohesion.conjunction import OPENING, patterns

POINTING = re.compile(
    r"\b(?:he|him|his|himself|she|her|hers|herself|it|its|itself|they|them|their|theirs|themselves|"
    r"this|that|ones?)\b",
    re.I,
)


def needs_tagging(sentences: list[str]) -> list[bool]:
    return [_may_hold_candidate(s) for s in sentences]


def _may_hold_candidate(text: str) -> bool:
    return (
        content_word(text)
        or bool(POINTING.search(text))
        or bool(patterns()["i"].match(text, OPENING.match(text).end()))
    )


def content_word(text: str) -> bool:
    """Does ``text`` hold a word of three letters or more that is no stop word or interjection? Its words
    are matched one at a time, as the first or second mostly answers (a list of them all cost three
    times as much)."""
    interjections = lexicon.words("interjections.txt")
    for match in WORD.finditer(folded(text)):
        word = match[0]
        if len(word) > 2 and word not in STOP_WORDS and word not in interjections:
            return True
    return False
