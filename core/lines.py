"""Line-per-item text files: lines end at "\n" (or "\r\n") only, or, in a hand-made file read as Python's
text files are, at a carriage return alone too (``split_text_lines``).

``str.splitlines`` also breaks at a form feed, U+2028, U+0085 and more, so a system output holding
one of them inside a line would count as two lines and shift every line after it.
"""

from __future__ import annotations


def split_lines(text: str) -> list[str]:
    """The lines of ``text``: split at "\\n" (a "\\r" before it dropped); no empty line after a final "\\n"."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def split_text_lines(text: str) -> list[str]:
    """The lines of ``text`` ended by "\\n", "\\r\\n" or a "\\r" alone (classic Mac line ends, which a word
    list saved so read as one entry of all its words), as Python's text files read them."""
    return split_lines(text.replace("\r\n", "\n").replace("\r", "\n"))
