"""Book-level lexicon refinement: learn zh -> en word pairs the dictionary lacks from confident beads."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from alignment.beads import Bead
from alignment.similarity import ChapterScorer

MAX_BEAD = 3  # only 1-1, 1-2 and 2-1 beads are evidence
CONFIDENT_SHARE = 0.8  # the best-scoring share of those beads
MIN_COUNT = 3  # co-occurrences of a learned pair
MIN_DICE = 0.6


def _sorted(items: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(items))


@dataclass
class Evidence:
    """Unexplained zh words and en stems of candidate beads of a book, collected chapter by chapter."""

    # (score, words, stems), the words and stems sorted (tuples: a long book holds many until it learns)
    beads: list[tuple[float, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)

    def add_chapter(self, scorer: ChapterScorer, beads: list[Bead]) -> None:
        for bead in beads:
            if not bead.zh or not bead.en or len(bead.zh) + len(bead.en) > MAX_BEAD:
                continue
            i0, i1, j0, j1 = bead.zh[0], bead.zh[-1] + 1, bead.en[0], bead.en[-1] + 1
            unexplained = scorer.unexplained(i0, i1, j0, j1)
            if all(unexplained):
                self.beads.append((bead.score, *map(_sorted, unexplained)))

    def learn(self) -> dict[str, frozenset[str]]:
        """zh word -> en stems with Dice >= MIN_DICE over at least MIN_COUNT confident beads (best per word)."""
        ranked = sorted(self.beads, key=lambda item: -item[0])
        confident = ranked[: int(len(ranked) * CONFIDENT_SHARE)]
        zh_count = Counter(word for _, words, _ in confident for word in words)
        en_count = Counter(stem for _, _, stems in confident for stem in stems)
        pairs = Counter(
            (word, stem)
            for _, words, stems in confident
            for word in words
            if zh_count[word] >= MIN_COUNT
            for stem in stems
            if en_count[stem] >= MIN_COUNT
        )
        best: dict[str, tuple[float, set[str]]] = {}
        for (word, stem), together in sorted(item for item in pairs.items() if item[1] >= MIN_COUNT):
            dice = 2 * together / (zh_count[word] + en_count[stem])
            if dice < MIN_DICE:
                continue
            top, stems = best.get(word, (0.0, set()))
            if dice > top:
                best[word] = (dice, {stem})
            elif dice == top:
                stems.add(stem)
        return {word: frozenset(stems) for word, (_, stems) in best.items()}
