"""A synthetic corpus of any size built from the demo novels, for scale benchmarks.

``synthetic_raw(n_books, chapters_per_book, seed)`` returns RAW_CHAPTERS rows (``core.schemas``)
for both languages of every synthetic book, as the crawl stage would write them: the chapter title,
body paragraphs and a few site boilerplate lines, joined with newlines.

Synthetic book ``k`` is built from demo book ``k mod 3`` (its long chapters; the short ones are
poems or fragments). In the demo chapters' beads (aligned zh/en sentence groups), a share ``p_join``
of the neighbours that can be (a plain statement on both sides, then no quote: ``joinable``) go on
the sentence before, after "，" and "; " (``join``), so that the sentences are as long as real web
novels' as the project's splitters split them (``python -m bench.bench_shape``: about 12 English and
13 to 16 Chinese words; the demo's are about 11); then the beads are cut into
paragraph-sized windows of consecutive beads; a chapter is a random sequence of windows from the
whole book, one paragraph each, as many beads long as a random demo chapter, with a few beads
dropped or doubled (on both sides) and the arabic numbers found on both sides of a bead given new
values. The main characters get new names, the same in both languages and throughout the book. So
chapters stay aligned translations of demo size (about 900 English words) with locally coherent
text, but are far from near-duplicates of each other, within and across books: the 5-gram Jaccard
of two chapters is 0.015 on average and under 0.3 at most in 16 books x 10 chapters (dedup flags
0.8). A chapter has about 49 beads, as BWB's chapters have sentence pairs (9,581,816 in 196,304).

With ``renumber=True`` the translation is numbered the ways real ones are (``Renumbering``): in one
book in three the first English chapter is an unnumbered prologue (every later number one less), and
per ``DEFECT_EVERY`` chapters one Chinese chapter is not translated (later numbers shift) and two are
translated as one English chapter. Everything is determined by the seed.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import NamedTuple
from datetime import datetime, timezone
from functools import cache

from core.raw_rows import raw_chapter
from crawlers.demo.source import Bead, SourceBook, load_books
from crawlers.raw import content_hash

MIN_BEADS = 20  # shorter demo chapters (a poem, a fragment) are not used
WINDOW = 4  # consecutive beads per window: a paragraph of the synthetic chapter
P_JOIN = 0.3  # share of joinable neighbouring demo beads made one (tuned: sentences as long as real ones)
MAX_JOIN = 4  # demo beads in one sentence at most
P_DROP = 0.05
P_DOUBLE = 0.05
SITE = "synthetic"
FETCHED_AT = datetime(2025, 1, 1, tzinfo=timezone.utc)
ZH_BOILERPLATE = ("一秒记住【书香阁】，精彩小说无弹窗免费阅读！",)
EN_BOILERPLATE = ("Previous Chapter", "Table of Contents", "Next Chapter")
PROLOGUE_EVERY = 3  # books: one in three translations starts with an unnumbered prologue
DEFECT_EVERY = 200  # chapters: one skipped and one merged translation per this many (assumed shares)


@dataclass(frozen=True)
class Name:
    """A character's name: surname (may be empty) and given name, in characters and in pinyin."""

    surname_zh: str
    surname_en: str
    given_zh: str
    given_en: str

    def forms(self) -> list[tuple[str, str]]:
        """(zh, en) forms used in the text: the full name, and a two-syllable given name alone."""
        full = (self.surname_zh + self.given_zh, f"{self.surname_en} {self.given_en}".strip())
        return (
            [full, (self.given_zh, self.given_en)] if self.surname_zh and len(self.given_zh) > 1 else [full]
        )


# The named characters of each demo book, as the sources spell them.
DEMO_NAMES: dict[str, tuple[Name, ...]] = {
    "city-star": (
        Name("许", "Xu", "知夏", "Zhixia"),
        Name("陆", "Lu", "沉舟", "Chenzhou"),
        Name("白", "Bai", "若溪", "Ruoxi"),
        Name("周", "Zhou", "蔓", "Man"),
        Name("秦", "Qin", "朗", "Lang"),
        Name("陆", "Lu", "婉", "Wan"),
    ),
    "star-system": (
        Name("陈", "Chen", "一舟", "Yizhou"),
        Name("苏", "Su", "晚晴", "Wanqing"),
        Name("刘", "Liu", "峰", "Feng"),
        Name("赵", "Zhao", "虎", "Hu"),
    ),
    "sword-sect": (
        Name("林", "Lin", "小舟", "Xiaozhou"),
        Name("赵", "Zhao", "天衡", "Tianheng"),
        Name("王", "Wang", "大石", "Dashi"),
        Name("苏", "Su", "映雪", "Yingxue"),
        Name("", "", "云崖子", "Yunyazi"),
    ),
}
SURNAMES = tuple(
    zip("韩杨吴郑孙冯蒋沈韦何吕施", "Han Yang Wu Zheng Sun Feng Jiang Shen Wei He Lü Shi".split())
)
# Given-name syllables starting with a consonant, so joined pinyin never needs an apostrophe.
SYLLABLES = tuple(zip(
    "明华晓思雨嘉子书静磊宁清梦浩俊凯瑶琳",
    "ming hua xiao si yu jia zi shu jing lei ning qing meng hao jun kai yao lin".split(),
))  # fmt: skip


@dataclass(frozen=True)
class _Source:
    book: SourceBook
    windows: tuple[tuple[Bead, ...], ...]
    lengths: tuple[int, ...]  # beads per usable chapter
    titles: tuple[tuple[str, str], ...]  # (zh, en) chapter subtitles without the number


@cache
def _sources(p_join: float) -> tuple[_Source, ...]:
    sources = []
    for book in load_books():
        chapters = [ch for ch in book.chapters if len(ch.beads()) >= MIN_BEADS]
        rng = random.Random(f"join/{book.book_id}")
        joined = [join_beads(ch.beads(), rng, _lowercase_words(), p_join) for ch in chapters]
        windows = tuple(
            tuple(beads[i : i + WINDOW]) for beads in joined for i in range(0, len(beads), WINDOW)
        )
        titles = tuple((ch.title_zh.partition(" ")[2], ch.title_en.partition(": ")[2]) for ch in chapters)
        sources.append(_Source(book, windows, tuple(len(ch.beads()) for ch in chapters), titles))
    return tuple(sources)


@cache
def _lowercase_words() -> frozenset[str]:
    """The words the demo's English uses in lower case: those that may start a joined clause in lower case."""
    return frozenset(
        word for book in load_books() for ch in book.chapters for bead in ch.beads()
        for word in _WORD.findall(bead.en) if word.islower()
    )  # fmt: skip


_WORD = re.compile(r"\w[\w']*")


def joinable(first: Bead, then: Bead) -> bool:
    """Whether ``then`` can go on ``first``'s last sentence on both sides: ``first`` ends with a plain 。
    and . (no ellipsis) and quotes no speech (a speech tag before "，" would split from it), ``then``
    starts with a character or a letter (no quote, no bracket)."""
    return (
        first.zh.endswith("。")
        and "”" not in first.zh
        and first.en.endswith(".")
        and not first.en.endswith("..")
        and then.zh[:1].isalnum()
        and then.en[:1].isalpha()
    )


def join(first: Bead, then: Bead, lowercase: frozenset[str]) -> Bead:
    """One bead: ``then`` goes on ``first``'s last sentence, after "，" and "; " (its first word in lower
    case when it is one of ``lowercase``), so the splitters keep them one sentence."""
    word = _WORD.match(then.en)[0]
    en = then.en[0].lower() + then.en[1:] if word.lower() in lowercase else then.en
    return Bead(f"{first.zh[:-1]}，{then.zh}", f"{first.en[:-1]}; {en}")


def join_beads(
    beads: list[Bead], rng: random.Random, lowercase: frozenset[str], p_join: float = P_JOIN
) -> list[Bead]:
    """``beads`` with each joinable neighbour joined on (``join``) with probability ``p_join``, MAX_JOIN at most."""
    out: list[Bead] = []
    size = 0
    for bead in beads:
        if out and size < MAX_JOIN and joinable(out[-1], bead) and rng.random() < p_join:
            out[-1] = join(out[-1], bead, lowercase)
            size += 1
        else:
            out.append(bead)
            size = 1
    return out


class _Renamer:
    """Replaces the demo book's character names with new ones, consistently in zh and en."""

    def __init__(self, names: tuple[Name, ...], rng: random.Random):
        used: set[str] = set()
        self.zh: dict[str, str] = {}
        self.en: dict[str, str] = {}
        for old in names:
            while True:  # a new given name for every character, as long as the old one
                surname = rng.choice(SURNAMES) if old.surname_zh else ("", "")
                given = [rng.choice(SYLLABLES) for _ in old.given_zh]
                new = Name(
                    *surname, "".join(zh for zh, _ in given), "".join(en for _, en in given).capitalize()
                )
                if new.given_en not in used:
                    break
            used.add(new.given_en)
            for (old_zh, old_en), (new_zh, new_en) in zip(old.forms(), new.forms()):
                self.zh[old_zh] = new_zh
                self.en[old_en] = new_en
        self._zh = _alternation(self.zh, r"{}")
        self._en = _alternation(self.en, r"\b(?:{})\b")

    def __call__(self, zh: str, en: str) -> tuple[str, str]:
        return (self._zh.sub(lambda m: self.zh[m[0]], zh), self._en.sub(lambda m: self.en[m[0]], en))


def _alternation(words: dict[str, str], template: str) -> re.Pattern[str]:
    """One pattern for all ``words``, longest first, so every name is replaced in a single pass."""
    return re.compile(template.format("|".join(map(re.escape, sorted(words, key=len, reverse=True)))))


_NUMBER = re.compile(r"\d+")


def _vary_numbers(zh: str, en: str, rng: random.Random) -> tuple[str, str]:
    """Give every arabic number found on both sides a new value with as many digits, on both sides."""
    shared = set(_NUMBER.findall(zh)) & set(_NUMBER.findall(en))
    if not shared:
        return zh, en
    new = {
        n: str(rng.randrange(10 ** (len(n) - 1) if len(n) > 1 else 0, 10 ** len(n))) for n in sorted(shared)
    }

    def swap(match: re.Match[str]) -> str:
        return new.get(match[0], match[0])

    return _NUMBER.sub(swap, zh), _NUMBER.sub(swap, en)


def _chapter(source: _Source, rename: _Renamer, rng: random.Random) -> list[list[tuple[str, str]]]:
    """The paragraphs of one synthetic chapter, as lists of (zh, en) beads."""
    target = rng.choice(source.lengths)
    paragraphs: list[list[tuple[str, str]]] = []
    n_beads = 0
    for window in rng.sample(source.windows, len(source.windows)):
        paragraph = []
        for bead in window:
            roll = rng.random()
            if roll < P_DROP:
                continue
            pair = rename(*_vary_numbers(bead.zh, bead.en, rng))
            paragraph += [pair, pair] if roll > 1 - P_DOUBLE else [pair]
        if paragraph:
            paragraphs.append(paragraph)
            n_beads += len(paragraph)
        if n_beads >= target:
            break
    return paragraphs


def raw_row(book_id: str, lang: str, index: int, title: str, body: list[str]) -> dict:
    number = re.search(r"\d+", title)  # a site's URL carries the chapter's own number (a prologue: none)
    url = f"https://{SITE}.invalid/{book_id}/{lang}/{number[0] if number else 'prologue'}"
    boilerplate = ZH_BOILERPLATE if lang == "zh" else EN_BOILERPLATE
    text = "\n".join([*boilerplate, title, *body, *boilerplate])
    return raw_chapter(
        book_id,
        lang,
        index,
        title,
        text,
        site=SITE,
        url=url,
        fetched_at=FETCHED_AT,
        content_hash=content_hash(title, text),
    )


def book_ids(n_books: int) -> list[str]:
    return [f"synth-{k:04d}" for k in range(n_books)]


@dataclass(frozen=True)
class Renumbering:
    """How a book's English chapters depart from the Chinese numbering (zh chapters counted from 0)."""

    prologue: bool = False  # the first en chapter is titled "Prologue", every later number is one less
    skipped: frozenset[int] = frozenset()  # zh chapters with no translation
    merged: frozenset[int] = frozenset()  # zh chapter k and k + 1 are one en chapter

    @classmethod
    def draw(cls, book_index: int, n: int, rng: random.Random) -> Renumbering:
        """The defects of a book of ``n`` chapters: the shares above, never on the first or last two chapters."""
        defects = n // DEFECT_EVERY if n >= DEFECT_EVERY else int(n >= 8)
        places = rng.sample(range(1, n - 2, 2), 2 * defects) if defects else []  # even gaps: never adjacent
        return cls(book_index % PROLOGUE_EVERY == 0, frozenset(places[:defects]), frozenset(places[defects:]))

    def en_chapters(self, n: int) -> list[tuple[int, ...]]:
        """The zh chapters each en chapter translates, in order."""
        chapters, k = [], 0
        while k < n:
            if k not in self.skipped:
                chapters.append((k, k + 1) if k in self.merged else (k,))
            k += 2 if k in self.merged else 1
        return chapters

    def en_title(self, index: int, subtitle: str) -> str:
        if self.prologue:
            return f"Prologue: {subtitle}" if index == 0 else f"Chapter {index}: {subtitle}"
        return f"Chapter {index + 1}: {subtitle}"


def synthetic_raw(
    n_books: int, chapters_per_book: int, seed: int = 0, renumber: bool = False, p_join: float = P_JOIN
) -> dict[str, list[dict]]:
    """book_id -> RAW_CHAPTERS rows of that book (zh then en, in table-of-contents order).

    ``chapters_per_book`` is the number of Chinese chapters; with ``renumber`` the English side has a
    few fewer (``Renumbering``), else one per Chinese chapter, numbered alike. ``p_join`` 0 keeps the
    demo's sentences as they are (about 28 words per sentence pair).
    """
    return {
        book_id: synthetic_book(k, chapters_per_book, seed, renumber, p_join)[0]
        for k, book_id in enumerate(book_ids(n_books))
    }


class SyntheticChapter(NamedTuple):
    title_zh: str  # with its number ("第3章 …")
    subtitle_en: str  # without it (the translation's numbering decides it)
    zh: list[str]  # paragraphs
    en: list[str]


def synthetic_chapters(
    k: int, chapters_per_book: int, seed: int = 0, p_join: float = P_JOIN
) -> tuple[str, list[SyntheticChapter], random.Random]:
    """Synthetic book ``k``'s id, its chapters and the random generator they were drawn from (which
    ``synthetic_book`` goes on drawing the translation's numbering from)."""
    book_id = book_ids(k + 1)[k]
    rng = random.Random(f"{seed}/{book_id}")
    sources = _sources(p_join)
    source = sources[k % len(sources)]
    rename = _Renamer(DEMO_NAMES[source.book.book_id], rng)
    chapters = []
    for i in range(chapters_per_book):
        paragraphs = _chapter(source, rename, rng)
        title_zh, title_en = rename(*rng.choice(source.titles))
        zh = ["".join(zh for zh, _ in para) for para in paragraphs]
        en = [" ".join(en for _, en in para if en) for para in paragraphs]
        chapters.append(
            SyntheticChapter(f"第{i + 1}章 {title_zh}", title_en, [p for p in zh if p], [p for p in en if p])
        )
    return book_id, chapters, rng


def synthetic_book(
    k: int, chapters_per_book: int, seed: int = 0, renumber: bool = False, p_join: float = P_JOIN
) -> tuple[list[dict], Renumbering]:
    """Synthetic book ``k``: its RAW_CHAPTERS rows (``synthetic_raw``) and how its translation is numbered."""
    book_id, chapters, rng = synthetic_chapters(k, chapters_per_book, seed, p_join)
    renumbering = Renumbering.draw(k, chapters_per_book, rng) if renumber else Renumbering()
    zh_rows = [raw_row(book_id, "zh", i, chapter.title_zh, chapter.zh) for i, chapter in enumerate(chapters)]
    en_rows = [
        raw_row(
            book_id,
            "en",
            j,
            renumbering.en_title(j, chapters[zh_ids[0]].subtitle_en),
            [p for i in zh_ids for p in chapters[i].en],
        )
        for j, zh_ids in enumerate(renumbering.en_chapters(chapters_per_book))
    ]
    return zh_rows + en_rows, renumbering
