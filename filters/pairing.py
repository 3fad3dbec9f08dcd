"""Pair the zh and en chapters of one book: by number, checked and corrected by content.

A chapter split into parts on one side is merged in part order (a missing part counts as part 1,
ties keep table-of-contents order). Two rows with the same number and part on one side (a
re-post) keep the first in table-of-contents order; the others are ``duplicate_chapter``. A side that
numbers each volume from 1 again has its numbers run on (``filters.numbering.run_on``). A zh
chapter without a number is ``unnumbered_chapter`` (its number names the pair); an en chapter
without one (a prologue, a translator's note) takes its place by content.

The two sequences are then aligned by ``filters.chapter_match``. Pairs the numbers and the content
agree on are plain pairs. The others carry a named outcome, kept in the rejected table:
``renumbered`` (paired with an en chapter of another number, or none), ``merged`` (two zh chapters
translated as one en chapter, aligned as one document), ``split`` (one zh chapter translated as two).
Chapters left out: ``low_similarity`` (the chapter with the same number exists on the other side
but the content says they are different texts), ``unmatched`` (the chapter with its number was
paired with another, or it has none), ``no_translation`` / ``no_original`` (no chapter of its
number on the other side and no partner by content).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from text import chinese
from text.lexicon import Lexicon, default_lexicon
from core.rejection import Rejection
from filters.chapter_match import Match, MatchConfig, match_chapters
from filters.chapter_similarity import SimilarityModel, profile
from filters.numbering import run_on


@dataclass
class ChapterPair:
    book_id: str
    chapter_no: int
    zh: list[dict]  # CLEAN_CHAPTERS rows in part order (two chapters' rows for a merged pair), with "words"
    en: list[dict]
    outcome: Rejection | None = None  # how content changed the pairing by number (None: it did not)
    how: str = ""  # why the chapters were paired, for ``python -m pipeline inspect``

    @property
    def chapter_id(self) -> str:
        return f"{self.book_id}/{self.chapter_no}"

    def side(self, lang: str, field: str) -> list:
        """``field`` (a list field such as "sentences") of every part of one side, concatenated."""
        return [x for row in getattr(self, lang) for x in row[field]]


@dataclass(frozen=True)
class Unit:
    """One chapter of one side: its rows (parts) and its number (None when its title has none)."""

    number: int | None
    rows: tuple[dict, ...]

    @property
    def sentences(self) -> list[str]:
        return [s for row in self.rows for s in row["sentences"]]

    @property
    def words(self) -> list[list[str]]:
        """zh: every sentence's words (the rows' "words", set by ``_segmented``)."""
        return [w for row in self.rows for w in row["words"]]

    def label(self) -> str:
        title = self.rows[0]["title"] or ""
        return (
            f"{self.rows[0]['lang']} {title!r}"
            if title
            else f"{self.rows[0]['lang']} {self.rows[0]['raw_id']}"
        )


def _part_order(row: dict) -> tuple[int, int]:
    return (row["part"] or 1, row["toc_index"])


def _units(rows: list[dict], rejected: list[tuple[dict, Rejection]]) -> list[Unit]:
    """One side's chapters in reading order: numbered ones by number (``filters.numbering.run_on``),
    unnumbered after the one before them."""
    groups: dict[int, list[dict]] = defaultdict(list)
    loose = []
    for row, number in zip(rows, run_on([(row["toc_index"], row["chapter_no"]) for row in rows])):
        if number is None:
            loose.append(row)
        else:
            groups[number].append(row)
    units = []
    for number, parts in groups.items():
        parts.sort(key=_part_order)
        kept = [parts[0]]
        for row in parts[1:]:
            if (row["part"] or 1) == (kept[-1]["part"] or 1):
                detail = f"chapter {number} part {row['part'] or 1} repeats {kept[-1]['raw_id']}"
                rejected.append((row, Rejection("duplicate_chapter", detail, row["lang"])))
            else:
                kept.append(row)
        units.append(Unit(number, tuple(kept)))
    listed = sorted((u.rows[0]["toc_index"], u.number) for u in units)
    listed_at = [toc_index for toc_index, _ in listed]
    keys = {id(u): (u.number, 0, u.rows[0]["toc_index"]) for u in units}
    for row in loose:  # after the numbered chapter listed just before it in the table of contents
        before = bisect_left(listed_at, row["toc_index"])
        units.append(Unit(None, (row,)))
        keys[id(units[-1])] = (listed[before - 1][1] if before else -1, 1, row["toc_index"])
    return sorted(units, key=lambda u: keys[id(u)])


def match_units(
    zh: Sequence[Sequence[str]],
    en: Sequence[Sequence[str]],
    zh_numbers: Sequence[int | None],
    en_numbers: Sequence[int | None],
    lexicon: Lexicon,
    en_per_zh: float = 1.0,
    config: MatchConfig = MatchConfig(),
    zh_words: Sequence[Sequence[Sequence[str]]] | None = None,
) -> list[Match]:
    """The content-checked alignment of two chapter sequences, given as each chapter's sentences (and
    optionally each zh chapter's sentences segmented)."""
    model = SimilarityModel(
        [
            profile("zh", sentences, lexicon, zh_words[k] if zh_words else None)
            for k, sentences in enumerate(zh)
        ],
        [profile("en", sentences, lexicon) for sentences in en],
        en_per_zh,
    )
    return match_chapters(zh_numbers, en_numbers, model.similarity, config)


def _segmented(unit: Unit) -> Unit:
    """A zh unit whose rows carry their sentences' words ("words"): segmented once, for pairing and alignment."""
    return Unit(
        unit.number,
        tuple({**row, "words": [chinese.segment(s) for s in row["sentences"]]} for row in unit.rows),
    )


def _outcome(match: Match, zh: list[Unit], en: list[Unit]) -> Rejection | None:
    zh_units, en_units = [zh[i] for i in match.zh], [en[j] for j in match.en]
    if len(zh_units) == 1 and len(en_units) == 1 and match.numbers_agree:
        return None
    reason = "merged" if len(zh_units) > 1 else "split" if len(en_units) > 1 else "renumbered"
    return Rejection(reason, _how(match, zh, en))


def _how(match: Match, zh: list[Unit], en: list[Unit]) -> str:
    sides = (
        " + ".join(zh[i].label() for i in match.zh) + " <-> " + " + ".join(en[j].label() for j in match.en)
    )
    agree = "numbers agree" if match.numbers_agree else "numbers differ"
    return f"{sides}: {agree}, content {match.similarity.describe()}"


def _left_out(unit: Unit, namesakes: list[int], paired_other: set[int], lang: str) -> Rejection:
    """Why ``unit`` was left out; ``namesakes``: the positions of the other side's chapters of its number."""
    if not namesakes:
        if unit.number is None:
            return Rejection("unmatched", f"{unit.label()}: no number and no partner by content", lang)
        return Rejection(
            "no_translation" if lang == "zh" else "no_original",
            f"no {'en' if lang == 'zh' else 'zh'} chapter {unit.number}",
            lang,
        )
    if all(k in paired_other for k in namesakes):
        return Rejection(
            "unmatched",
            f"{unit.label()}: chapter {unit.number} of the other side is "
            "the translation of another chapter by content",
            lang,
        )
    return Rejection(
        "low_similarity",
        f"{unit.label()}: chapter {unit.number} of the other side is a different text by content",
        lang,
    )


def pair_chapters(
    rows: Iterable[dict],
    lexicon: Lexicon | None = None,
    en_per_zh: float = 1.0,
    config: MatchConfig = MatchConfig(),
) -> tuple[list[ChapterPair], list[tuple[dict, Rejection]]]:
    """Pairs of one book's CLEAN_CHAPTERS rows, and each row left out with its rejection."""
    rejected: list[tuple[dict, Rejection]] = []
    sides: dict[str, list[dict]] = {"zh": [], "en": []}
    for row in rows:
        if row["lang"] == "zh" and row["chapter_no"] is None:
            rejected.append((row, Rejection("unnumbered_chapter", f"title {row['title']!r}", "zh")))
        else:
            sides[row["lang"]].append(row)
    zh, en = [_segmented(u) for u in _units(sides["zh"], rejected)], _units(sides["en"], rejected)
    if not zh or not en:
        matches = []
    else:
        matches = match_units(
            [u.sentences for u in zh],
            [u.sentences for u in en],
            [u.number for u in zh],
            [u.number for u in en],
            lexicon or default_lexicon(),
            en_per_zh,
            config,
            [u.words for u in zh],
        )
    pairs = []
    for match in matches:
        first = zh[match.zh[0]]
        pairs.append(
            ChapterPair(
                first.rows[0]["book_id"],
                first.number,
                [r for i in match.zh for r in zh[i].rows],
                [r for j in match.en for r in en[j].rows],
                _outcome(match, zh, en),
                _how(match, zh, en),
            )
        )
    paired_zh = {i for m in matches for i in m.zh}
    paired_en = {j for m in matches for j in m.en}
    for lang, units, other, paired, paired_other in (
        ("zh", zh, en, paired_zh, paired_en),
        ("en", en, zh, paired_en, paired_zh),
    ):
        numbered: dict[int, list[int]] = defaultdict(list)  # the other side's positions by number
        for k, unit in enumerate(other):
            if unit.number is not None:
                numbered[unit.number].append(k)
        for k, unit in enumerate(units):
            if k not in paired:
                why = _left_out(unit, numbered.get(unit.number, []), paired_other, lang)
                rejected.extend((row, why) for row in unit.rows)
    return pairs, rejected
