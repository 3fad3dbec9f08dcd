"""Every stage's settings in one dataclass (the config's ``options:``), and what a task's fingerprint makes of
them: the values changed from their defaults, and the modules whose defaults it reads."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, is_dataclass
from typing import Any

from alignment.settings import AlignSettings
from exports.splits import SplitConfig
from filters.chapter_filters import FilterConfig
from filters.chapter_match import MatchConfig
from filters.dedup import DedupConfig
from filters.settings import CleanSettings


@dataclass(frozen=True)
class Settings:
    """Every stage's settings: ``options:`` in the config, a section per field, a key per field of its
    dataclass (a field that is itself a settings dataclass is a nested section)."""

    clean: CleanSettings = CleanSettings()
    dedup: DedupConfig = DedupConfig()
    pair: MatchConfig = MatchConfig()
    filters: FilterConfig = FilterConfig()
    align: AlignSettings = AlignSettings()
    split: SplitConfig = SplitConfig()


def section_modules(source: str) -> set[str]:
    """The modules that define the ``Settings`` sections ``source`` reads (``settings.clean``, ...): the values a
    task's fingerprint leaves out as defaults (``changed``) are theirs, so an edited default reruns the task."""
    sections = {known.name: known for known in fields(Settings)}
    return {
        type(sections[name].default).__module__
        for name in re.findall(r"\bsettings\.(\w+)", source)
        if name in sections
    }


def changed(settings: Any) -> dict[str, Any]:
    """The fields of a settings dataclass that differ from their defaults, nested ones as mappings of theirs:
    what a task's fingerprint records, so a setting written out at its default value reruns nothing."""
    found: dict[str, Any] = {}
    for known in fields(settings):
        value = getattr(settings, known.name)
        if value == known.default:
            continue
        found[known.name] = (
            changed(value)
            if is_dataclass(value) and is_dataclass(known.default)
            else (
                asdict(value) if is_dataclass(value) else list(value) if isinstance(value, tuple) else value
            )
        )
    return found
