"""TMX 1.4, ``{split}.tmx``: one ``<tu tuid="{pair_id}">`` per two-sided bead, zh then en.

Beads with an empty side are skipped (counted). Characters XML 1.0 cannot hold are dropped.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from exports.corpus import Doc
from exports.files import LineFiles, staged_dir

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _tool_version() -> str:
    try:
        return version("bwb-pipeline")
    except PackageNotFoundError:
        return "0"


def _header() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n'
        '<tmx version="1.4">\n'
        f'  <header creationtool="bwb-pipeline" creationtoolversion={quoteattr(_tool_version())} '
        'datatype="plaintext" segtype="sentence" adminlang="en" srclang="zh" o-tmf="parquet"/>\n'
        "  <body>\n"
    )


def _seg(text: str) -> str:
    return escape(_NOT_XML.sub("", text))


def translation_unit(bead: dict[str, Any]) -> str:
    props = f'<prop type="x-bead_type">{_seg(bead["bead_type"] or "")}</prop>'
    if bead["score"] is not None:
        props += f'<prop type="x-score">{bead["score"]:.4f}</prop>'
    return (
        f"    <tu tuid={quoteattr(_NOT_XML.sub('', bead['pair_id']))}>{props}"
        f'<tuv xml:lang="zh"><seg>{_seg(bead["zh"])}</seg></tuv>'
        f'<tuv xml:lang="en"><seg>{_seg(bead["en"])}</seg></tuv></tu>'
    )


def export_tmx(docs: Iterable[Doc], folder: Path) -> dict[str, Any]:
    skipped: Counter[str] = Counter()
    with staged_dir(folder) as tmp, LineFiles(tmp, header=_header(), footer="  </body>\n</tmx>\n") as out:
        for doc in docs:
            for bead in doc.beads:
                if (bead["zh"] or "").strip() and (bead["en"] or "").strip():
                    out.write(f"{doc.split}.tmx", translation_unit(bead))
                else:
                    skipped[doc.split] += 1
    return {
        "units": {n.removesuffix(".tmx"): c for n, c in out.lines.items()},
        "skipped_one_sided": dict(skipped),
    }
