"""Terminal escape sequences (ECMA-48) in text saved from a terminal: colours ("ESC[31m" ... "ESC[0m"),
cursor moves, a window title, a character set."""

from __future__ import annotations

import re

# ESC [ parameters, intermediates and a final byte (CSI: "ESC[1;31m"); ESC ] text ended by BEL or ESC \
# (OSC: a window title); ESC, intermediates and a final byte (a character set: "ESC(B"). Within a line.
# An ESC that begins none of them is a control character alone: the letter after a stray one ("ESC c"
# is also a terminal's reset) is text.
ESCAPE_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)|[ -/]+[0-~])")


def without_escape_sequences(text: str) -> tuple[str, int]:
    """``text`` less its terminal escape sequences, each removed whole, and the characters they held."""
    if "\x1b" not in text:
        return text, 0
    kept = ESCAPE_SEQUENCE.sub("", text)
    return kept, len(text) - len(kept)
