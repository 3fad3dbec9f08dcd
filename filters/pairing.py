"""Pair the zh and en chapters of one book by chapter number.

A chapter split into parts on one side is merged in part order (a missing part counts as part 1,
ties keep table-of-contents order). Two rows with the same number and part on one side (a
re-post) keep the first in table-of-contents order; the others are ``duplicate_chapter``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from filters.rejection import Rejection

_NO_COUNTERPART = {
    "zh": Rejection("no_translation", "no en chapter", "zh"),
    "en": Rejection("no_original", "no zh chapter", "en"),
}


@dataclass
class ChapterPair:
    book_id: str
    chapter_no: int
    zh: list[dict]  # CLEAN_CHAPTERS rows in part order
    en: list[dict]

    @property
    def chapter_id(self) -> str:
        return f"{self.book_id}/{self.chapter_no}"

    def side(self, lang: str, field: str) -> list:
        """``field`` (a list field such as "sentences") of every part of one side, concatenated."""
        return [x for row in getattr(self, lang) for x in row[field]]


def _part_order(row: dict) -> tuple[int, int]:
    return (row["part"] or 1, row["toc_index"])


def pair_chapters(rows: Iterable[dict]) -> tuple[list[ChapterPair], list[tuple[dict, Rejection]]]:
    """Pairs of one book's CLEAN_CHAPTERS rows, and each unpaired row with its rejection."""
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    rejected: list[tuple[dict, Rejection]] = []
    for row in rows:
        if row["chapter_no"] is None:
            rejected.append((row, Rejection("unnumbered_chapter", f"title {row['title']!r}", row["lang"])))
        else:
            groups[row["lang"], row["chapter_no"]].append(row)
    for key, parts in groups.items():
        parts.sort(key=_part_order)
        kept = [parts[0]]
        for row in parts[1:]:
            if (row["part"] or 1) == (kept[-1]["part"] or 1):
                detail = f"chapter {row['chapter_no']} part {row['part'] or 1} repeats {kept[-1]['raw_id']}"
                rejected.append((row, Rejection("duplicate_chapter", detail, row["lang"])))
            else:
                kept.append(row)
        groups[key] = kept
    pairs = []
    for number in sorted({n for _, n in groups}):
        zh, en = groups.get(("zh", number), []), groups.get(("en", number), [])
        if zh and en:
            pairs.append(ChapterPair(zh[0]["book_id"], number, zh, en))
        else:
            rejected.extend((row, _NO_COUNTERPART[row["lang"]]) for row in zh + en)
    return pairs, rejected
