"""The align stage's settings (``options.align`` in the config, validated by ``pipeline.config``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from alignment.hybrid import HybridWeights
from alignment.search import SearchParams


@dataclass(frozen=True)
class AlignSettings:
    method: str = "default"  # an aligner registered in alignment.methods (ALIGNERS)
    translations: str = ""  # bleualign: a folder of {chapter_id}.txt machine translations of the zh sentences
    # the search's weights; None: the fitted ones (SearchParams(), for every method that searches)
    search: SearchParams | None = field(default=None, metadata={"settings": SearchParams})
    hybrid: HybridWeights = HybridWeights()  # the hybrid method's embedding term
