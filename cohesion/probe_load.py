"""Load a probe model offline: a local directory, or a hub name already in the local cache."""

from __future__ import annotations

from pathlib import Path

from cohesion.probe import BartProbe, MaskedLMProbe

ENCODER_DECODERS = ("bart", "mbart")


class LoadError(Exception):
    """A one-line reason why a model cannot be used."""


def load_probe(name: str, device: str = "cpu") -> MaskedLMProbe | BartProbe:
    """``BartForConditionalGeneration`` for BART models, ``AutoModelForMaskedLM`` for the rest."""
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
    try:
        config = AutoConfig.from_pretrained(name, local_files_only=True)
        tokenizer = AutoTokenizer.from_pretrained(name, local_files_only=True)
        bart = config.model_type in ENCODER_DECODERS
        model_class = BartForConditionalGeneration if bart else AutoModelForMaskedLM
        model = model_class.from_pretrained(name, local_files_only=True)
    except (OSError, ValueError, KeyError) as err:
        reason = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise LoadError(
            f"model {name!r} cannot be loaded offline ({reason[:160]}); download it once and pass its "
            f"directory, e.g. --model models/{name.rstrip('/').split('/')[-1]} (see README, cohesion probe)"
        ) from None
    if not tokenizer.is_fast:
        raise LoadError(f"model {name!r}: the probe needs a fast tokenizer (tokenizer.json) for offsets")
    return (BartProbe if bart else MaskedLMProbe)(model, tokenizer, device)


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
