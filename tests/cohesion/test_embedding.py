import numpy as np
import pytest
import spacy
from thinc.api import use_ops

from cohesion import embedding
from cohesion.embedding import Embeddings
from cohesion.nlp import EMBEDDINGS, UNUSED, load_tagger
from text.english_model import SPACY_MODEL

TEXTS = [
    "Mira folded the map and put it in her coat.",
    "The old ferryman did not look up from his rope.",
    "She paid him two coins, and he nodded.",
    "“Is the river high tonight?” she asked.",
    "It was higher than it had been in years, the ferryman said.",
    "",
]


@pytest.fixture(scope="module")
def plain():
    """The same components without the cache: spaCy's own layers."""
    with use_ops("numpy", use_blis=False):
        return spacy.load(SPACY_MODEL, exclude=list(UNUSED), disable=["attribute_ruler"])


def _outputs(nlp, texts: list[str], batch: int) -> list[tuple[bytes, list[str]]]:
    return [(doc.tensor.tobytes(), [t.tag_ for t in doc]) for doc in nlp.pipe(texts, batch_size=batch)]


def test_the_cached_embeddings_give_spacys_output_cold_and_warm(plain):
    EMBEDDINGS.clear()
    cold = _outputs(load_tagger(), TEXTS, 4)
    kept = len(EMBEDDINGS.index)
    warm = _outputs(load_tagger(), TEXTS[::-1], 3)[::-1]  # other batches, every row already kept
    assert cold == warm == _outputs(plain, TEXTS, 4)
    assert len(EMBEDDINGS.index) == kept > 0


def test_the_cache_starts_afresh_when_full_with_the_same_output(plain, monkeypatch):
    monkeypatch.setattr(embedding, "MAX_ROWS", 20)
    EMBEDDINGS.clear()
    assert _outputs(load_tagger(), TEXTS, 2) == _outputs(plain, TEXTS, 2)
    assert 0 < len(EMBEDDINGS.index) <= 30  # never more than the rows of one batch past the limit


def test_a_few_new_rows_get_the_floats_of_a_batch(plain):
    EMBEDDINGS.clear()
    _outputs(load_tagger(), TEXTS, 4)
    texts = ["Mira put the map in her coat, said Quillon."]  # one word new to the cache
    assert _outputs(load_tagger(), texts, 1) == _outputs(plain, texts, 1)


def test_the_tagger_embeds_through_the_cache():
    assert load_tagger().get_pipe("tok2vec").model.layers[0].name == "cached_embed"
    assert load_tagger(full=True).get_pipe("tok2vec").model.layers[0].name != "cached_embed"


def test_embeddings_keep_vectors_by_key_and_grow():
    cache = Embeddings()
    cache.add([b"a", b"b"], np.array([[1, 2], [3, 4]], dtype="float32"))
    cache.add([b"c"], np.array([[5, 6]], dtype="float32"))
    assert cache.index == {b"a": 0, b"b": 1, b"c": 2}
    assert cache.vectors[:3].tolist() == [[1, 2], [3, 4], [5, 6]]
    cache.clear()
    assert cache.index == {}
