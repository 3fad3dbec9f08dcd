"""The outermost of the elements a selection picks: the text of one holds that of those nested in it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


def outermost(root: Any, wanted: Callable[[Any], bool]) -> Iterator[Any]:
    """The elements under ``root`` (itself included) that ``wanted`` picks, in document order, but none
    inside another (an ElementTree or lxml tree). Asking each nested one for its text instead (elements
    nested thousands deep, which no valid document has) reads the subtree once per level."""
    stack = [root]
    while stack:
        element = stack.pop()
        if wanted(element):
            yield element
        else:
            stack.extend(reversed(element))
