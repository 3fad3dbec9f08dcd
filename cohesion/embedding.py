"""The tagger's word embeddings, each worked out once per distinct token and then looked up.

The model's ``tok2vec`` first embeds every token on its own, from six of its features (NORM, PREFIX,
SUFFIX, SHAPE, SPACY, IS_SPACE): hashed embedding tables, a maxout layer and a layer norm, a third of
the tagger's time; only then do its convolutions mix neighbours. Novel text repeats its words, so
:func:`cache_embeddings` replaces that first step with one that embeds only the feature rows not seen
before, with the model's own layers, and keeps each row's vector. Every step is row by row and the
matrix product gives a row the same floats whatever rows it is multiplied with (numpy's OpenBLAS), as
long as there are enough of them (:data:`MIN_ROWS`), so the tags, and the whole ``tok2vec`` output, are
byte-identical to spaCy's in batches of that many tokens or more (checked on mac-dev, webfiction-dev
and the benches' generated text). Training, which the miner never does, runs the model's own layer.
"""

from __future__ import annotations

from itertools import accumulate, pairwise

import numpy as np
from spacy.language import Language
from spacy.tokens import Doc
from thinc.api import Model

MAX_ROWS = 50_000  # distinct feature rows kept (with their index, under 40 MB) before the cache starts afresh
# The fewest rows embedded at once: OpenBLAS multiplies a few rows by other kernels (numpy multiplies
# one by gemv), whose floats differ from the batch's in the last bit; so do fewer new rows with others.
MIN_ROWS = 16


class Embeddings:
    """Vectors by feature row (a row's bytes), in one growing array."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.index: dict[bytes, int] = {}
        self.vectors = np.zeros((0, 0), dtype="float32")

    def add(self, keys: list[bytes], vectors: np.ndarray) -> None:
        """Keep ``vectors`` (one row per key) under ``keys``, none of them kept yet."""
        start = len(self.index)
        if start + len(keys) > len(self.vectors):
            grown = np.zeros((max(2 * len(self.vectors), start + len(keys)), vectors.shape[1]), "float32")
            if start:
                grown[:start] = self.vectors[:start]
            self.vectors = grown
        self.vectors[start : start + len(keys)] = vectors
        self.index.update(zip(keys, range(start, start + len(keys))))


def cache_embeddings(nlp: Language, cache: Embeddings) -> None:
    """Make ``nlp``'s ``tok2vec`` embed through ``cache``."""
    tok2vec = nlp.get_pipe("tok2vec").model
    embed = tok2vec.layers[0]  # extract_features >> list2ragged >> hash tables >> maxout ... >> ragged2list

    def forward(model: Model, docs: list[Doc], is_train: bool) -> tuple[list[np.ndarray], object]:
        if is_train:
            return embed(docs, is_train)
        extract, _, tables, mix, _ = embed.layers
        features = extract.predict(docs)
        rows = (
            np.concatenate(features) if features else np.zeros((0, len(extract.attrs["columns"])), "uint64")
        )
        keys = rows.view(np.dtype((np.void, rows.shape[1] * rows.itemsize))).ravel().tolist()
        new = _unseen(keys, cache.index)
        if len(cache.index) + len(new) > MAX_ROWS:
            cache.clear()
            new = _unseen(keys, cache.index)
        if new:
            picked = list(new.values())
            picked += picked[:1] * (MIN_ROWS - len(picked))
            cache.add(list(new), mix.predict(tables.predict(rows[picked]))[: len(new)])
        index = cache.index
        vectors = cache.vectors[[index[key] for key in keys]]
        ends = accumulate((len(f) for f in features), initial=0)
        return [vectors[start:end] for start, end in pairwise(ends)], no_backprop

    tok2vec.layers[0] = Model("cached_embed", forward, layers=[embed])


def _unseen(keys: list[bytes], index: dict[bytes, int]) -> dict[bytes, int]:
    """The keys not in ``index``, each with its first position in ``keys``."""
    new: dict[bytes, int] = {}
    for n, key in enumerate(keys):
        if key not in index and key not in new:
            new[key] = n
    return new


def no_backprop(_: object) -> None:
    raise NotImplementedError("the tagger's own layers only predict here")
