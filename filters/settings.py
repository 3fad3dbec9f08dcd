"""The clean stage's settings (``options.clean`` in the config); the other filter stages' settings live
beside their code: ``filters.dedup.DedupConfig`` (``options.dedup``), ``filters.chapter_match.MatchConfig``
(``options.pair``) and ``filters.chapter_filters.FilterConfig`` (``options.filters``)."""

from __future__ import annotations

from dataclasses import dataclass

from filters.clean import MojibakeConfig


@dataclass(frozen=True)
class CleanSettings:
    mojibake: MojibakeConfig = MojibakeConfig()  # when a chapter is rejected as wrongly decoded
