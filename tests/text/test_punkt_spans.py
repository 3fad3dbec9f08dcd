import random

import pytest
from nltk.tokenize.punkt import PunktTokenizer

from core.langdata import use_project_data
from text.punkt_spans import PunktSpans


@pytest.fixture(scope="module")
def nltk_punkt() -> PunktTokenizer:
    use_project_data()
    return PunktTokenizer("english")


@pytest.fixture(scope="module")
def spans(nltk_punkt) -> PunktSpans:
    return PunktSpans(nltk_punkt)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("   ", []),
        ("Mr. Smith went to Washington. He said hi.", [(0, 29), (30, 41)]),  # an abbreviation
        ("J. S. Bach wrote it. Then he left.", [(0, 20), (21, 34)]),  # initials
        ("(It was 3 p.m.) She came.", [(0, 25)]),
        ('He said "Go." Then left.', [(0, 13), (14, 24)]),  # the closing quote stays with its sentence
        ("Wait... What?! No.", [(0, 7), (8, 14), (15, 18)]),
        ("It cost 12. dollars.", [(0, 20)]),  # a number before a lower-case word
        ("It was 7. Who came.", [(0, 19)]),  # a known collocation of the model (a number, "who")
        ("It was 7. Then came.", [(0, 9), (10, 20)]),
    ],
)
def test_span_tokenize_exact(spans, text, expected):
    assert list(spans.span_tokenize(text)) == expected


def test_contains_sentbreak(spans):
    assert spans.contains_sentbreak("Washington. He")
    assert not spans.contains_sentbreak("Mr. Smith")
    assert not spans.contains_sentbreak("12. dollars")
    assert not spans.contains_sentbreak("end.")  # the last token never counts


PIECES = [
    *"Mr. Mrs. Dr. St. J. U.S. e.g. etc. No. vs. 3. 1.5 12,000. -3. .5 a.m. p.m. the The he He said".split(),
    *"Who who Then And and I It it Bach bach S. Johann A. a. x. o'clock well-known. co-op. Inc. Jan. jan. 1. II.".split(),
    *". ? ! ... .. --  - , ; : ( ) [ ] { } \" ' “ ” ‘ ’ « » * @ & # ` $5. 5%. ok?! Hey!!! wait... no.)".split(),
    'Yes."',
    ". . .",
    "\t",
    "\n",
    "\n\n",
    "\x0b",
    "\xa0",
    "\u3000",
]


def test_spans_are_nltks_on_generated_text(nltk_punkt, spans):
    rng = random.Random(0)
    for _ in range(2000):
        text = "".join(
            rng.choice(PIECES) + rng.choice([" ", " ", "", "\n", "  "]) for _ in range(rng.randint(1, 25))
        )
        assert list(spans.span_tokenize(text)) == list(nltk_punkt.span_tokenize(text)), text
