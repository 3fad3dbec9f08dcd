"""One spine item's chapter, or the rule that drops it.

Spine items that are front or back matter (by their ``epub:type`` or their title: cover, copyright,
contents, dedication, acknowledgements, about the author, translator's or author's notes, glossary,
...) are dropped by rule, and so are footnote asides and "TL note" lines inside chapters. Titles come
from the chapter's first heading, else the table of contents.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from crawlers.blocks import local_name
from crawlers.epub.markup import element_text
from crawlers.epub.paragraphs import paragraphs
from crawlers.nesting import outermost

_EPUB_TYPE = "{http://www.idpf.org/2007/ops}type"
MATTER_TYPES = frozenset(
    "cover titlepage halftitlepage copyright-page toc landmarks dedication epigraph acknowledgments "
    "foreword preface colophon index glossary bibliography appendix afterword imprint loi lot "
    "frontmatter backmatter footnotes endnotes rearnotes".split()
)
MATTER_TITLE = re.compile(
    r"^\s*(cover|title page|copyright|(table of )?contents|dedication|acknowledge?ments?|about the "
    r"(author|translator|publisher)|also by|(translator|author|editor)['’]?s?['’]? notes?|t/?l notes?|"
    r"glossary|colophon|index|封面|版权|目录|译者(序|的话|注)|译后记|作者简介)\b",
    re.IGNORECASE,
)
NOTE_LINE = re.compile(r"^\s*[(\[]?\s*(t/?l|translator['’]?s?)\s*(note|n)\b|^\s*\(?t/n\b", re.IGNORECASE)
_HEADINGS = ("h1", "h2", "h3")


@dataclass
class EpubChapter:
    href: str  # the spine item's path inside the zip
    title: str
    paragraphs: list[str]


def read_chapter(root: ET.Element, href: str, toc_title: str) -> tuple[EpubChapter | None, str]:
    """The chapter of one XHTML document, or None and the rule that drops it."""
    body = next((e for e in root.iter() if local_name(e.tag) == "body"), None)
    if body is None:
        return None, "no body"
    types = {t for e in (body, *body) for t in (e.get(_EPUB_TYPE) or "").split()}
    for aside in [
        e for e in body.iter() if local_name(e.tag) == "aside" or e.get(_EPUB_TYPE) in ("footnote", "endnote")
    ]:
        tail = aside.tail  # the text after the note is the chapter's
        aside.clear()  # footnotes and translator's asides
        aside.tail = tail
    headings = outermost(body, lambda e: isinstance(e.tag, str) and local_name(e.tag) in _HEADINGS)
    heading = next((text for e in headings if (text := element_text(e))), "")
    title = heading or toc_title
    if types & MATTER_TYPES:
        return None, f"epub:type {' '.join(sorted(types & MATTER_TYPES))}"
    if MATTER_TITLE.match(title):
        return None, f"title {title!r}"
    found = [p for p in paragraphs(body) if not NOTE_LINE.match(p) and p != heading]
    if not found:
        return None, "no text"
    return EpubChapter(href, title, found), ""
