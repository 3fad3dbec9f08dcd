"""WordNet senses read straight from WordNet's data files: the synset names, lexicographer files and
similar-to links that the rules ask about, without building NLTK ``Synset`` objects.

NLTK parses a synset's whole line (every lemma and pointer, the gloss with regular expressions) the
first time it is asked for, and the rules asked for every sense of a word where they use one or two.
Every book's task starts with empty look-up caches, so a book paid this for each of its nouns and
adjectives: the larger part of what a fresh process's first mining costs above a warm one's. Here only
the senses asked for are read, each line sliced from a memory map of its data file (shared by forked
processes, no file offset to move) at the offset in NLTK's index, and only its first fields split. The
order of senses and their names follow NLTK's rules (forms from ``_morphy``, offsets from its index;
the name is the first lemma, lower-cased, without its syntactic marker, with its sense number in the
index), so the results are NLTK's (``tests/cohesion/test_senses.py`` compares them).
"""

from __future__ import annotations

import mmap
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cohesion.nlp import wordnet

_MARKER = re.compile(r"\([^()]*\)$")  # an adjective's syntactic marker: "big(a)", "elect(ip)"


@dataclass(frozen=True)
class Sense:
    """A synset: its NLTK name ("glass.n.01"), lexicographer file ("noun.artifact"), the
    (pos, offset) of the synsets it is similar to (adjectives; NLTK's ``similar_tos``) and of its
    hypernyms (NLTK's ``hypernyms`` and ``instance_hypernyms``)."""

    name: str
    lexname: str
    similar: tuple[tuple[str, int], ...]
    hypernyms: tuple[tuple[str, int], ...] = ()


@cache
def senses(lemma: str, pos: str, most: int | None = None) -> tuple[Sense, ...]:
    """The ``most`` most frequent senses of ``lemma`` for WordNet POS ``pos`` (all with None), most
    frequent first: NLTK's ``synsets(lemma, pos)[:most]``. Only these senses' lines are read."""
    return tuple(sense(pos, offset) for offset in _offsets(lemma, pos)[:most])


@cache
def _offsets(lemma: str, pos: str) -> tuple[int, ...]:
    reader = wordnet()
    index = reader._lemma_pos_offset_map
    return tuple(offset for form in reader._morphy(lemma.lower(), pos) for offset in index[form].get(pos, []))


@cache
def sense(pos: str, offset: int) -> Sense:
    """The synset at ``offset`` of the data file of ``pos``."""
    data = _data(pos)
    line = data[offset : data.find(b"\n", offset)].decode("utf-8")
    fields = line.partition("|")[0].split()
    n_lemmas = int(fields[3], 16)
    first = _MARKER.sub("", fields[4]).lower()
    own_pos = fields[2]
    number = wordnet()._lemma_pos_offset_map[first][own_pos].index(offset) + 1
    pointers = 5 + 2 * n_lemmas
    links = [
        (fields[k], (fields[k + 2], int(fields[k + 1])))
        for k in range(pointers, pointers + 4 * int(fields[pointers - 1]), 4)
        if fields[k + 3] == "0000"  # between synsets, not between two lemmas
    ]
    similar = tuple(target for symbol, target in links if symbol == "&")
    hypernyms = tuple(target for symbol, target in links if symbol in ("@", "@i"))
    return Sense(f"{first}.{own_pos}.{number:02d}", wordnet()._lexnames[int(fields[1])], similar, hypernyms)


def similar_names(s: Sense) -> frozenset[str]:
    """Names of the synsets ``s`` is similar to."""
    return frozenset(sense(pos, offset).name for pos, offset in s.similar)


@cache
def hypernym_names(s: Sense) -> frozenset[str]:
    """Names of the synsets right above ``s`` (its hypernyms and instance hypernyms)."""
    return frozenset(sense(pos, offset).name for pos, offset in s.hypernyms)


@cache
def _data(pos: str) -> mmap.mmap:
    """WordNet's data file of ``pos`` (a satellite's is the adjectives'), mapped read-only."""
    name = wordnet()._FILEMAP["a" if pos == "s" else pos]
    with open(Path(str(wordnet().root)) / f"data.{name}", "rb") as f:
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


@cache
def lexname(noun_lemma: str) -> str:
    """Lexicographer file of the noun's most frequent sense ("noun.person", "noun.artifact" ...)."""
    found = senses(noun_lemma, "n", 1)
    return found[0].lexname if found else ""


@cache
def is_person(noun_lemma: str) -> bool:
    """Is the noun's most frequent sense a person ("driver"; not "stone")? (Cached: the rules ask it of
    every noun mention, some several times.)"""
    return lexname(noun_lemma) == "noun.person"


@cache
def above(s: Sense, steps: int) -> frozenset[str]:
    """Names of the synsets up to ``steps`` hypernym links above ``s``."""
    if steps == 0:
        return frozenset()
    over = [sense(*link) for link in s.hypernyms]
    return frozenset(o.name for o in over).union(*(above(o, steps - 1) for o in over))


KIN = "relative.n.01"


@cache
def is_kin(noun_lemma: str) -> bool:
    """Is the noun's most frequent sense a kind of relative ("mom", "grandpa", "uncle"; not "man")?"""
    found = senses(noun_lemma, "n", 1)
    todo, done = [found[0]] if found else [], set()
    while todo:
        s = todo.pop()
        if s.name == KIN:
            return True
        done.add(s.name)
        todo += [above for above in (sense(*link) for link in s.hypernyms) if above.name not in done]
    return False
