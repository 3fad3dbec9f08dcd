import pytest
import spacy
from thinc.api import use_ops

from cohesion.encoder import fast_encoder
from cohesion.nlp import UNUSED, load_tagger
from text.english_model import SPACY_MODEL

TEXTS = [
    "Mira folded the map and put it in her coat.",
    "Yes.",
    "The old ferryman did not look up from his rope, and the lantern swung.",
    "",
    "“Is the river high tonight?” she asked.",
    "It was higher than it had been in years, the ferryman said, and he would not cross before dawn.",
    "No",
]


def _load():
    with use_ops("numpy", use_blis=False):
        return spacy.load(SPACY_MODEL, exclude=list(UNUSED), disable=["attribute_ruler"])


@pytest.fixture(scope="module")
def taggers():
    """spaCy's own components, and the same with the fast encoder (no embedding cache)."""
    fast = _load()
    fast_encoder(fast)
    return _load(), fast


def _outputs(nlp, texts: list[str], batch: int) -> list[tuple[bytes, list[str]]]:
    return [(doc.tensor.tobytes(), [t.tag_ for t in doc]) for doc in nlp.pipe(texts, batch_size=batch)]


@pytest.mark.parametrize("batch", [1, 2, 7])
def test_the_fast_encoder_gives_spacys_output(taggers, batch):
    plain, fast = taggers
    assert _outputs(fast, TEXTS, batch) == _outputs(plain, TEXTS, batch)


def test_the_tagger_encodes_through_the_fast_encoder():
    assert load_tagger().get_pipe("tok2vec").model.layers[1].name == "fast_encoder"
    assert load_tagger(full=True).get_pipe("tok2vec").model.layers[1].name != "fast_encoder"
