"""Size caps on local books, so that a hostile or broken file is a named rejection, not a memory blow-up."""

from __future__ import annotations

from dataclasses import dataclass

from core.files import MAX_INPUT_BYTES
from text.limits import MAX_SPLIT_CHARS


@dataclass(frozen=True)
class Caps:
    entry_bytes: int = 16 * 2**20  # inflated size of one XML document of an EPUB: ``entry_too_large``
    book_bytes: int = (
        MAX_INPUT_BYTES  # inflated bytes read from an EPUB, or a text book's size: ``book_too_large``
    )
    chapter_chars: int = (
        MAX_SPLIT_CHARS  # one chapter (a web-novel one has a few thousand): ``chapter_too_long``
    )
    chapters: int = (
        100_000  # chapters of one book (the longest web novels have ~10,000): ``too_many_chapters``
    )
    # paragraphs of one book, a text book's headings included (the longest web novels have ~1,000,000): each
    # costs some 100 bytes held, so a 256 MB text book of two-letter lines took 8 GB and 10 minutes, and an
    # EPUB of 15 documents of 16 MB of two-letter paragraphs over 6 minutes, to come to ``chapter_too_long``;
    # past the cap the book is ``too_many_paragraphs``
    paragraphs: int = 5_000_000
    # the size of an EPUB zip's list of entries (its central directory, 46 bytes and the name per entry),
    # read before the zip is opened: each entry costs about 1 KB of memory to list (300,000 empty ones in 26
    # MB took 320 MB; a 256 MB file holds ten times as many); 100,000 chapters take some 10 MB: ``too_many_entries``
    zip_directory_bytes: int = 16 * 2**20
