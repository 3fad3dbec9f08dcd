"""The tagger's context encoder, the same floats in fewer numpy passes.

After the per-token embeddings, the model's ``tok2vec`` runs four residual window layers over each batch
(its sentences stacked with four zero rows around each): every layer concatenates each row with its two
neighbours, multiplies by one matrix, keeps the largest of each unit's three pieces (maxout) and
normalises each row (layer norm). :func:`fast_encoder` replaces that encoder, for prediction only, by
one that multiplies by the matrix with its rows ordered piece by piece (each output float the same dot
product), so that maxout compares three contiguous blocks where thinc reads the pieces interleaved and
keeps which one won (for training), and whose layer norm is numpy's ``mean`` and ``var`` as thinc calls
them, the mean worked out once.

The output is byte-identical to spaCy's (checked on mac-dev, webfiction-dev and the benches' generated
text, in batches of 256, 37 and 1; ``tests/cohesion/test_encoder.py`` checks it where it runs), as long
as no piece's value is NaN or a zero that ties with a zero of the other sign. Training, which the
miner never does, runs the model's own layers.
"""

from __future__ import annotations

import numpy as np
from spacy.language import Language
from thinc.api import Model, Ops

from cohesion.embedding import no_backprop

PAD = 4  # zero rows around each sentence in a batch (the model's ``with_array`` pad)


def fast_encoder(nlp: Language) -> None:
    """Make ``nlp``'s ``tok2vec`` encode context through :func:`encode` (its own weights, read at each
    call)."""
    tok2vec = nlp.get_pipe("tok2vec").model
    encoder = tok2vec.layers[1]  # with_array(residual(expand_window >> maxout >> layernorm >> dropout) x 4)
    layers = [{node.name: node for node in residual.walk()} for residual in encoder.layers[0].layers]
    assert encoder.attrs["pad"] == PAD, encoder.attrs
    assert all(layer["expand_window"].attrs["window_size"] == 1 for layer in layers)

    def forward(model: Model, Xs: list[np.ndarray], is_train: bool) -> tuple[list[np.ndarray], object]:
        if is_train:
            return encoder(Xs, is_train)
        return encode(Xs, layers, encoder.ops), no_backprop

    tok2vec.layers[1] = Model("fast_encoder", forward, layers=[encoder])


def encode(Xs: list[np.ndarray], layers: list[dict[str, Model]], ops: Ops) -> list[np.ndarray]:
    """The encoder's output for each sentence's token vectors ``Xs``."""
    X = ops.flatten(Xs, pad=PAD)
    for layer in layers:
        Y = _maxout_norm(ops.seq2col(X, 1), layer)
        Y += X  # the residual: thinc's X + Y, the same sums
        X = Y
    return ops.unflatten(X, ops.asarray1i([len(x) for x in Xs]), pad=PAD)


def _maxout_norm(window: np.ndarray, layer: dict[str, Model]) -> np.ndarray:
    """The layer norm of the maxout of ``window``'s rows."""
    maxout, norm = layer["maxout"], layer["layernorm"]
    units, pieces = maxout.get_dim("nO"), maxout.get_dim("nP")
    W, b = maxout.get_param("W"), maxout.get_param("b")  # (units, pieces, inputs), (units, pieces)
    by_piece = np.ascontiguousarray(W.transpose(1, 0, 2).reshape(units * pieces, -1))
    Y = np.dot(window, by_piece.T)
    Y += b.T.reshape(-1)
    best = np.maximum(Y[:, :units], Y[:, units : 2 * units])
    for piece in range(2, pieces):
        np.maximum(best, Y[:, piece * units : (piece + 1) * units], out=best)
    return _normalised(best, norm.get_param("G"), norm.get_param("b"))


def _normalised(X: np.ndarray, scale: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """thinc's layer norm of ``X``'s rows (``X.mean`` and ``X.var`` as numpy works them out: the sums
    divided by the width as an ``intp``, the mean once)."""
    width = np.intp(X.shape[1])
    mean = np.add.reduce(X, axis=1, keepdims=True)
    np.true_divide(mean, width, out=mean, casting="unsafe")
    centred = np.subtract(X, mean)
    var = np.add.reduce(np.square(centred), axis=1, keepdims=True)
    np.true_divide(var, width, out=var, casting="unsafe")
    centred *= (var + 1e-08) ** (-1.0 / 2.0)
    centred *= scale
    centred += shift
    return centred
