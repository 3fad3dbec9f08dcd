"""A model folder whose files are damaged is one line (LoadError), never a traceback."""

from __future__ import annotations

import pytest

pytest.importorskip("transformers")

from cohesion.probe_load import LoadError, load_probe  # noqa: E402
from tests.cohesion.tiny_models import tiny_bert, wordpiece  # noqa: E402


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    path = tmp_path_factory.mktemp("models") / "good"
    tokenizer = wordpiece()
    tiny_bert(tokenizer).save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


@pytest.mark.parametrize(
    "name, data, reason",
    [  # each ended the probe in a traceback (SafetensorError, StrictDataclassFieldValidationError, ...)
        ("model.safetensors", b"garbage", "Error while deserializing header: header too small"),
        ("config.json", b'{"model_type": "bert", "hidden_size": "big"}', "Validation error for field 'hidden_size':"),
        ("config.json", b'{"model_type": "bert", "hidden_size": -4, "num_attention_heads": 2}', "Trying to create tensor with negative dimension -4: [30522, -4]"),
        ("special_tokens_map.json", b"[1, 2]", "'list' object has no attribute 'items'"),
    ],
)  # fmt: skip
def test_a_model_whose_files_are_damaged_is_one_line(good, tmp_path, name, data, reason):
    import shutil

    model = tmp_path / "model"
    shutil.copytree(good, model)
    (model / name).write_bytes(data)
    with pytest.raises(LoadError) as err:
        load_probe(str(model))
    assert str(err.value) == (
        f"model {str(model)!r}: its files cannot be read ({reason}): damaged or not a model's; download it again"
    )


def test_a_checkpoint_without_the_masked_lm_head_is_refused_not_scored_at_random(good, tmp_path):
    """A base model's checkpoint (no masked-LM head) loaded with the head filled at random: the probe
    ran and wrote its scores, exit 0."""
    from transformers import BertModel

    model = tmp_path / "base"
    BertModel.from_pretrained(good).save_pretrained(model)
    for tokenizer_file in sorted(good.glob("*.json")):
        if tokenizer_file.name != "config.json":
            (model / tokenizer_file.name).write_bytes(tokenizer_file.read_bytes())
    with pytest.raises(LoadError) as err:
        load_probe(str(model))
    assert str(err.value) == (
        f"model {str(model)!r}: its checkpoint lacks 6 of the weights a BertForMaskedLM needs "
        "(cls.predictions.bias, ...), which would be random: a model without its masked-LM head? (the probe "
        "needs one trained to fill in masked words)"
    )


def test_a_whole_masked_lm_loads(good):
    assert type(load_probe(str(good))).__name__ == "MaskedLMProbe"
