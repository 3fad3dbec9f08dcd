"""A tiny synthetic output folder written with core.storage: every text here is made up."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from core.layout import Layout
from core.storage import write_table

GENRES = ["romance", "fantasy", "romance", "wuxia", "xianxia", "urban"]
SHARED = ("你好。", "Hello!")  # in every chapter: the held-out copies make the train copies leak


def _beads(book: str, no: int) -> list[tuple[str, str, str]]:
    """(zh, en, bead_type) of a chapter: 1-1 beads, a 1-2, a 0-1, tricky characters."""
    tag = f"{book}-{no}"
    return [
        (f"{tag}第一句。", f"{tag} first sentence.", "1-1"),
        SHARED + ("1-1",),
        (f"{tag}有<特殊>&字符。", f'{tag} has <special> & "chars".', "1-1"),
        (f"{tag}第三句。", f"{tag} third. It has two sentences.", "1-2"),
        ("", f"{tag} the translator added this.", "0-1"),
        (f"{tag}最后\n一句。", f"{tag} last\nsentence.", "1-1"),
    ]


def _pair_row(
    chapter_id: str, book: str, bead_no: int, zh: str, en: str, kind: str, zh_start: int, en_start: int
) -> dict:
    n_zh, n_en = (int(x) for x in kind.split("-"))
    return {
        "pair_id": f"{chapter_id}/{bead_no}",
        "chapter_id": chapter_id,
        "book_id": book,
        "bead_no": bead_no,
        "zh_idx": list(range(zh_start, zh_start + n_zh)),
        "en_idx": list(range(en_start, en_start + n_en)),
        "zh": zh,
        "en": en,
        "bead_type": kind,
        "score": 0.5 + bead_no / 20,
    }


def write_book(layout: Layout, book: str, chapters: int) -> None:
    raw = {"zh": [], "en": []}
    clean, rows, pairs = [], [], []
    for no in range(1, chapters + 1):
        chapter_id = f"{book}/{no}"
        beads = _beads(book, no)
        zh_sents = [zh for zh, _, _ in beads if zh]
        en_sents = [s for _, en, _ in beads for s in en.replace(". It", ".\nIt").split("\n")]
        for lang, sents in (("zh", zh_sents), ("en", en_sents)):
            raw_id = f"{book}/{lang}/{no - 1:05d}"
            title = f"第{no}章" if lang == "zh" else f"Chapter {no}"
            raw[lang].append(
                {
                    "raw_id": raw_id,
                    "book_id": book,
                    "lang": lang,
                    "site": f"{lang}.example",
                    "toc_index": no - 1,
                    "url": f"https://{lang}.example/{book}/{no}",
                    "page_urls": [f"https://{lang}.example/{book}/{no}"],
                    "fetched_at": datetime(2024, 5, 1, tzinfo=UTC),
                    "encoding": "utf-8",
                    "title": title,
                    "text": "\n".join([title, *sents]),
                    "content_hash": f"h{raw_id}",
                }
            )
            clean.append(
                {
                    "raw_id": raw_id,
                    "book_id": book,
                    "lang": lang,
                    "toc_index": no - 1,
                    "chapter_no": no,
                    "part": None,
                    "title": title,
                    "paragraphs": sents,
                    "sentences": sents,
                    "n_chars": sum(map(len, sents)),
                    "content_hash": raw_id,
                }
            )
        rows.append(
            {
                "chapter_id": chapter_id,
                "book_id": book,
                "chapter_no": no,
                "title_zh": f"第{no}章",
                "title_en": f"Chapter {no}",
                "zh_sentences": zh_sents,
                "en_sentences": en_sents,
                "zh_chars": sum(map(len, zh_sents)),
                "en_chars": sum(map(len, en_sents)),
                "zh_raw_ids": [f"{book}/zh/{no - 1:05d}"],
                "en_raw_ids": [f"{book}/en/{no - 1:05d}"],
                "zh_paragraph_starts": None,
                "en_paragraph_starts": None,
                "zh_words": None,
            }
        )
        zh_at = en_at = 0
        for bead_no, (zh, en, kind) in enumerate(beads):
            pairs.append(_pair_row(chapter_id, book, bead_no, zh, en, kind, zh_at, en_at))
            zh_at, en_at = zh_at + int(kind[0]), en_at + int(kind[-1])
    for lang, lang_rows in raw.items():
        write_table(lang_rows, "raw_chapters", layout.raw(lang, book))
    write_table(clean, "clean_chapters", layout.clean(book))
    write_table(rows, "chapters", layout.chapters(book))
    write_table(pairs, "aligned_pairs", layout.aligned(book))
    for stage, item_id, lang, reason in (
        ("filter", f"{book}/1", "", "too_few_sentences"),
        ("clean", f"{book}/en/{chapters:05d}", "en", "empty_body"),
    ):
        write_table(
            [
                {
                    "stage": stage,
                    "item_id": item_id,
                    "book_id": book,
                    "lang": lang,
                    "reason": reason,
                    "detail": "made up",
                }
            ],
            "rejected",
            layout.rejected(stage, book),
        )


def write_candidates(layout: Layout, book: str) -> None:
    chapter_id = f"{book}/1"
    sent_a, sent_b = f"{book}-1 first sentence.", f"{book}-1 third."
    write_table(
        [
            {
                "candidate_id": f"{chapter_id}/c{n}",
                "chapter_id": chapter_id,
                "book_id": book,
                "phenomenon": phenomenon,
                "subtype": "",
                "adjacent": n == 0,
                "adjacency": "adjacent" if n == 0 else "non_adjacent",
                "distance": 2,
                "sent_a": 0,
                "sent_b": 2,
                "pair_a": f"{chapter_id}/0",
                "pair_b": f"{chapter_id}/3",
                "a_start": sent_a.index("first"),
                "a_end": sent_a.index("first") + 5,
                "b_start": sent_b.index("third"),
                "b_end": sent_b.index("third") + 5,
                "a_text": "first",
                "b_text": "third",
                "sentence_a": sent_a,
                "sentence_b": sent_b,
                "trigger": "x",
                "zh_a": "甲",
                "zh_b": "乙",
                "evidence": "",
            }
            for n, phenomenon in enumerate(["repetition", "reference", "conjunction"])
        ],
        "candidates",
        layout.candidates(book),
    )


def build_output(root: Path, books: int = 3, chapters: int = 4, candidates: bool = True) -> Layout:
    layout = Layout(root)
    ids = [f"book{n}" for n in range(books)]
    write_table(
        [
            {
                "book_id": b,
                "title_zh": f"书{n}",
                "title_en": f"Book {n}",
                "genre": GENRES[n % 6],
                "zh_site": "zh.example",
                "en_site": "en.example",
                "adopted": False,
            }
            for n, b in enumerate(ids)
        ],
        "books",
        layout.books(),
    )
    for n, book in enumerate(ids):
        write_book(layout, book, chapters + n)
        if candidates:
            write_candidates(layout, book)
    return layout
