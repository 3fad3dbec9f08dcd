"""Load a probe model offline: a local directory, or a hub name already in the local cache."""

from __future__ import annotations

import pickle
from pathlib import Path

from cohesion.probe import BartProbe, MaskedLMProbe

ENCODER_DECODERS = ("bart", "mbart")


class LoadError(Exception):
    """A one-line reason why a model cannot be used."""


def load_probe(name: str, device: str = "cpu") -> MaskedLMProbe | BartProbe:
    """``BartForConditionalGeneration`` for BART models, ``AutoModelForMaskedLM`` for the rest. A checkpoint
    lacking weights the model needs (a base model's, without its masked-LM head) is refused: transformers
    fills them at random, and the probe scored that head's guesses as the model's."""
    try:
        import torch
        from transformers import AutoConfig, AutoModelForMaskedLM, AutoTokenizer, BartForConditionalGeneration
    except ImportError as err:  # the probe extra is not installed
        raise LoadError(
            f"model {name!r}: the probe needs torch and transformers ({err.name or err} is missing): "
            "pip install -e '.[probe]'"
        ) from None

    if device == "cuda" and not torch.cuda.is_available():
        raise LoadError("--device cuda: no CUDA GPU is visible to torch")
    if problem := _path_problem(name):
        raise LoadError(f"model {name!r}: {problem}")
    from huggingface_hub.errors import StrictDataclassError
    from safetensors import SafetensorError

    try:
        config = AutoConfig.from_pretrained(name, local_files_only=True)
        tokenizer = AutoTokenizer.from_pretrained(name, local_files_only=True)
        bart = config.model_type in ENCODER_DECODERS
        model_class = BartForConditionalGeneration if bart else AutoModelForMaskedLM
        model, loading = model_class.from_pretrained(name, local_files_only=True, output_loading_info=True)
    except (OSError, ValueError, KeyError) as err:
        raise LoadError(
            f"model {name!r} cannot be loaded offline ({_reason(err)}); download it once and pass its "
            f"directory, e.g. --model models/{name.rstrip('/').split('/')[-1]} (see README, cohesion probe)"
        ) from None
    except (
        SafetensorError,  # weights cut short or overwritten
        pickle.UnpicklingError,  # a pytorch_model.bin that is no checkpoint
        StrictDataclassError,  # a config.json value of another type ("hidden_size": "big")
        RuntimeError,  # ... or out of range (a negative size)
        TypeError,
        AttributeError,  # a tokenizer file of another shape (special_tokens_map.json a list)
    ) as err:  # each ended the probe in a traceback
        raise LoadError(
            f"model {name!r}: its files cannot be read ({_reason(err)}): damaged or not a model's; "
            "download it again"
        ) from None
    if missing := sorted(loading["missing_keys"]):
        raise LoadError(
            f"model {name!r}: its checkpoint lacks {len(missing)} of the weights a "
            f"{type(model).__name__} needs ({missing[0]}, ...), which would be random: a model without "
            "its masked-LM head? (the probe needs one trained to fill in masked words)"
        )
    if not tokenizer.is_fast:
        raise LoadError(f"model {name!r}: the probe needs a fast tokenizer (tokenizer.json) for offsets")
    return (BartProbe if bart else MaskedLMProbe)(model, tokenizer, device)


def _reason(err: Exception) -> str:
    """The first line of ``err``, at most 160 characters (its type where it says nothing)."""
    text = str(err).strip()
    return (text.splitlines()[0] if text else type(err).__name__)[:160]


def _path_problem(name: str) -> str:
    """What is wrong with ``name`` as a model folder, when it can only be a path (absolute, relative to
    "." or "~", or of more parts than a hub name's "org/model") and is not a folder; "" otherwise."""
    path = Path(name).expanduser()
    if path.is_dir():
        return ""
    if path.exists():
        return "not a folder (a model is a folder with config.json and the weights)"
    if name.startswith(("/", "./", "../", "~")) or name.count("/") > 1:
        return "no such folder"
    return ""
