"""The paragraphs of an XHTML body: its paragraph elements, else its text cut at block elements."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from crawlers.epub.markup import SPACE, local_name

_BLOCKS = {"p", "li", "blockquote", "pre"}
# Elements that end a paragraph: text outside every ``_BLOCKS`` element is cut at these (and at <br>).
_BREAKS = _BLOCKS | set(
    "body div section article main header footer nav address figure figcaption table caption thead "
    "tbody tfoot tr td th ul ol dl dt dd hr center details summary hgroup".split()
)
_NOT_TEXT = {"script", "style", "svg", "math", "h1", "h2", "h3", "h4", "h5", "h6"}
# a line break between two CJK characters (or full-width punctuation) joins them without a space
_CJK_LINE_BREAK = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef])\n(?=[\u3000-\u9fff\uff00-\uffef])")


def paragraphs(body: ET.Element) -> list[str]:
    """The paragraphs of ``body``: the text of each ``_BLOCKS`` element (once, where they nest, as a <p>
    in a <blockquote>); in a document with none, its text cut at block elements and <br> (chapters
    written in <div>s, or straight in the body). Headings, scripts, styles, SVG and MathML are not text.
    Walked without recursion: a document may nest a million elements."""
    found: list[tuple[bool, str]] = []  # (inside a _BLOCKS element, text)
    run: list[str] = []
    inside = 0  # _BLOCKS elements open: a <br> inside one does not cut it

    def flush() -> None:
        text = SPACE.sub(" ", _CJK_LINE_BREAK.sub("", "".join(run))).strip()
        if text:
            found.append((inside > 0, text))
        run.clear()

    stack: list[tuple[ET.Element | str, bool]] = [(body, True)]
    while stack:
        item, opening = stack.pop()
        if isinstance(item, str):
            run.append(item)
            continue
        name = local_name(item.tag) if isinstance(item.tag, str) else ""
        walked = bool(name) and name not in _NOT_TEXT
        if opening:
            if name in _BREAKS or (name == "br" and not inside):
                flush()
            elif name == "br":
                run.append("\n")  # a line break inside a paragraph: a space between words (``_joined``)
            stack.append((item, False))
            if walked:
                inside += name in _BLOCKS
                stack.extend((child, True) for child in reversed(item))
                if item.text:
                    stack.append((item.text, True))
            continue
        if name in _BREAKS:
            flush()
        if walked:
            inside -= name in _BLOCKS
        if item.tail and item is not body:
            stack.append((item.tail, True))
    flush()
    in_blocks = [text for blocked, text in found if blocked]
    return in_blocks or [text for _, text in found]
