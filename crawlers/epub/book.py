"""An EPUB's chapters in spine order, with the spine items that are broken or dropped by rule."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from crawlers.epub.archive import Archive, EpubError, open_zip
from crawlers.epub.chapter import EpubChapter, read_chapter
from crawlers.epub.contents import toc_titles
from crawlers.epub.drm import refuse_drm
from crawlers.epub.markup import read_xml
from crawlers.epub.package import read_package
from crawlers.limits import Caps

# Spine items of these media types hold no text (an illustration, a cover image): dropped by rule.
_NO_TEXT_MEDIA = ("image/", "audio/", "video/", "font/")
# How Calibre names the parts of a file it splits (chapter7_split_000.html, chapter7_split_001.html).
_SPLIT = re.compile(r"_split_\d+(?=\.\w+$)")


@dataclass
class EpubBook:
    chapters: list[EpubChapter] = field(default_factory=list)
    broken: dict[str, tuple[str, str]] = field(
        default_factory=dict
    )  # href -> (reason, detail) it was not read
    dropped: dict[str, str] = field(default_factory=dict)  # href -> the rule that dropped it


def _unsplit(href: str) -> str:
    """The name of the file a converter split ``href`` from ("c7_split_001.xhtml" -> "c7.xhtml")."""
    return _SPLIT.sub("", href)


def read_epub(path: Path, caps: Caps = Caps(), chinese: bool = False) -> EpubBook:
    """The chapters of an EPUB in spine order (``chinese``: a Chinese site's, ``crawlers.epub.markup.parse``);
    unreadable chapters in ``broken``, matter in ``dropped``.

    A chapter is ``broken`` when its document is missing (``missing_item``) or does not parse
    (``broken_xhtml``). Raises EpubError when the book cannot be read: not a zip, no package, no
    spine, an entry that cannot be inflated, an entry or the book over its cap, more spine items than
    the chapter cap (``too_many_chapters``), more paragraphs than their cap, counted as each chapter is read
    (``too_many_paragraphs``), a zip listing entries past their cap (``too_many_entries``),
    chapters encrypted with DRM (``encrypted_entry``), or no spine item that is a chapter
    (``no_chapters``). Spine items that are images, audio or video are dropped by rule. A spine item without a heading or a title in the table of contents that a converter
    split from the chapter read just before it (Calibre's "c7_split_001.xhtml" after "c7.xhtml" or
    "c7_split_000.xhtml") continues that chapter.
    """
    with open_zip(path, caps) as zipped:
        archive = Archive(zipped, caps.entry_bytes, caps.book_bytes, chinese)
        package = read_package(archive, caps.chapters)
        manifest, media = package.manifest, package.media
        refuse_drm(archive, [manifest[idref] for idref in package.spine if idref in manifest])
        titles = toc_titles(archive, package.opf, package.base)
        book = EpubBook()
        for listed_file, times in package.listed.items():
            if times > 1:  # a 6 KB file listing one item 99,999 times was 99,999 copies of it to build
                book.dropped[f"{listed_file} again"] = f"the spine lists it {times} times"
        previous = None  # the chapter of the spine item just read, if it was one
        read = 0  # paragraphs read so far
        for idref in package.spine:
            last, previous = previous, None
            href = manifest.get(idref)
            if href is None:
                book.broken[str(idref)] = ("missing_item", f"spine item {idref!r} is not in the manifest")
                continue
            if media.get(idref, "").startswith(_NO_TEXT_MEDIA):
                book.dropped[href] = f"media-type {media[idref]}"
                continue
            if href not in archive:
                book.broken[href] = ("missing_item", f"spine item {idref!r}: {href} is not in the file")
                continue
            try:
                root = read_xml(archive, href, "broken_xhtml")
            except EpubError as err:
                if err.reason != "broken_xhtml":
                    raise  # the entry cannot be inflated, or is over a cap: the whole book is rejected
                book.broken[href] = (err.reason, err.detail)
                continue
            chapter, why = read_chapter(root, href, titles.get(href, ""))
            read += len(chapter.paragraphs) if chapter else 0
            if read > caps.paragraphs:
                raise EpubError(
                    "too_many_paragraphs",
                    f"more than {caps.paragraphs:,} paragraphs by {href} (cap; a book of 10,000 chapters has "
                    "some 1,000,000): is it a word a paragraph?",
                )
            if chapter is None:
                book.dropped[href] = why
            elif last is not None and not chapter.title and _unsplit(href) == _unsplit(last.href):
                last.paragraphs += chapter.paragraphs  # a chapter's next file ("c7_split_001.xhtml")
                previous = last
            else:
                book.chapters.append(chapter)
                previous = chapter
        if not book.chapters and not book.broken:  # all matter or empty: a side with nothing, said by name
            dropped = "; ".join(dict.fromkeys(book.dropped.values()))
            raise EpubError("no_chapters", f"{path.name}: every spine item was dropped ({dropped})")
        return book
