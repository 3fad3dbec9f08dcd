"""Document-level plain text: ``{split}.doc.zh`` / ``{split}.doc.en``, one chapter per line.

A line is the chapter's beads joined by ``separator`` (default ``" <sep> "``: one visible token
that is not a reserved symbol of fairseq or Marian, unlike ``</s>``; declare ``<sep>`` as a
user-defined symbol when training SentencePiece). One-sided beads are merged into a neighbour
(``exports.text.merge_empty_sides``), so both lines of a chapter have the same number of segments
and segment i of one translates segment i of the other. ``{split}.doc.ids`` holds the chapter ids.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from exports.corpus import Doc
from exports.files import LineFiles, staged_dir
from exports.text import merge_empty_sides

SEPARATOR = " <sep> "


def export_doc(docs: Iterable[Doc], folder: Path, separator: str = SEPARATOR) -> dict[str, Any]:
    with staged_dir(folder) as tmp, LineFiles(tmp) as out:
        for doc in docs:
            lines = merge_empty_sides(doc.beads)
            if lines:
                out.write(f"{doc.split}.doc.zh", separator.join(zh for zh, _ in lines))
                out.write(f"{doc.split}.doc.en", separator.join(en for _, en in lines))
                out.write(f"{doc.split}.doc.ids", doc.chapter["chapter_id"])
    return {
        "chapters": {n.removesuffix(".doc.zh"): c for n, c in out.lines.items() if n.endswith(".zh")},
        "separator": separator,
    }
