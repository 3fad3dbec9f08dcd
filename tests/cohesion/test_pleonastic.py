import pytest

from cohesion.nlp import load_tagger
from cohesion.pleonastic import classifies
from cohesion.tagged import read


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It was a small fishing boat.", True),
        ("It’s not really a toy.", True),
        ("It was a windy night.", False),  # a time
        ("It was a pity that nobody came.", False),  # extraposition
        ("It was the gardener who locked the gate.", False),  # cleft
        ("It will be a long journey.", False),  # a guess, not a kind
        ("It was Tuesday.", False),  # no common noun
        ("It was very heavy.", False),  # an adjective, no noun
        ("It is no use shouting.", False),  # "no"
        ("It was a step too far.", False),  # a measure before an adverb
        ("It is the duty of every guard to stay.", False),  # extraposition after an "of" phrase
        ("Perhaps it was a trap.", False),  # a hedge
    ],
)
def test_a_predicate_noun_after_it_and_be_classifies_it(text, expected):
    assert classifies(read(load_tagger()(text), text), 0) is expected
