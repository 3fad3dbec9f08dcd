import math

import pytest

from alignment.bleu import Ngrams, symmetric_bleu, tokenize


def test_tokenize_like_nist():
    assert tokenize('He said: "It costs 3.50, ok?"') == [
        "he",
        "said",
        ":",
        '"',
        "it",
        "costs",
        "3.50",
        ",",
        "ok",
        "?",
        '"',
    ]
    assert tokenize("Lin Wan's 1990-era phone.") == ["lin", "wan's", "1990", "-", "era", "phone", "."]


def test_hand_computed_symmetric_bleu():
    translation = Ngrams.of("the cat sat down".split(), 2)
    target = Ngrams.of("the cat sat".split(), 2)
    score, matches = symmetric_bleu(translation, target)
    assert matches == (3, 2)
    forward = math.exp((math.log(3 / 4) + math.log(2 / 3)) / 2)  # no brevity penalty: translation longer
    backward = math.exp((math.log(3 / 3) + math.log(2 / 2)) / 2 + (1 - 4 / 3))
    assert score == pytest.approx(2 * forward * backward / (forward + backward))


def test_no_score_without_a_top_order_match():
    assert symmetric_bleu(Ngrams.of("cat the".split(), 2), Ngrams.of("the cat".split(), 2)) is None
