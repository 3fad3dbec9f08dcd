"""Split the corpus by book (train / valid / test) and remove train pairs that leak held-out text.

Rule, for ``n`` books with chapters:

* held-out books: ``min(held_out_books, max(n // 3, min(2, n - 1)))`` - never more than a third of
  the corpus, but two when there are at least three books (one valid, one test) and one (test) when
  there are two; a single book is all train. They are drawn with ``random.Random(seed)`` from the
  sorted book ids, so the same corpus and seed always give the same split.
* held-out books go to valid or test greedily, largest book first, each to the split furthest (in
  proportion) from its chapter target; targets are ``valid_chapters`` / ``test_chapters`` or, when
  the held-out books have fewer chapters in all, the same proportion of what they have. A book is
  never in two splits.
* a split whose books hold more chapters than its configured target keeps the first chapters of
  each of its books in turn (round robin by chapter number) up to the target, as BWB kept 80/79
  chapters of its 6 held-out novels; the other chapters are ``unused``: in no split, not in train.
* every other book is train.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from filters.dedup import normalise_key as normalise  # the leakage key: the same text key as every dedup

SPLITS = ("train", "valid", "test")
HELD_OUT = ("test", "valid")  # tie order of the greedy assignment: a lone held-out book is test


@dataclass(frozen=True)
class SplitConfig:
    held_out_books: int = 6
    valid_chapters: int = 80
    test_chapters: int = 79
    seed: int = 2022
    # a pair leaks when all these sides match, normalised
    leak_sides: tuple[str, ...] = field(default=("zh", "en"), metadata={"choices": ("zh", "en")})


DEFAULT_CONFIG = SplitConfig()


@dataclass(frozen=True)
class ChapterRef:
    chapter_id: str
    book_id: str
    chapter_no: int | None


@dataclass(frozen=True)
class SplitAssignment:
    """Which split each book and chapter is in, and the train pairs dropped as leaks."""

    books: dict[str, str]
    chapters: dict[str, str]  # chapters in no split (``unused``) are absent
    leaked_pairs: frozenset[str] = frozenset()
    report: dict[str, Any] = field(default_factory=dict)

    def split_of_pair(self, pair: Mapping[str, Any]) -> str | None:
        """The split a bead is exported in, or None (unused chapter, or a train pair that leaks)."""
        if pair["pair_id"] in self.leaked_pairs:
            return None
        return self.chapters.get(pair["chapter_id"])

    def to_json(self) -> dict[str, Any]:
        return {
            "books": self.books,
            "chapters": self.chapters,
            "leaked_pairs": sorted(self.leaked_pairs),
            "report": self.report,
        }


def held_out_count(n_books: int, config: SplitConfig) -> int:
    return min(config.held_out_books, max(n_books // 3, min(2, n_books - 1)))


def assign_splits(chapters: Iterable[ChapterRef], config: SplitConfig) -> SplitAssignment:
    """Assign books and chapters to splits (see the module docstring for the rule)."""
    by_book: dict[str, list[ChapterRef]] = defaultdict(list)
    for ref in chapters:
        by_book[ref.book_id].append(ref)
    for refs in by_book.values():
        refs.sort(key=lambda r: (r.chapter_no is None, r.chapter_no or 0, r.chapter_id))
    books = sorted(by_book)
    held = random.Random(config.seed).sample(books, held_out_count(len(books), config))
    book_split = {book: "train" for book in books} | _group_held_out(held, by_book, config)

    chapter_split = {}
    limits = {"valid": config.valid_chapters, "test": config.test_chapters}
    for split in SPLITS:
        members = [by_book[b] for b in books if book_split[b] == split]
        kept = _round_robin(members, limits.get(split))
        chapter_split.update((ref.chapter_id, split) for ref in kept)
    report = {
        "books": {s: sum(v == s for v in book_split.values()) for s in SPLITS},
        "chapters": {s: sum(v == s for v in chapter_split.values()) for s in SPLITS},
        "unused_chapters": sum(map(len, by_book.values())) - len(chapter_split),
        "config": {
            "held_out_books": config.held_out_books,
            "valid_chapters": config.valid_chapters,
            "test_chapters": config.test_chapters,
            "seed": config.seed,
        },
    }
    report["warnings"] = empty_splits(report["chapters"], len(books), len(held), config)
    return SplitAssignment(book_split, chapter_split, frozenset(), report)


def empty_splits(chapters: Mapping[str, int], n_books: int, n_held: int, config: SplitConfig) -> list[str]:
    """A warning, with the reason, for each split that got no chapter."""
    warnings = []
    for split in SPLITS:
        if chapters[split]:
            continue
        if not n_books:
            why = "no book has paired chapters"
        elif split == "train":
            why = f"all {n_books} books are held out"
        elif getattr(config, f"{split}_chapters") == 0:
            why = f"options.split.{split}_chapters is 0"
        elif n_held < 2:
            why = (
                f"{n_books} book{'s' * (n_books != 1)} with chapters, {n_held} held out (options.split.held_out_books "
                f"{config.held_out_books}); a book goes to one split whole, so valid and test need two held-out books"
            )
        else:
            why = "every held-out book went to the other held-out split"
        warnings.append(f"split {split} is empty: {why}")
    return warnings


def _group_held_out(
    held: list[str], by_book: Mapping[str, list[ChapterRef]], config: SplitConfig
) -> dict[str, str]:
    total = sum(len(by_book[b]) for b in held)
    wanted = config.valid_chapters + config.test_chapters
    valid = config.valid_chapters if total >= wanted else round(total * config.valid_chapters / wanted)
    target = {"valid": valid, "test": (config.test_chapters if total >= wanted else total - valid)}
    got = dict.fromkeys(HELD_OUT, 0)
    groups = {}
    for book in sorted(held, key=lambda b: -len(by_book[b])):  # stable: ties keep the seeded order
        split = max(HELD_OUT, key=lambda s: (target[s] - got[s]) / max(target[s], 1))
        groups[book] = split
        got[split] += len(by_book[book])
    return groups


def _round_robin(books: list[list[ChapterRef]], limit: int | None) -> list[ChapterRef]:
    if limit is None or sum(map(len, books)) <= limit:
        return [ref for refs in books for ref in refs]
    taken: list[ChapterRef] = []
    for rank in range(max(map(len, books))):
        for refs in books:
            if rank < len(refs) and len(taken) < limit:
                taken.append(refs[rank])
    return taken


def find_leakage(
    held_out: Iterable[Mapping[str, Any]],
    train: Iterable[Mapping[str, Any]],
    assignment: SplitAssignment,
    sides: tuple[str, ...],
    examples: int = 10,
) -> SplitAssignment:
    """Return ``assignment`` with the train pairs whose normalised ``sides`` equal a held-out pair's.

    ``held_out`` is consumed before ``train``, so both may be generators reading book by book.
    Pairs whose key is empty on every side (e.g. only punctuation) never count as leaks.
    """
    keys: dict[tuple[str, ...], list[Mapping[str, Any]]] = defaultdict(list)
    for pair in held_out:
        key = tuple(normalise(pair[side]) for side in sides)
        if any(key):
            keys[key].append(pair)
    leaked: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for pair in train:
        key = tuple(normalise(pair[side]) for side in sides)
        if key in keys:
            leaked[key].append(pair["pair_id"])

    by_split = dict.fromkeys(HELD_OUT[::-1], 0)
    for key in leaked:
        for pair in keys[key]:
            by_split[assignment.chapters[pair["chapter_id"]]] += 1
    report = {
        "match": "+".join(sides),
        "held_out_pairs_leaking": by_split,
        "train_pairs_removed": sum(map(len, leaked.values())),
        "examples": [
            {
                "zh": keys[key][0]["zh"],
                "en": keys[key][0]["en"],
                "held_out": [p["pair_id"] for p in keys[key][:examples]],
                "train": ids[:examples],
            }
            for key, ids in list(leaked.items())[:examples]
        ],
    }
    removed = frozenset(pid for ids in leaked.values() for pid in ids)
    return SplitAssignment(
        assignment.books, assignment.chapters, removed, assignment.report | {"leakage": report}
    )
