"""Chapters of an EPUB file, read with zipfile and ElementTree over the package's spine.

No EPUB library is used: EbookLib, the common one, is AGPL-licensed, and an EPUB is a zip of XML
files (container.xml -> the OPF package: manifest, spine, and a nav or NCX table of contents), so
a reader of what the pipeline needs is short. Titles come from the chapter's first heading, else
the table of contents. Spine items that are front or back matter (by their ``epub:type`` or their
title: cover, copyright, contents, dedication, acknowledgements, about the author, translator's or
author's notes, glossary, ...) are dropped by rule, and so are footnote asides and "TL note" lines
inside chapters.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

_NS = {
    "c": "urn:oasis:names:tc:opendocument:xmlns:container",
    "opf": "http://www.idpf.org/2007/opf",
    "ncx": "http://www.daisy.org/z3986/2005/ncx/",
    "x": "http://www.w3.org/1999/xhtml",
}
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
_BLOCKS = {"p", "li", "blockquote", "pre"}
_HEADINGS = ("h1", "h2", "h3")


class EpubError(ValueError):
    """The file is not a readable EPUB; ``reason`` is a short name (``missing_spine``, ...)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


@dataclass
class EpubChapter:
    href: str  # the spine item's path inside the zip
    title: str
    paragraphs: list[str]


@dataclass
class EpubBook:
    chapters: list[EpubChapter] = field(default_factory=list)
    broken: dict[str, str] = field(default_factory=dict)  # href -> why it could not be read
    dropped: dict[str, str] = field(default_factory=dict)  # href -> the rule that dropped it


def _xml(archive: zipfile.ZipFile, name: str, reason: str) -> ET.Element:
    try:
        return ET.fromstring(archive.read(name))
    except KeyError:
        raise EpubError(reason, f"{name} is missing") from None
    except ET.ParseError as err:
        raise EpubError(reason, f"{name}: {err}") from None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(element: ET.Element) -> str:
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def _toc_titles(archive: zipfile.ZipFile, opf: ET.Element, base: str) -> dict[str, str]:
    """Spine href -> title from the EPUB 3 nav document or the EPUB 2 NCX (empty when neither reads)."""
    titles: dict[str, str] = {}
    items = opf.findall("opf:manifest/opf:item", _NS)
    nav = next((i for i in items if "nav" in (i.get("properties") or "").split()), None)
    spine = opf.find("opf:spine", _NS)
    ncx_id = spine.get("toc") if spine is not None else None
    ncx = next((i for i in items if i.get("id") == ncx_id), None)
    try:
        if nav is not None:
            path = posixpath.join(base, unquote(nav.get("href", "")))
            for link in _xml(archive, path, "bad_nav").iter(f"{{{_NS['x']}}}a"):
                href = posixpath.normpath(posixpath.join(posixpath.dirname(path), unquote(link.get("href", ""))))
                titles.setdefault(href.split("#")[0], _text(link))
        elif ncx is not None:
            path = posixpath.join(base, unquote(ncx.get("href", "")))
            for point in _xml(archive, path, "bad_ncx").iter(f"{{{_NS['ncx']}}}navPoint"):
                label, content = point.find("ncx:navLabel/ncx:text", _NS), point.find("ncx:content", _NS)
                if label is not None and content is not None:
                    href = posixpath.normpath(posixpath.join(posixpath.dirname(path), unquote(content.get("src", ""))))
                    titles.setdefault(href.split("#")[0], (label.text or "").strip())
    except EpubError:
        return {}  # a broken table of contents costs only the fallback titles
    return titles


def _chapter(root: ET.Element, href: str, toc_title: str) -> tuple[EpubChapter | None, str]:
    """The chapter of one XHTML document, or None and the rule that drops it."""
    body = next((e for e in root.iter() if _local(e.tag) == "body"), None)
    if body is None:
        return None, "no body"
    types = {t for e in (body, *body) for t in (e.get(_EPUB_TYPE) or "").split()}
    for aside in [e for e in body.iter() if _local(e.tag) == "aside" or e.get(_EPUB_TYPE) in ("footnote", "endnote")]:
        aside.clear()  # footnotes and translator's asides
    heading = next((_text(e) for e in body.iter() if _local(e.tag) in _HEADINGS and _text(e)), "")
    title = heading or toc_title
    if types & MATTER_TYPES:
        return None, f"epub:type {' '.join(sorted(types & MATTER_TYPES))}"
    if MATTER_TITLE.match(title):
        return None, f"title {title!r}"
    paragraphs = [t for e in body.iter() if _local(e.tag) in _BLOCKS and (t := _text(e))]
    paragraphs = [p for p in paragraphs if not NOTE_LINE.match(p) and p != heading]
    if not paragraphs:
        return None, "no text"
    return EpubChapter(href, title, paragraphs), ""


def read_epub(path: Path) -> EpubBook:
    """The chapters of an EPUB in spine order; unreadable chapters in ``broken``, matter in ``dropped``.

    Raises EpubError when the file itself cannot be read (not a zip, no package, no spine).
    """
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as err:
        raise EpubError("not_an_epub", f"{path.name}: {err}") from None
    with archive:
        rootfile = _xml(archive, "META-INF/container.xml", "no_container").find("c:rootfiles/c:rootfile", _NS)
        if rootfile is None or not rootfile.get("full-path"):
            raise EpubError("no_container", "container.xml names no package document")
        opf_path = rootfile.get("full-path", "")
        opf = _xml(archive, opf_path, "bad_package")
        base = posixpath.dirname(opf_path)
        manifest = {i.get("id"): posixpath.normpath(posixpath.join(base, unquote(i.get("href", ""))))
                    for i in opf.findall("opf:manifest/opf:item", _NS)}
        spine = [ref.get("idref") for ref in opf.findall("opf:spine/opf:itemref", _NS) if ref.get("linear") != "no"]
        if not spine:
            raise EpubError("missing_spine", f"{opf_path} has no spine items")
        titles = _toc_titles(archive, opf, base)
        book = EpubBook()
        for idref in spine:
            href = manifest.get(idref)
            if href is None:
                book.broken[str(idref)] = f"spine item {idref!r} is not in the manifest"
                continue
            try:
                root = _xml(archive, href, "broken_xhtml")
            except EpubError as err:
                book.broken[href] = err.detail
                continue
            chapter, why = _chapter(root, href, titles.get(href, ""))
            if chapter is None:
                book.dropped[href] = why
            else:
                book.chapters.append(chapter)
        return book
