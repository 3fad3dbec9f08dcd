"""The word lists in ``cohesion/data/``, loaded once (each file documents its source); a hand-edit mistake
in one is a one-line ``core.data_files.DataFileError`` naming the file and line."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from core.data_files import no_conflicts, one_of, rows

DATA = Path(__file__).resolve().parent / "data"
GENDERS = ("m", "f")


@cache
def words(name: str) -> frozenset[str]:
    """A one-entry-per-line list, e.g. ``words("generic_nouns.txt")``, in lower case: the rules match
    lower-cased words, so an entry written "Sir" by hand never matched."""
    return frozenset(word.lower() for _, (word,) in rows(DATA / name))


@cache
def genders() -> dict[tuple[str, str], str]:
    """``(word, kind) -> "m" | "f"`` for gendered nouns (kind "noun") and honorifics (kind "title"), the
    words in lower case, as ``words``'."""
    path = DATA / "gendered_nouns.tsv"
    found = [(line, (word.lower(), gender, kind)) for line, (word, gender, kind) in rows(path, 3)]
    for line, (_, gender, kind) in found:
        one_of(path, line, "gender", gender, GENDERS)
        one_of(path, line, "kind", kind, ("noun", "title"))
    no_conflicts(path, ((line, f"{word!r} ({kind})", gender) for line, (word, gender, kind) in found))
    return {(word, kind): gender for _, (word, gender, kind) in found}


@cache
def first_names() -> dict[str, str]:
    """First name -> "m" | "f" (``data/first_names.tsv``)."""
    path = DATA / "first_names.tsv"
    found = rows(path, 2)
    for line, (_, gender) in found:
        one_of(path, line, "gender", gender, GENDERS)
    no_conflicts(path, ((line, repr(name), gender) for line, (name, gender) in found))
    return {name: gender for _, (name, gender) in found}
