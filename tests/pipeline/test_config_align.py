"""options.align in the config: the alignment method, validated at load."""

from pathlib import Path

import pytest
import yaml

from alignment.settings import AlignSettings
from pipeline.config import ConfigError, load_config
from tests.helpers import DEMO_CONFIG


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
