"""Read the demo novels' sources (``demo/source/<book_id>/``): book metadata and chapters as beads.

The format is described in ``demo/source/FORMAT.md``. The beads are both the text of the two demo
sites and the gold alignment used to evaluate the aligner on the demo.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from core.paths import REPO_ROOT
from text.decoding import decode_utf8

SOURCE_DIR = REPO_ROOT / "demo" / "source"


@dataclass(frozen=True)
class Bead:
    zh: str  # the Chinese sentences of the bead ("" for a sentence the translator added)
    en: str  # their English translation ("" for a sentence the translator dropped)


@dataclass(frozen=True)
class SourceChapter:
    number: int
    title_zh: str
    title_en: str
    paragraphs: tuple[tuple[Bead, ...], ...]

    def zh_paragraphs(self) -> list[str]:
        return [p for p in ("".join(b.zh for b in para) for para in self.paragraphs) if p]

    def en_paragraphs(self) -> list[str]:
        return [p for p in (" ".join(b.en for b in para if b.en) for para in self.paragraphs) if p]

    def beads(self) -> list[Bead]:
        return [bead for para in self.paragraphs for bead in para]


@dataclass(frozen=True)
class SourceBook:
    book_id: str
    meta: dict
    chapters: tuple[SourceChapter, ...]
    defects: dict = field(default_factory=dict)


class SourceError(ValueError):
    pass


def _read(path: Path) -> tuple[int, list[str]]:
    """The chapter number in the name of ``path`` and its lines; SourceError for another name or text
    that is not UTF-8."""
    if not (number := re.fullmatch(r"ch(\d+)", path.stem)):
        raise SourceError(f"{path}: not a chNN.txt file name")
    try:
        text = decode_utf8(path.read_bytes(), "strict", str(path), "parse", errors_option=False)
    except ValueError as err:
        raise SourceError(str(err)) from None
    return int(number[1]), text.splitlines()


def parse_chapter(path: Path) -> SourceChapter:
    """Parse one ``chNN.txt`` file; errors name the file and line."""
    number, lines = _read(path)
    titles: dict[str, str] = {}
    paragraphs: list[tuple[Bead, ...]] = []
    current: list[Bead] = []
    pending_zh: str | None = None
    for lineno, line in enumerate(lines, 1):
        line = line.rstrip()
        where = f"{path}:{lineno}"
        if not line:
            if pending_zh is not None:
                raise SourceError(f"{where}: a zh: line must be followed by its en: line")
            if current:
                paragraphs.append(tuple(current))
                current = []
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise SourceError(f"{where}: expected 'title-zh:', 'title-en:', 'zh:' or 'en:'")
        value = value.strip()
        if key in ("title-zh", "title-en"):
            titles[key] = value
        elif key == "zh":
            if pending_zh is not None:
                raise SourceError(f"{where}: two zh: lines in a row")
            pending_zh = value
        elif key == "en":
            if pending_zh is None:
                raise SourceError(f"{where}: an en: line without a zh: line before it")
            if not pending_zh and not value:
                raise SourceError(f"{where}: a bead with both sides empty")
            current.append(Bead(zh=pending_zh, en=value))
            pending_zh = None
        else:
            raise SourceError(f"{where}: unknown key {key!r}")
    if pending_zh is not None:
        raise SourceError(f"{path}: the last zh: line has no en: line")
    if current:
        paragraphs.append(tuple(current))
    if set(titles) != {"title-zh", "title-en"}:
        raise SourceError(f"{path}: needs both title-zh: and title-en:")
    return SourceChapter(number, titles["title-zh"], titles["title-en"], tuple(paragraphs))


def load_book(directory: Path) -> SourceBook:
    meta = yaml.safe_load((directory / "book.yaml").read_text(encoding="utf-8"))
    chapters = tuple(parse_chapter(p) for p in sorted(directory.glob("ch*.txt")))
    return SourceBook(directory.name, meta, chapters, meta.get("defects") or {})


def load_books(source_dir: Path = SOURCE_DIR) -> list[SourceBook]:
    return [load_book(d) for d in sorted(source_dir.iterdir()) if (d / "book.yaml").is_file()]


def main(argv: list[str]) -> int:
    """Print bead statistics of the demo sources (a writer's check)."""
    import argparse
    from collections import Counter

    parser = argparse.ArgumentParser(prog="python -m crawlers.demo.source", description=main.__doc__)
    parser.add_argument(
        "source_dir", nargs="?", type=Path, default=SOURCE_DIR, help="the demo sources (default demo/source)"
    )
    for book in load_books(parser.parse_args(argv).source_dir):
        for ch in book.chapters:
            beads = ch.beads()
            zh_sents = sum(b.zh.count("。") + b.zh.count("！") + b.zh.count("？") for b in beads)
            kinds = Counter((bool(b.zh), bool(b.en)) for b in beads)
            print(
                f"{book.book_id} ch{ch.number:02d}: {len(beads)} beads, ~{zh_sents} zh sentence ends, "
                f"{kinds[(True, False)]} 1-0, {kinds[(False, True)]} 0-1"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
