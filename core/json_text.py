"""JSON as text files hold it: a string with a lone surrogate escape ("\\ud800", valid JSON) is refused
when read, since no UTF-8 file, Parquet table or spaCy string can hold it (it would fail later, far from
its file)."""

from __future__ import annotations

import json
import re
from typing import Any

# what a lone surrogate can come from: a \uD800-\uDFFF escape, or such a character in the text itself
_MAY_HOLD_ONE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


class LoneSurrogate(ValueError):
    """A JSON string holds a lone surrogate."""


def loads(text: str) -> Any:
    """``json.loads``; LoneSurrogate (a ValueError, as for malformed JSON) for a string that holds a lone
    surrogate."""
    value = json.loads(text)
    if not _MAY_HOLD_ONE.search(text):  # the common case: no second pass over the value
        return value
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as err:
        raise LoneSurrogate(
            f"a string holds a lone surrogate (\\u{ord(err.object[err.start]):04x}), which is no character"
        ) from None
    return value
