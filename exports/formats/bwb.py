"""BWB's release layout.

``{split}/Book{N}/{K}.chs_re.txt`` (Chinese) and ``{K}.ref_re.txt`` (English): one bead per line,
line i of one translating line i of the other, so readers of the BWB release work unchanged.
One-sided beads are merged into a neighbour (``exports.text.merge_empty_sides``). ``N`` numbers
the books from 0 in the order the docs come (``iter_docs``: book-id order), ``K`` a book's chapters
from 0 in chapter order;
``mapping.json`` maps ``book_id`` -> N and ``chapter_id`` -> {split, book, chapter}.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from core.storage import write_json
from exports.corpus import Doc
from exports.files import LineFiles, staged_dir
from exports.text import merge_empty_sides

ZH_SUFFIX, EN_SUFFIX = ".chs_re.txt", ".ref_re.txt"


def export_bwb(docs: Iterable[Doc], folder: Path) -> dict[str, Any]:
    books: dict[str, int] = {}
    chapters: dict[str, dict[str, Any]] = {}
    per_book: dict[str, int] = {}
    with staged_dir(folder) as tmp:
        with LineFiles(tmp) as out:
            for doc in docs:
                lines = merge_empty_sides(doc.beads)
                if not lines:
                    continue
                book_id = doc.chapter["book_id"]
                n = books.setdefault(book_id, len(books))
                k = per_book[book_id] = per_book.get(book_id, -1) + 1
                stem = f"{doc.split}/Book{n}/{k}"
                out.write_whole(stem + ZH_SUFFIX, [zh for zh, _ in lines])
                out.write_whole(stem + EN_SUFFIX, [en for _, en in lines])
                chapters[doc.chapter["chapter_id"]] = {"split": doc.split, "book": n, "chapter": k}
        write_json({"books": books, "chapters": chapters}, tmp / "mapping.json")
    return {
        "books": len(books),
        "chapters": len(chapters),
        "lines": sum(c for name, c in out.lines.items() if name.endswith(ZH_SUFFIX)),
    }
