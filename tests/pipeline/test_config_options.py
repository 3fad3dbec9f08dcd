"""The config's ``options:``: each stage's settings, typed and checked at load, and the align method."""

import math
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest
import yaml

from alignment.hybrid import HybridWeights
from alignment.search import SearchParams
from alignment.settings import AlignSettings
from exports.splits import SplitConfig
from filters.chapter_filters import FilterConfig
from filters.chapter_match import MatchConfig
from filters.clean import MojibakeConfig
from filters.dedup import DedupConfig
from filters.settings import CleanSettings
from pipeline.config import load_config
from pipeline.config_reader import ConfigError
from pipeline.settings import Settings, changed
from tests.helpers import DEMO_CONFIG
from tests.pipeline.edited_config import edited_demo_config


def _config(tmp_path: Path, align) -> Path:
    raw = yaml.safe_load(DEMO_CONFIG.read_text(encoding="utf-8"))
    for site in raw["sites"].values():
        site["serve"] = str((DEMO_CONFIG.parent / site["serve"]).resolve())
    raw["options"] = {"align": align}
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def test_method_and_translations_folder_relative_to_the_config(tmp_path):
    for book in ("city-star", "sword-sect", "star-system"):
        (tmp_path / "mt" / book).mkdir(parents=True)
    config = load_config(_config(tmp_path, {"method": "bleualign", "translations": "mt"}))
    assert config.settings.align == AlignSettings(method="bleualign", translations=str(tmp_path / "mt"))
    assert load_config(_config(tmp_path, {})).settings.align == AlignSettings()


@pytest.mark.parametrize(
    "align, message",
    [
        (
            {"method": "vecalign"},
            "options.align.method: must be one of default, hybrid, bleualign, galechurch",
        ),
        ({"method": "bleualign"}, "options.align.translations: required for method bleualign"),
        ({"method": "bleualign", "translations": "nowhere"}, "options.align.translations: folder"),
        ({"method": "bleualign", "translations": "."}, "options.align.translations: no folder city-star/ in"),
        (
            {"method": "galechurch", "translations": "."},
            "options.align.translations: only used by method bleualign",
        ),
        ({"speed": "fast"}, "options.align.speed: unknown key"),
        ("hybrid", "options.align: expected a mapping"),
    ],
)
def test_bad_align_options_name_file_and_field(tmp_path, align, message):
    path = _config(tmp_path, align)
    with pytest.raises(ConfigError, match=f"^{path}: {message}".replace("(", r"\(").replace(")", r"\)")):
        load_config(path)


def test_options_of_every_known_section_load_as_typed_settings(tmp_path):
    options = {
        "clean": {"mojibake": {"min_wrong_codec_hits": 3}},
        "dedup": {"threshold": 0.9, "num_perm": 64},
        "pair": {"band": 4, "check_length": 0.5},
        "filters": {"min_sentences": 3, "max_length_ratio": 2, "length_unit": "chars"},
        "align": {"search": {"band": 40, "skip_zh": -0.5}, "hybrid": {"weight": 0.5}},
        "split": {"held_out_books": 2, "leak_sides": ["zh"]},
    }
    stages = load_config(edited_demo_config(tmp_path, lambda r: r.update(options=options))).settings
    assert stages == Settings(
        clean=CleanSettings(MojibakeConfig(min_wrong_codec_hits=3)),
        dedup=DedupConfig(threshold=0.9, num_perm=64),
        pair=MatchConfig(band=4, check_length=0.5),
        filters=FilterConfig(min_sentences=3, max_length_ratio=2.0, length_unit="chars"),
        align=AlignSettings(search=SearchParams(band=40, skip_zh=-0.5), hybrid=HybridWeights(weight=0.5)),
        split=SplitConfig(held_out_books=2, leak_sides=("zh",)),
    )
    assert isinstance(stages.filters.max_length_ratio, float)
    assert changed(stages.filters) == {"min_sentences": 3, "max_length_ratio": 2.0, "length_unit": "chars"}
    assert changed(stages.split) == {"held_out_books": 2, "leak_sides": ["zh"]}
    assert (
        changed(
            load_config(
                edited_demo_config(tmp_path, lambda r: r.update(options={"dedup": {"seed": 1}}))
            ).settings
        )
        == {}
    )


@pytest.mark.parametrize(
    "options, message",
    [
        ({"dedup": {"threshold": 0}}, "options.dedup.threshold: expected a number from 0.01 to 1, got 0"),
        ({"dedup": {"threshold": 1.5}}, "options.dedup.threshold: expected a number from 0.01 to 1, got 1.5"),
        ({"dedup": {"num_perm": 0}}, "options.dedup.num_perm: expected a number from 1 to 1024, got 0"),
        ({"dedup": {"ngram": 2.5}}, "options.dedup.ngram: expected a whole number, got 2.5"),
        ({"pair": {"band": -1}}, "options.pair.band: expected a number from 0 to 1000000, got -1"),
        # a count had no upper bound: 10**23 sentences rejected every chapter as too short
        (
            {"filters": {"min_sentences": 10**23}},
            "options.filters.min_sentences: expected a number from 0 to 1000000, got 100000000000000000000000",
        ),
        (
            {"split": {"valid_chapters": 10**6 + 1}},
            "options.split.valid_chapters: expected a number from 0 to 1000000, got 1000001",
        ),
        (
            {"align": {"search": {"near": 10**9}}},
            "options.align.search.near: expected a number from 1 to 1000000, got 1000000000",
        ),
        (
            {"dedup": {"seed": 2**32}},
            "options.dedup.seed: expected a number from 0 to 4294967295, got 4294967296",
        ),
        ({"split": {"seed": -1}}, "options.split.seed: expected a number from 0 to 4294967295, got -1"),
        (
            {"pair": {"treshold": 0.1}},
            "options.pair.treshold: unknown key (allowed: band, check, check_length, "
            "margin, merge_penalty, number_bonus, threshold); did you mean 'threshold'?",
        ),
        (
            {"clean": {"mojibake": {"max_replacement_ratio": "low"}}},
            "options.clean.mojibake.max_replacement_ratio: expected a number >= 0, got 'low'",
        ),
        ({"clean": {"mojibake": 3}}, "options.clean.mojibake: expected a mapping, got int"),
        (
            {"clean": {"mojibake": {"min_wrong_codec_hits": 0}}},
            "options.clean.mojibake.min_wrong_codec_hits: expected a number from 1 to 1000000, got 0",
        ),
        (  # every chapter pair was rejected (length_ratio) and the corpus exported empty
            {"filters": {"max_length_ratio": 0.5}},
            "options.filters.max_length_ratio: expected a number >= 1, got 0.5",
        ),
        (
            {"align": {"search": {"skip_en": 0.5}}},
            "options.align.search.skip_en: expected a number from -10 to 0, got 0.5",
        ),
        (
            {"align": {"search": {"max_size": 1}}},
            "options.align.search.max_size: expected a number from 2 to 12, got 1",
        ),
        (
            {"align": {"hybrid": {"weight": True}}},
            "options.align.hybrid.weight: expected a number from 0 to 10, got True",
        ),
        # a weight near 1e308 overflowed the search's sums to inf and NaN: numpy warnings, beads at random
        (
            {"align": {"search": {"marks": 1e308}}},
            "options.align.search.marks: expected a number from 0 to 10, got 1e+308",
        ),
        (
            {"align": {"search": {"para_bonus": 11}}},
            "options.align.search.para_bonus: expected a number from 0 to 10, got 11",
        ),
        (
            {"align": {"hybrid": {"weight": 1e300}}},
            "options.align.hybrid.weight: expected a number from 0 to 10, got 1e+300",
        ),
        (
            {"align": {"hybrid": {"border": 1e300}}},
            "options.align.hybrid.border: expected a number from 0 to 10, got 1e+300",
        ),
        # added to or taken from similarity scores in [0, 1]: 1e308 rejected every pair or paired every
        # chapter by its number alone
        *[
            ({"pair": {field: 1e308}}, f"options.pair.{field}: expected a number from 0 to 1, got 1e+308")
            for field in ("threshold", "number_bonus", "merge_penalty", "check")
        ],
    ],
)
def test_bad_stage_settings_name_file_field_and_problem(tmp_path, options, message):
    path = edited_demo_config(tmp_path, lambda r: r.update(options=options))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: {message}"


def _float_fields(kind: type, where: str) -> list[str]:
    """The dotted name of every float setting under ``kind``, nested settings followed."""
    found = []
    for known in fields(kind):
        nested = known.metadata.get("settings") or (
            type(known.default) if is_dataclass(known.default) else None
        )
        if nested is not None:
            found += _float_fields(nested, f"{where}.{known.name}")
        elif isinstance(known.default, float):
            found.append(f"{where}.{known.name}")
    return found


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
@pytest.mark.parametrize("field", _float_fields(Settings, "options"))
def test_no_float_setting_takes_an_infinity_or_nan(tmp_path, field, value):
    *sections, key = field.split(".")[1:]

    def edit(raw: dict) -> None:
        options = raw["options"] = {}
        for section in sections:
            options = options.setdefault(section, {})
        options[key] = value

    path = edited_demo_config(tmp_path, edit)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value).startswith(f"{path}: {field}: expected a number ")
    assert str(err.value).endswith(f", got {value}")
