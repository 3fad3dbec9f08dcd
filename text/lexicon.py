"""Candidate English stems of a Chinese word: dictionary senses, numerals, Latin words, pinyin, learned pairs."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from types import MappingProxyType

from text import cedict, chinese, english

# stems kept per character when an unknown word is glossed character by character: CC-CEDICT often lists a
# character's everyday sense fourth or fifth (烟: cigarette, pipe, tobacco, smoke). 3 -> 5 cross-validated:
# mac-dev strict .887 -> .891, webfiction-dev .929 -> .934 (worst fold .809 -> .876); 8 is behind 5
CHAR_SENSES = 5
LONGEST_WORD = 4
MEMO_SIZE = 500_000  # (word, part of speech) entries memoised before the memo starts over
PARTS = "\x00parts"  # the memo's key for a word's parts, beside its parts of speech


class Lexicon:
    """zh word -> set of English stems it may be translated by, memoised per (word, part of speech), and
    the stems of its parts, memoised per word."""

    def __init__(
        self,
        dictionary: Mapping[str, tuple[str, ...]] | None = None,
        learned: Mapping[str, frozenset[str]] = {},
        longest: int | None = None,
    ) -> None:
        """``longest``: the dictionary's longest word, when the caller knows it (counting it walks the
        whole dictionary)."""
        self.dictionary = cedict.load() if dictionary is None else dictionary
        self.learned = MappingProxyType(dict(learned))
        # no longer piece is looked up
        self.longest = max(map(len, self.dictionary), default=1) if longest is None else longest
        self._memo: dict[tuple[str, str], frozenset[str]] = {}

    def with_learned(self, learned: Mapping[str, frozenset[str]]) -> Lexicon:
        """A lexicon with the same dictionary plus ``learned`` pairs (merged with those already learned)."""
        merged = {word: self.learned.get(word, frozenset()) | stems for word, stems in learned.items()}
        return Lexicon(self.dictionary, {**self.learned, **merged}, self.longest)

    def candidates(self, word: str, pos: str = "") -> frozenset[str]:
        return self._memoised(word, pos, self._candidates)

    def parts(self, word: str) -> frozenset[str]:
        """Senses of the shorter dictionary words a word of several characters is made of: an idiom or a
        compound glossed literally."""
        return self._memoised(word, PARTS, self._parts)

    def _memoised(self, word: str, key: str, compute: Callable[[str, str], frozenset[str]]) -> frozenset[str]:
        stems = self._memo.get((word, key))
        if stems is None:
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            stems = self._memo[word, key] = compute(word, key)
        return stems

    def _candidates(self, word: str, pos: str) -> frozenset[str]:
        senses = self.dictionary.get(word, ())
        number = chinese.numeral_prefix(word)
        if number is not None:
            stems: Iterable[str] = (*senses, number)
        elif chinese.is_latin(word):  # the same word in the translation, whatever else it may mean
            stems = (*senses, *english.content_stems(word))
        elif senses and not chinese.is_name(pos):
            stems = senses
        else:
            stems = (*(senses or self._gloss_pieces(word)), *map(english.stem, chinese.name_pinyin(word)))
        learned = self.learned.get(word)
        return frozenset(stems).union(learned) if learned else frozenset(stems)

    def _parts(self, word: str, _key: str) -> frozenset[str]:
        # pieces past the dictionary's longest word are not looked up: a "word" of 100,000 digits took
        # days (every length at every start)
        return frozenset(self._gloss_pieces(word, min(len(word) - 1, self.longest)))

    def _gloss_pieces(self, word: str, longest: int = LONGEST_WORD) -> set[str]:
        """Senses of the dictionary words of up to ``longest`` characters a word is made of (greedy longest
        match), few per single character. No numbers: a piece's number is part of a sense (楼: "house with
        more than 1 story"), not its meaning."""
        stems: set[str] = set()
        get, start, size = self.dictionary.get, 0, len(word)
        while start < size:
            for end in range(min(size, start + longest), start + 1, -1):
                senses = get(word[start:end])
                if senses is not None:
                    stems.update(senses)
                    break
            else:
                end = start + 1
                stems.update(get(word[start], ())[:CHAR_SENSES])
            start = end
        return {stem for stem in stems if not stem.isdigit()}


@cache
def default_lexicon() -> Lexicon:
    """The dictionary-only lexicon, one per process, so that its memo serves every book aligned there."""
    return Lexicon()
