"""Book- and corpus-level entry points for the pipeline tasks: clean, dedup, pair and filter.

Rows are plain dicts matching ``core.schemas`` (RAW_CHAPTERS in, CLEAN_CHAPTERS, CHAPTERS and
REJECTED out). Every function returns ``(rows, rejected, stats)``, except ``dedup_books``, which
streams books and returns ``(rejected by item id, stats)``; ``stats`` is JSON-able and holds at least
``{"in": n, "out": n, "rejected": {reason: count}}``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter

import numpy as np

from text.lexicon import Lexicon
from filters.chapter_filters import FilterConfig, char_count, check_chapter, corpus_char_ratio
from filters.chapter_match import MatchConfig
from filters.clean import (
    Boilerplate,
    MojibakeConfig,
    clean_text,
    detect_mojibake,
    normalise_line,
    site_boilerplate,
)
from filters.dedup import (
    Candidates,
    DedupConfig,
    MinHasher,
    content_hash,
    find_candidates,
    normalise_key,
    shingles,
)
from filters.non_chapters import non_chapter
from filters.numbering import parse_chapter_number, parse_title
from filters.pairing import ChapterPair, pair_chapters
from core.rejection import Rejection
from core.user_regex import RegexTimeout
from core.stage import StageResult
from text.sentences import paragraph_starts, split_sentences

MAX_TITLE_LINE = 80  # a first body line longer than this is never taken for a repeated title


def _stats(n_in: int, rows: list, rejected: list[dict], **extra) -> dict:
    return {"in": n_in, "out": len(rows), "rejected": dict(Counter(r["reason"] for r in rejected)), **extra}


def _is_title_line(line: str, title: str) -> bool:
    if len(line) > MAX_TITLE_LINE:
        return False
    if normalise_key(line) == normalise_key(title):
        return True
    number = parse_title(line)
    return number is not None and number == parse_title(title)


def strip_title(paragraphs: list[str], title: str) -> tuple[list[str], int]:
    """``paragraphs`` without leading repeats of the chapter title, and how many were removed."""
    n = 0
    while n < len(paragraphs) and title and _is_title_line(paragraphs[n], title):
        n += 1
    return paragraphs[n:], n


def _clean_chapter(
    raw: dict, boilerplate: Boilerplate, removed: Counter[str], mojibake: MojibakeConfig
) -> dict | Rejection:
    """One RAW_CHAPTERS row -> its CLEAN_CHAPTERS row or a rejection; counts removed lines."""
    lang, title = raw["lang"], raw["title"] or ""
    if problem := detect_mojibake(f"{title}\n{raw['text']}", mojibake):
        return problem
    title = normalise_line(title, lang)
    if notice := non_chapter(title, lang):  # author's notes, leave notices, thanks, on-shelf announcements
        return notice
    try:
        cleaned = clean_text(raw["text"] or "", lang, boilerplate)
    except RegexTimeout as err:  # a site boilerplate pattern that backtracks without end
        return Rejection(err.reason, err.detail)
    paragraphs, n_title = strip_title(cleaned.paragraphs, title)
    removed.update(cleaned.removed + Counter(title=n_title))
    sentences = split_sentences(paragraphs, lang)
    if not sentences:
        return Rejection("empty_chapter", "no text left after cleaning")
    number = parse_chapter_number(title, raw["url"] or "")
    text = "\n".join(paragraphs)
    return {
        "raw_id": raw["raw_id"],
        "book_id": raw["book_id"],
        "lang": lang,
        "toc_index": raw["toc_index"],
        "chapter_no": number.chapter_no if number else None,
        "part": number.part if number else None,
        "title": title,
        "paragraphs": paragraphs,
        "sentences": sentences,
        "n_chars": char_count(paragraphs),
        "content_hash": content_hash(text),
    }


def clean_book(
    raw_rows: list[dict], boilerplate: Mapping[str, list[str]], mojibake: MojibakeConfig = MojibakeConfig()
) -> StageResult:
    """RAW_CHAPTERS rows of one book -> CLEAN_CHAPTERS rows (stage "clean").

    ``boilerplate`` maps a language to extra per-site line regexes. Rejects ``mojibake`` (checked
    on the raw text with ``mojibake``), notices posted as chapters by their title (``filters.non_chapters``: ``author_note``,
    ``leave_notice``, ``thanks_note``, ``on_shelf_notice``) and ``empty_chapter`` (no sentence left after cleaning). ``stats`` adds
    ``removed_lines``: boilerplate lines removed per class ("title" for repeated titles).
    """
    patterns = {lang: site_boilerplate(boilerplate, lang) for lang in ("zh", "en")}
    rows, rejected, removed = [], [], Counter()
    for raw in raw_rows:
        result = _clean_chapter(raw, patterns[raw["lang"]], removed, mojibake)
        if isinstance(result, Rejection):
            rejected.append(result.row("clean", raw["raw_id"], raw["book_id"], raw["lang"]))
        else:
            rows.append(result)
    return StageResult(rows, rejected, _stats(len(raw_rows), rows, rejected, removed_lines=dict(removed)))


_chapter_chars = itemgetter("book_id", "chapter_no", "lang", "n_chars")


def _pairable_char_counts(chapters: Iterable[tuple[str, int | None, str, int]]) -> list[tuple[int, int]]:
    """(zh, en) characters of each numbered chapter found in both languages of its book.

    ``chapters`` are ``(book_id, chapter_no, lang, n_chars)`` of CLEAN_CHAPTERS rows.
    """
    chars: dict[tuple[str, int], dict[str, int]] = defaultdict(lambda: {"zh": 0, "en": 0})
    for book_id, chapter_no, lang, n_chars in chapters:
        if chapter_no is not None:
            chars[book_id, chapter_no][lang] += n_chars
    return [(c["zh"], c["en"]) for c in chars.values() if c["zh"] and c["en"]]


def _text(row: dict) -> str:
    return "\n".join(row["paragraphs"])


class _Signatures:
    """Pass 1 of ``dedup_books`` in one language: per chapter its id, book, content hash and signature."""

    def __init__(self, lang: str, config: DedupConfig):
        self.lang, self.config = lang, config
        self.hasher = MinHasher(config.num_perm, config.seed)
        self.ids: list[str] = []
        self.books: list[str] = []
        self.keys: list[str] = []
        self.blocks = [np.empty((0, config.num_perm), dtype=np.uint32)]  # the signatures, a block per book

    def add(self, rows: list[dict]) -> None:
        texts = [_text(row) for row in rows]
        self.ids += [row["raw_id"] for row in rows]
        self.books += [row["book_id"] for row in rows]
        self.keys += [content_hash(text) for text in texts]
        signatures = [self.hasher.text_signature(text, self.lang, self.config.ngram) for text in texts]
        self.blocks.append(
            np.stack(signatures) if signatures else np.empty((0, self.config.num_perm), dtype=np.uint32)
        )

    def candidates(self) -> Candidates:
        return find_candidates(self.ids, self.keys, np.concatenate(self.blocks), self.config)


def _shingle_sets(
    wanted: Mapping[str, set[str]],
    book_of: Mapping[str, str],
    book_ids: Sequence[str],
    load: Callable[[str], list[dict]],
    ngram: int,
) -> dict[str, dict[str, np.ndarray]]:
    """Pass 2 of ``dedup_books``: per language, the shingle sets of the ``wanted`` chapters.

    Loads each book holding a wanted chapter once.
    """
    books = {book_of[raw_id] for ids in wanted.values() for raw_id in ids}
    sets: dict[str, dict[str, np.ndarray]] = {lang: {} for lang in wanted}
    for book in (book for book in book_ids if book in books):
        for row in load(book):
            if row["raw_id"] in wanted[row["lang"]]:
                sets[row["lang"]][row["raw_id"]] = shingles(_text(row), row["lang"], ngram)
    return sets


def dedup_books(
    book_ids: Sequence[str], load: Callable[[str], list[dict]], config: DedupConfig = DedupConfig()
) -> StageResult:
    """Drop exact and near-duplicate chapters within and across books, per language (stage "dedup").

    ``load(book_id)`` returns a book's CLEAN_CHAPTERS rows; one book's text is held at a time. Pass 1
    loads every book and keeps, per chapter, its content hash, MinHash signature and character count;
    LSH banding over the signatures gives the near-duplicate candidates; pass 2 reloads, once each, only
    the books that hold a candidate and verifies the candidates by true Jaccard.

    Returns no rows (the kept chapters stay in their books: drop those whose raw_id is a rejection's
    ``item_id``), the REJECTED row of each removed chapter, and the stats. ``stats["en_per_zh"]`` is
    the corpus en/zh character ratio over the chapters kept that have a counterpart with the same
    number in their book.
    """
    index = {lang: _Signatures(lang, config) for lang in ("zh", "en")}
    chapters = []  # (raw_id, _chapter_chars) of every chapter
    for book in book_ids:
        rows = load(book)
        for signatures in index.values():
            signatures.add([row for row in rows if row["lang"] == signatures.lang])
        chapters += [(row["raw_id"], _chapter_chars(row)) for row in rows]
    candidates = {lang: signatures.candidates() for lang, signatures in index.items()}
    book_of = {raw_id: book for sigs in index.values() for raw_id, book in zip(sigs.ids, sigs.books)}
    wanted = {lang: found.to_verify() for lang, found in candidates.items()}
    sets = _shingle_sets(wanted, book_of, book_ids, load, config.ngram)
    removed = {}
    for lang, found in candidates.items():
        for dup in found.resolve(sets[lang], config.threshold):
            book = book_of[dup.item_id]
            removed[dup.item_id] = Rejection(dup.reason, dup.detail).row("dedup", dup.item_id, book, lang)
    kept = [chars for raw_id, chars in chapters if raw_id not in removed]
    en_per_zh = corpus_char_ratio(_pairable_char_counts(kept))
    rejected = list(removed.values())
    return StageResult([], rejected, _stats(len(chapters), kept, rejected, en_per_zh=en_per_zh))


def dedup_corpus(clean_rows: list[dict], config: DedupConfig = DedupConfig()) -> StageResult:
    """``dedup_books`` on rows held in memory: the kept rows (input order), the rejections and the stats."""
    books: dict[str, list[dict]] = defaultdict(list)
    for row in clean_rows:
        books[row["book_id"]].append(row)
    result = dedup_books(list(books), books.__getitem__, config)
    removed = {row["item_id"] for row in result.rejections}
    return StageResult(
        [row for row in clean_rows if row["raw_id"] not in removed], result.rejections, result.stats
    )


def _visible(text: str) -> int:
    """Characters other than whitespace."""
    return len("".join(text.split()))


def _paragraph_starts(paragraphs: list[str], sentences: list[str], lang: str) -> list[int]:
    """``paragraph_starts`` counted off the chapter's own sentences instead of splitting again.

    The sentences of a paragraph hold exactly its characters other than whitespace, at least one each, so
    a paragraph's first sentence is the one after those of the paragraphs before. Sentences that do not add
    up so (not split from these paragraphs) are split again.
    """
    starts, k = [], 0
    for paragraph in paragraphs:
        need = _visible(paragraph)
        if need:
            starts.append(k)
        while need > 0 and k < len(sentences):
            need -= _visible(sentences[k])
            k += 1
        if need:
            return paragraph_starts(paragraphs, lang)
    return starts if k == len(sentences) else paragraph_starts(paragraphs, lang)


def _chapter_row(pair: ChapterPair) -> dict:
    return {
        "chapter_id": pair.chapter_id,
        "book_id": pair.book_id,
        "chapter_no": pair.chapter_no,
        "title_zh": pair.zh[0]["title"],
        "title_en": pair.en[0]["title"],
        "zh_sentences": pair.side("zh", "sentences"),
        "en_sentences": pair.side("en", "sentences"),
        "zh_chars": sum(row["n_chars"] for row in pair.zh),
        "en_chars": sum(row["n_chars"] for row in pair.en),
        "zh_raw_ids": [row["raw_id"] for row in pair.zh],
        "en_raw_ids": [row["raw_id"] for row in pair.en],
        "zh_paragraph_starts": _paragraph_starts(
            pair.side("zh", "paragraphs"), pair.side("zh", "sentences"), "zh"
        ),
        "en_paragraph_starts": _paragraph_starts(
            pair.side("en", "paragraphs"), pair.side("en", "sentences"), "en"
        ),
        "zh_words": pair.side("zh", "words"),
    }


def pair_and_filter_book(
    clean_rows: list[dict],
    config: FilterConfig,
    en_per_zh: float | None = None,
    lexicon: Lexicon | None = None,
    match: MatchConfig = MatchConfig(),
) -> StageResult:
    """CLEAN_CHAPTERS rows of one book -> CHAPTERS rows (stages "pair" and "filter").

    ``en_per_zh`` scales English lengths for the length-ratio filter and the pairing's content score;
    by default it is the book's own median en/zh character ratio (translators differ in verbosity,
    and a book's ratio does not move when another book changes, so incremental reruns stay per book).
    Pairs that content re-paired keep a "pair" row naming how (``filters.pairing``); ``stats["pairing"]``
    says for every chapter pair how it was paired (``match``: the pairing's weights).
    """
    if en_per_zh is None:
        en_per_zh = corpus_char_ratio(_pairable_char_counts(map(_chapter_chars, clean_rows)))
    pairs, unpaired = pair_chapters(clean_rows, lexicon, en_per_zh, match)
    rejected = [why.row("pair", row["raw_id"], row["book_id"]) for row, why in unpaired]
    rejected += [pair.outcome.row("pair", pair.chapter_id, pair.book_id) for pair in pairs if pair.outcome]
    pairing = {pair.chapter_id: pair.how for pair in pairs}
    chapters = []
    for pair in pairs:
        row = _chapter_row(pair)
        why = check_chapter(
            row["zh_sentences"], row["en_sentences"], pair.side("zh", "paragraphs"), config, en_per_zh
        )
        if why is None:
            chapters.append(row)
        else:
            rejected.append(why.row("filter", pair.chapter_id, pair.book_id))
    return StageResult(
        chapters,
        rejected,
        _stats(len(clean_rows), chapters, rejected, pairs=len(pairs), en_per_zh=en_per_zh, pairing=pairing),
    )
