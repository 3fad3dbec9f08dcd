"""Read the demo novels' sources (``demo/source/<book_id>/``): book metadata and chapters as beads.

The format is described in ``demo/source/FORMAT.md``. The beads are both the text of the two demo
sites and the gold alignment used to evaluate the aligner on the demo.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from core.arg_types import OneLineParser, input_path
from core.files import os_problem
from core.paths import REPO_ROOT
from core.stdio import exit_with
from core.yaml_safe import YamlProblem, load_yaml
from text.decoding import read_utf8

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


TEXT_FIELDS = (  # the fields of book.yaml that the sites show
    "title_zh", "title_en", "author_zh", "author_en", "synopsis_zh", "synopsis_en", "translator", "editor",
)  # fmt: skip
FIELDS = (*TEXT_FIELDS, "genre", "defects")
DEFECTS = ("duplicate_zh", "truncated_en", "untranslated", "prologue_en", "merged_en", "author_note_zh")
_DEFECT_SHAPES = {  # what each defect's value is: chapter numbers, true/false, or pairs of numbers
    "duplicate_zh": "a list of the book's chapter numbers",
    "truncated_en": "a list of the book's chapter numbers",
    "untranslated": "a list of the book's chapter numbers",
    "prologue_en": "true or false",
    "merged_en": "a list of [chapter, next chapter] pairs of the book's chapter numbers",
    "author_note_zh": "one of the book's chapter numbers",
}


class SourceError(ValueError):
    pass


def _text(path: Path) -> str:
    """The UTF-8 text of ``path``; SourceError for no regular file, one that cannot be read, or text that
    is not UTF-8 (``text.decoding.read_utf8``)."""
    try:
        return read_utf8(path, "parse")
    except ValueError as err:
        raise SourceError(str(err)) from None


def _read(path: Path) -> tuple[int, list[str]]:
    """The chapter number in the name of ``path`` and its lines; SourceError for another name, or a file
    that cannot be read, is not a regular file or is not UTF-8."""
    if not (number := re.fullmatch(r"ch(\d+)", path.stem)):
        raise SourceError(f"{path}: not a chNN.txt file name")
    return int(number[1]), _text(path).splitlines()


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


def _meta(path: Path) -> dict:
    """The fields of a ``book.yaml``; SourceError (one line) for a missing file, or one that is not a YAML
    mapping of the known fields (``core.yaml_safe``: no duplicate keys, no alias bombs)."""
    text = _text(path)
    try:
        meta = load_yaml(text)
    except YamlProblem as err:
        where = "" if err.where == "(file)" else f" {err.where}:"
        raise SourceError(f"{path}:{where} {err}") from None
    if not isinstance(meta, dict):
        raise SourceError(f"{path}: not a mapping of book fields")
    if unknown := sorted(str(name) for name in meta if name not in FIELDS):
        raise SourceError(f"{path}: {', '.join(unknown)}: unknown field (fields: {', '.join(FIELDS)})")
    if missing := [name for name in TEXT_FIELDS if not isinstance(meta.get(name), str)]:
        raise SourceError(f"{path}: {', '.join(missing)}: missing or not text")
    defects = meta.get("defects") or {}
    if not isinstance(defects, dict) or not set(defects) <= set(DEFECTS):
        raise SourceError(f"{path}: defects: a mapping of {', '.join(DEFECTS)}")
    return meta


def load_book(directory: Path) -> SourceBook:
    """The book in ``directory``; SourceError naming the file for a missing or malformed ``book.yaml``
    or chapter."""
    meta = _meta(directory / "book.yaml")
    chapters = tuple(parse_chapter(p) for p in sorted(directory.glob("ch*.txt")))
    defects = meta.get("defects") or {}
    numbers = {chapter.number for chapter in chapters}
    for name, value in defects.items():
        if not _defect_fits(name, value, numbers):
            raise SourceError(
                f"{directory / 'book.yaml'}: defects.{name}: {_DEFECT_SHAPES[name]} (got {value!r})"
            )
    return SourceBook(directory.name, meta, chapters, defects)


def _defect_fits(name: str, value: object, numbers: set[int]) -> bool:
    """Whether a defect's ``value`` has its shape (``_DEFECT_SHAPES``) and names chapters in ``numbers``."""

    def chapter(v: object) -> bool:
        return type(v) is int and v in numbers  # not true or false, which are ints to isinstance

    if name == "prologue_en":
        return isinstance(value, bool)
    if name == "author_note_zh":
        return chapter(value)
    if not isinstance(value, list):
        return False
    if name == "merged_en":
        return all(isinstance(p, list) and len(p) == 2 and all(map(chapter, p)) for p in value)
    return all(map(chapter, value))


def load_books(source_dir: Path = SOURCE_DIR) -> list[SourceBook]:
    """The books of ``source_dir``: its folders with a ``book.yaml`` or ``chNN.txt`` files (chapters
    without a ``book.yaml`` are a SourceError, not a book left out; so is a folder without books)."""
    books = [load_book(d) for d in sorted(source_dir.iterdir()) if _is_book(d)]
    if not books:
        raise SourceError(f"{source_dir}: no book (a folder with a book.yaml and chNN.txt files)")
    return books


def _is_book(path: Path) -> bool:
    return path.is_dir() and ((path / "book.yaml").exists() or any(path.glob("ch*.txt")))


def _stats(book_id: str, ch: SourceChapter) -> str:
    """One line of bead statistics of a chapter."""
    beads = ch.beads()
    zh_sents = sum(b.zh.count("。") + b.zh.count("！") + b.zh.count("？") for b in beads)
    kinds = Counter((bool(b.zh), bool(b.en)) for b in beads)
    return (
        f"{book_id} ch{ch.number:02d}: {len(beads)} beads, ~{zh_sents} zh sentence ends, "
        f"{kinds[(True, False)]} 1-0, {kinds[(False, True)]} 0-1"
    )


def main(argv: list[str]) -> int:
    """Print bead statistics of the demo sources (a writer's check); a malformed source is one line and
    exit 1."""
    parser = OneLineParser(prog="python -m crawlers.demo.source", description=main.__doc__)
    parser.add_argument(
        "source_dir",
        nargs="?",
        type=input_path,
        default=SOURCE_DIR,
        help="the demo sources (default demo/source)",
    )
    source_dir = parser.parse_args(argv).source_dir
    try:
        books = load_books(source_dir)
    except SourceError as err:  # a malformed book
        print(f"error: {err}", file=sys.stderr)
        return 1
    except OSError as err:  # no such folder, a file: one line, not "[Errno 20] Not a directory: '/dev/null'"
        print(f"error: {err.filename}: {os_problem(err)}", file=sys.stderr)
        return 1
    for book in books:
        for ch in book.chapters:
            print(_stats(book.book_id, ch))
    return 0


if __name__ == "__main__":
    exit_with(lambda: main(sys.argv[1:]))
