"""The align stage's settings (``options.align`` in the config, validated by ``pipeline.config``)."""

from __future__ import annotations

from dataclasses import dataclass

METHODS = ("default", "hybrid", "bleualign", "galechurch")  # alignment.methods.align_chapters


@dataclass(frozen=True)
class AlignSettings:
    method: str = "default"  # one of METHODS
    translations: str = ""  # bleualign: a folder of {chapter_id}.txt machine translations of the zh sentences
