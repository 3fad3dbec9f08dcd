"""Sentence-level plain text for fairseq / Marian / OpenNMT.

``{split}.zh`` and ``{split}.en``: line i of one translates line i of the other, one bead per line;
``{split}.ids`` holds the bead's ``pair_id``. Beads with an empty side are skipped, and so are exact
repeats of a pair already written in the same split (normalised as in ``filters.dedup``: "“嗯。” /
"Mm."" lines recur in every novel); both are counted. Line breaks inside a text become spaces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from exports.corpus import Doc
from filters.dedup import PairDedup
from exports.files import LineFiles, staged_dir
from exports.text import one_line


def export_text(docs: Iterable[Doc], folder: Path) -> dict[str, Any]:
    skipped: Counter[str] = Counter()
    repeated: Counter[str] = Counter()
    seen: dict[str, PairDedup] = {}
    with staged_dir(folder) as tmp, LineFiles(tmp) as out:
        for doc in docs:
            for bead in doc.beads:
                zh, en = one_line(bead["zh"]), one_line(bead["en"])
                if not (zh and en):
                    skipped[doc.split] += 1
                    continue
                if seen.setdefault(doc.split, PairDedup()).is_duplicate(zh, en):
                    repeated[doc.split] += 1
                    continue
                out.write(f"{doc.split}.zh", zh)
                out.write(f"{doc.split}.en", en)
                out.write(f"{doc.split}.ids", bead["pair_id"])
    return {
        "lines": {n.removesuffix(".zh"): c for n, c in out.lines.items() if n.endswith(".zh")},
        "skipped_one_sided": dict(skipped),
        "skipped_repeated": dict(repeated),
    }
