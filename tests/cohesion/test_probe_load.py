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
