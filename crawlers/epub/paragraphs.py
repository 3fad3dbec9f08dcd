"""The paragraphs of an XHTML body: its paragraph elements, else its text cut at block elements."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from crawlers.blocks import BLOCKS, BREAKS, HEADINGS, NOT_TEXT, cut
from crawlers.epub.markup import SPACE

# a line break between two CJK characters (or full-width punctuation) joins them without a space
_CJK_LINE_BREAK = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef])\n(?=[\u3000-\u9fff\uff00-\uffef])")


def _joined(run: list[str]) -> str:
    return SPACE.sub(" ", _CJK_LINE_BREAK.sub("", "".join(run))).strip()


def paragraphs(body: ET.Element) -> list[str]:
    """The paragraphs of ``body``: the text of each paragraph element (``crawlers.blocks.BLOCKS``; once,
    where they nest, as a <p> in a <blockquote>); in a document with none, its text cut at block elements
    and <br> (chapters written in <div>s, or straight in the body). Headings, scripts, styles, SVG and
    MathML are not text."""
    found = cut(body, _joined, BREAKS, kept=BLOCKS, skipped=NOT_TEXT | HEADINGS)
    in_blocks = [text for blocked, text in found if blocked]
    return in_blocks or [text for _, text in found]
