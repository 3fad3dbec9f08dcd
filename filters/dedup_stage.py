"""The dedup stage: exact and near-duplicate chapters dropped within and across books, per language.

Two passes over the books, one book's text in memory at a time: MinHash signatures and LSH candidates,
then the candidates verified by true Jaccard (``filters.dedup``). Kept rows stay in their books; the
stage returns the REJECTED row of each removed chapter.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from core.rejection import Rejection
from core.stage import StageResult, stage_stats
from filters.chapter_filters import chapter_chars, corpus_char_ratio, pairable_char_counts
from filters.dedup import Candidates, DedupConfig, MinHasher, content_hash, find_candidates, shingles


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
    chapters = []  # (raw_id, chapter_chars) of every chapter
    for book in book_ids:
        rows = load(book)
        for signatures in index.values():
            signatures.add([row for row in rows if row["lang"] == signatures.lang])
        chapters += [(row["raw_id"], chapter_chars(row)) for row in rows]
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
    en_per_zh = corpus_char_ratio(pairable_char_counts(kept))
    rejected = list(removed.values())
    return StageResult([], rejected, stage_stats(len(chapters), kept, rejected, en_per_zh=en_per_zh))


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
