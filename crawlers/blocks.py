"""An element's text cut into paragraphs at block elements and <br>: how the EPUB reader reads a chapter
document, and the web crawl each element a site's ``body`` selector picks (an ElementTree or lxml tree)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

BLOCKS = frozenset({"p", "li", "blockquote", "pre"})
# Elements that end a paragraph: text outside every ``BLOCKS`` element is cut at these (and at <br>).
BREAKS = BLOCKS | frozenset(
    "body div section article main header footer nav address figure figcaption table caption thead "
    "tbody tfoot tr td th ul ol dl dt dd hr center details summary hgroup".split()
)
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
NOT_TEXT = frozenset({"script", "style", "svg", "math"})


def local_name(tag: str) -> str:
    """An element's tag without its namespace."""
    return tag.rsplit("}", 1)[-1]


def cut(
    root: Any,
    join: Callable[[list[str]], str],
    breaks: frozenset[str],
    kept: frozenset[str] = frozenset(),
    skipped: frozenset[str] = NOT_TEXT,
) -> list[tuple[bool, str]]:
    """The text of ``root`` cut at the elements named in ``breaks`` and at <br>, but for a <br> inside a
    ``kept`` element (a line break in a paragraph, which ``join`` gets as "\\n"): (whether the piece is
    inside a ``kept`` element, its text parts made one by ``join``) in document order, pieces that ``join``
    makes empty left out. The text of ``skipped`` elements (and of comments) is not read. Walked without
    recursion: a document may nest a million elements."""
    found: list[tuple[bool, str]] = []
    run: list[str] = []
    inside = 0  # kept elements open: a <br> inside one does not cut it

    def flush() -> None:
        if text := join(run):
            found.append((inside > 0, text))
        run.clear()

    stack: list[tuple[Any, bool]] = [(root, True)]
    while stack:
        item, opening = stack.pop()
        if isinstance(item, str):
            run.append(item)
            continue
        name = local_name(item.tag) if isinstance(item.tag, str) else ""  # a comment's tag is no name
        walked = bool(name) and name not in skipped
        if opening:
            if name in breaks or (name == "br" and not inside):
                flush()
            elif name == "br":
                run.append("\n")
            stack.append((item, False))
            if walked:
                inside += name in kept
                stack.extend((child, True) for child in reversed(item))
                if item.text:
                    stack.append((item.text, True))
            continue
        if name in breaks:
            flush()
        if walked:
            inside -= name in kept
        if item.tail and item is not root:
            stack.append((item.tail, True))
    flush()
    return found
