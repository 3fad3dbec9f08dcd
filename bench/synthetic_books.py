"""Write a synthetic corpus (``bench.synthetic``) as local text books and a config, for a full CLI build.

``python -m bench.synthetic_books DIR --books 20 --chapters 4 [--renumber]`` writes ``DIR/{book}-zh.txt``,
``DIR/{book}-en.txt`` (one chapter heading line, then its paragraphs) and ``DIR/config.yaml``; then
``python -m pipeline corpus --config DIR/config.yaml --output DIR/output`` builds it (crawl of local files through mining).
``--renumber`` numbers the translations as real ones are (prologues, skipped and merged chapters;
``bench.synthetic.Renumbering``).
"""

from __future__ import annotations

from pathlib import Path

import yaml

from bench.synthetic import synthetic_raw
from core.arg_types import OneLineParser, output_folder, positive_up_to
from crawlers.limits import Caps
from core.stdio import exit_with
from core.storage import write_bytes

BOOKS = positive_up_to(1000, "BWB has 384 books")  # more only wrote for hours
CHAPTERS = positive_up_to(Caps().chapters, "the most a book may have: too_many_chapters")


def write_books(folder: Path, n_books: int, chapters: int, renumber: bool = False) -> Path:
    """The books' text files and a config for them, each written atomically (a killed rerun left a book cut
    short beside the config of the run before); returns the config's path."""
    folder.mkdir(parents=True, exist_ok=True)
    books = []
    for book_id, rows in synthetic_raw(n_books, chapters, seed=0, renumber=renumber).items():
        for lang in ("zh", "en"):
            text = "\n\n".join(r["text"][r["text"].index(r["title"]) :] for r in rows if r["lang"] == lang)
            write_bytes(folder / f"{book_id}-{lang}.txt", (text + "\n").encode("utf-8"))
        books.append(
            {
                "id": book_id,
                **{lang: {"site": f"local-{lang}", "toc": f"{book_id}-{lang}.txt"} for lang in ("zh", "en")},
            }
        )
    config = {
        "sites": {"local-zh": {"kind": "text", "lang": "zh"}, "local-en": {"kind": "text", "lang": "en"}},
        "books": books,
    }
    path = folder / "config.yaml"
    write_bytes(path, yaml.safe_dump(config, allow_unicode=True, sort_keys=False).encode("utf-8"))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.synthetic_books", description=__doc__.splitlines()[0])
    parser.add_argument(
        "folder", type=output_folder, help="folder to write the books, their sites and config.yaml into"
    )
    parser.add_argument("--books", type=BOOKS, default=20, help="how many books (default 20)")
    parser.add_argument("--chapters", type=CHAPTERS, default=4, help="chapters per book (default 4)")
    parser.add_argument("--renumber", action="store_true", help="prologues, skipped and merged translations")
    args = parser.parse_args(argv)
    print(write_books(args.folder, args.books, args.chapters, args.renumber))
    return 0


if __name__ == "__main__":
    exit_with(main)
