"""Chapters of an EPUB file, read with zipfile and ElementTree over the package's spine.

No EPUB library is used: EbookLib, the common one, is AGPL-licensed, and an EPUB is a zip of XML
files (container.xml -> the OPF package: manifest, spine, and a nav or NCX table of contents), so
a reader of what the pipeline needs is short. Titles come from the chapter's first heading, else
the table of contents. Spine items that are front or back matter (by their ``epub:type`` or their
title: cover, copyright, contents, dedication, acknowledgements, about the author, translator's or
author's notes, glossary, ...) are dropped by rule, and so are footnote asides and "TL note" lines
inside chapters.

Reading is bounded: every entry is inflated in a stream with a cap per entry and per book
(``crawlers.limits``), and an entry that cannot be inflated (bad CRC, unknown compression,
encryption) rejects the book with a named reason, never a traceback; so does a book whose chapters
META-INF/encryption.xml lists as encrypted (DRM). Entry names written with backslashes (a zip made
on Windows) or in another case than the package names them are found. A document whose DTD declares
entities is refused: an entity can expand a small file past every cap (a "billion laughs"). XML declaring
a multi-byte encoding that expat cannot read (GBK, Big5, Shift-JIS, ...; in its XML declaration or an HTML
meta element) is decoded with Python's codec, XML declaring none must be UTF-8, and zip entry names
written in a legacy code page (GBK, without zip's UTF-8 flag) are found by their names.
"""

from __future__ import annotations

import codecs
import lzma
import posixpath
import re
import zipfile
import zlib
import xml.etree.ElementTree as ET
from xml.parsers import expat
from collections import Counter
from dataclasses import dataclass, field
from html.entities import html5
from pathlib import Path
from urllib.parse import unquote

from crawlers.limits import Caps
from crawlers.nesting import outermost
from text.decoding import LATIN_CHARSETS, chinese_codec

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
# Elements that end a paragraph: text outside every ``_BLOCKS`` element is cut at these (and at <br>).
_BREAKS = _BLOCKS | set(
    "body div section article main header footer nav address figure figcaption table caption thead "
    "tbody tfoot tr td th ul ol dl dt dd hr center details summary hgroup".split()
)
_NOT_TEXT = {"script", "style", "svg", "math", "h1", "h2", "h3", "h4", "h5", "h6"}
_HEADINGS = ("h1", "h2", "h3")
_SPACE = re.compile(r"\s+")
# a line break between two CJK characters (or full-width punctuation) joins them without a space
_CJK_LINE_BREAK = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef])\n(?=[\u3000-\u9fff\uff00-\uffef])")
# Spine items of these media types hold no text (an illustration, a cover image): dropped by rule.
_NO_TEXT_MEDIA = ("image/", "audio/", "video/", "font/")
# How Calibre names the parts of a file it splits (chapter7_split_000.html, chapter7_split_001.html).
_SPLIT = re.compile(r"_split_\d+(?=\.\w+$)")
# encryption.xml algorithms that only obfuscate embedded fonts (EPUB's and Adobe's); any other is DRM.
_FONT_OBFUSCATION = frozenset(("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"))


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
    broken: dict[str, tuple[str, str]] = field(
        default_factory=dict
    )  # href -> (reason, detail) it was not read
    dropped: dict[str, str] = field(default_factory=dict)  # href -> the rule that dropped it


_CHUNK = 2**20
_DECLARED = re.compile(rb"^\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
# HTML's own declaration, honoured when the XML declaration names none: <meta charset="gbk"> or
# <meta http-equiv="Content-Type" content="text/html; charset=gbk"> in the head
_META_CHARSET = re.compile(rb"<meta\s[^>]*?charset\s*=\s*[\"']?([A-Za-z0-9._-]+)", re.I)
_HEAD_BYTES = 8192  # how far into a document its meta declaration is sought
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)  # XML without a declaration: UTF-8 or these
_WIDER = {"gb2312": "gb18030", "gbk": "gb18030", "big5": "big5hkscs"}  # a declared codec -> its superset
_NAMED_REFERENCE = re.compile(r"&([A-Za-z][A-Za-z0-9]{1,31});")
_XML_NAMES = frozenset(("amp", "lt", "gt", "quot", "apos"))  # the only names XML knows without a DTD
_CORRUPT = (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError, ValueError)


class _Archive:
    """The entries of an open EPUB zip, inflated in a stream with a cap per entry and per book."""

    def __init__(
        self, archive: zipfile.ZipFile, max_entry: int, max_book: int, chinese: bool = False
    ) -> None:
        self.archive, self.max_entry, self.max_book = archive, max_entry, max_book
        # a Chinese book's: a document of it that declares a Latin charset may be GBK (``_parse``)
        self.chinese = chinese
        self.inflated = 0  # bytes inflated so far from the whole book
        self.entries = {info.filename: info for info in archive.infolist()}  # the last of a name, as zipfile
        for info in archive.infolist():
            if not info.flag_bits & 0x800 and not info.filename.isascii():
                # no UTF-8 flag: zipfile read the name as cp437; the package names it in its own encoding
                self.entries.setdefault(_legacy_name(info.filename.encode("cp437")), info)
        for name, info in list(self.entries.items()):  # a zip made on Windows may write folders with \
            self.entries.setdefault(name.replace("\\", "/"), info)
        # a package may name an entry in another case than the zip (readers on Windows and macOS find it)
        self.folded = {name.casefold(): info for name, info in self.entries.items()}

    def _info(self, name: str) -> zipfile.ZipInfo:
        """The entry ``name``, else the one of that name in another case; KeyError when neither exists."""
        return self.entries.get(name) or self.folded[name.casefold()]

    def __contains__(self, name: str) -> bool:
        return name in self.entries or name.casefold() in self.folded

    def read(self, name: str) -> bytes:
        """The inflated entry; KeyError when absent, EpubError when too large or not inflatable."""
        info = self._info(name)
        if info.file_size > self.max_entry:
            raise EpubError(
                "entry_too_large", f"{name} inflates to {info.file_size} bytes (cap {self.max_entry})"
            )
        chunks: list[bytes] = []
        size = 0
        try:
            with self.archive.open(info) as entry:
                while chunk := entry.read(min(_CHUNK, self.max_entry + 1 - size)):
                    size += len(chunk)
                    self.inflated += len(chunk)
                    if size > self.max_entry:
                        raise EpubError(
                            "entry_too_large", f"{name} inflates past the cap of {self.max_entry} bytes"
                        )
                    if self.inflated > self.max_book:
                        raise EpubError(
                            "book_too_large", f"the book inflates past the cap of {self.max_book} bytes"
                        )
                    chunks.append(chunk)
        except EpubError:
            raise
        except NotImplementedError as err:
            raise EpubError("unsupported_compression", f"{name}: {err}") from None
        except RuntimeError as err:  # zipfile's only RuntimeError: an encrypted entry without a password
            raise EpubError("encrypted_entry", f"{name}: {err}") from None
        except _CORRUPT as err:
            raise EpubError("corrupt_entry", f"{name}: {type(err).__name__}: {err}") from None
        return b"".join(chunks)


def _legacy_name(raw: bytes) -> str:
    """A zip entry name written without zip's UTF-8 flag: UTF-8 all the same (many tools), else GB18030."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gb18030", errors="replace")


def _numeric_references(text: str) -> str:
    """HTML's named character references (``&nbsp;``, ``&mdash;``) written as numeric ones: XHTML may use
    them (EPUB 2 declares the XHTML 1.1 DTD, which defines them), but expat reads no external DTD.
    XML's own five and names HTML does not know are left as they are."""

    def numeric(match: re.Match[str]) -> str:
        name = match.group(1)
        characters = None if name in _XML_NAMES else html5.get(name + ";")
        return match.group(0) if characters is None else "".join(f"&#{ord(c)};" for c in characters)

    return _NAMED_REFERENCE.sub(numeric, text)


class _RootStarted(Exception):
    """The root element began: the DTD, where entities are declared, lies behind."""


def _refuse_entities(document: bytes | str) -> None:
    """ValueError when the document's DTD declares an entity. Entities are a way to expand a small file
    past every cap (a thousand-fold "billion laughs", or a 15 MB entity referenced 90 times), and an
    EPUB's XHTML has no need of them (HTML's named references are read without one). Only the prolog is
    read here; a document that is not well-formed is left to the parser, which names its error."""

    def declared(name: str, *_: object) -> None:
        raise ValueError(
            f"its DOCTYPE declares the entity {name!r}: entities are refused (they can expand past any cap)"
        )

    def started(*_: object) -> None:
        raise _RootStarted

    scan = expat.ParserCreate()
    scan.EntityDeclHandler = declared
    scan.StartElementHandler = started
    try:
        scan.Parse(document, True)
    except (_RootStarted, expat.ExpatError):
        pass


def _parse(data: bytes, chinese: bool = False) -> ET.Element:
    """The XML document, HTML's named references read; one declaring a multi-byte encoding (which expat
    refuses), in its XML declaration or else in an HTML meta element, is decoded first, as UTF-8 where
    its bytes are not in that encoding but are UTF-8. One declaring no encoding must be UTF-8 (or
    UTF-16 with its byte order mark). One declaring entities is refused (``_refuse_entities``). In a
    ``chinese`` book, one declaring a Latin charset whose bytes are Chinese in GB18030
    (``text.decoding.chinese_codec``) is read so, not as Latin letters (mojibake)."""
    declared = _DECLARED.match(data) or _META_CHARSET.search(data, 0, _HEAD_BYTES)
    if declared is None and not data.startswith(_UTF16_BOMS):
        _require_utf8(data)
    name = declared.group(1).decode("ascii").lower() if declared else "utf-8"
    try:
        codec = codecs.lookup(_WIDER.get(name, name)).name
    except LookupError:
        raise ValueError(f"unknown encoding {name!r}") from None
    if chinese and codec in LATIN_CHARSETS:
        codec = chinese_codec(data, ("gb18030",)) or codec
    if codec in ("utf-8", "utf-16", "utf-16-le", "utf-16-be", "ascii", "latin-1", "iso8859-1"):
        # as latin-1, byte for byte: the references are ASCII (in UTF-16 they do not match, and stay)
        document: bytes | str = _numeric_references(data.decode("latin-1")).encode("latin-1")
    else:
        try:
            # a str is parsed as Unicode, its declaration ignored
            document = _numeric_references(data.decode(codec))
        except UnicodeDecodeError as err:
            try:  # a declaration the bytes belie: some tools declare gb2312 over the UTF-8 they write
                document = _numeric_references(data.decode("utf-8"))
            except UnicodeDecodeError:
                raise ValueError(f"not valid {name}: {err.reason} at byte {err.start}") from None
    _refuse_entities(document)
    return ET.fromstring(document)


def _require_utf8(data: bytes) -> None:
    """ValueError, saying what to do, for a document that declares no encoding and is not UTF-8 (a
    legacy Chinese encoding, mostly: which one cannot be told safely from the bytes)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ValueError(
            f"not UTF-8 at byte {err.start} and no encoding declared (declare it, e.g. "
            '<?xml version="1.0" encoding="gbk"?>, or save the file as UTF-8)'
        ) from None


def _xml(archive: _Archive, name: str, reason: str, namespace: str = "") -> ET.Element:
    """The parsed entry ``name``; EpubError ``reason`` when it is missing or does not parse. A document
    that should be in ``namespace`` (a key of ``_NS``) but declares none is read as if it did: some
    tools write a package or table of contents without its namespace, and readers accept it."""
    try:
        data = archive.read(name)
    except KeyError:
        raise EpubError(reason, f"{name} is missing") from None
    try:
        root = _parse(data, archive.chinese)
    except (ET.ParseError, ValueError) as err:
        raise EpubError(reason, f"{name}: {err}") from None
    if namespace and not root.tag.startswith("{"):
        for element in root.iter():
            if isinstance(element.tag, str) and not element.tag.startswith("{"):
                element.tag = f"{{{_NS[namespace]}}}{element.tag}"
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(element: ET.Element) -> str:
    return _SPACE.sub(" ", "".join(element.itertext())).strip()


def _toc_titles(archive: _Archive, opf: ET.Element, base: str) -> dict[str, str]:
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
            link_tag = f"{{{_NS['x']}}}a"
            for link in outermost(_xml(archive, path, "bad_nav", "x"), lambda e: e.tag == link_tag):
                href = posixpath.normpath(
                    posixpath.join(posixpath.dirname(path), unquote(link.get("href", "")))
                )
                titles.setdefault(href.split("#")[0], _text(link))
        elif ncx is not None:
            path = posixpath.join(base, unquote(ncx.get("href", "")))
            for point in _xml(archive, path, "bad_ncx", "ncx").iter(f"{{{_NS['ncx']}}}navPoint"):
                label, content = point.find("ncx:navLabel/ncx:text", _NS), point.find("ncx:content", _NS)
                if label is not None and content is not None:
                    href = posixpath.normpath(
                        posixpath.join(posixpath.dirname(path), unquote(content.get("src", "")))
                    )
                    titles.setdefault(href.split("#")[0], (label.text or "").strip())
    except EpubError as err:
        if err.reason in ("bad_nav", "bad_ncx"):
            return {}  # a missing or broken table of contents costs only the fallback titles
        raise
    return titles


def _paragraphs(body: ET.Element) -> list[str]:
    """The paragraphs of ``body``: the text of each ``_BLOCKS`` element (once, where they nest, as a <p>
    in a <blockquote>); in a document with none, its text cut at block elements and <br> (chapters
    written in <div>s, or straight in the body). Headings, scripts, styles, SVG and MathML are not text.
    Walked without recursion: a document may nest a million elements."""
    found: list[tuple[bool, str]] = []  # (inside a _BLOCKS element, text)
    run: list[str] = []
    inside = 0  # _BLOCKS elements open: a <br> inside one does not cut it

    def flush() -> None:
        text = _SPACE.sub(" ", _CJK_LINE_BREAK.sub("", "".join(run))).strip()
        if text:
            found.append((inside > 0, text))
        run.clear()

    stack: list[tuple[ET.Element | str, bool]] = [(body, True)]
    while stack:
        item, opening = stack.pop()
        if isinstance(item, str):
            run.append(item)
            continue
        name = _local(item.tag) if isinstance(item.tag, str) else ""
        walked = bool(name) and name not in _NOT_TEXT
        if opening:
            if name in _BREAKS or (name == "br" and not inside):
                flush()
            elif name == "br":
                run.append("\n")  # a line break inside a paragraph: a space between words (``_joined``)
            stack.append((item, False))
            if walked:
                inside += name in _BLOCKS
                stack.extend((child, True) for child in reversed(item))
                if item.text:
                    stack.append((item.text, True))
            continue
        if name in _BREAKS:
            flush()
        if walked:
            inside -= name in _BLOCKS
        if item.tail and item is not body:
            stack.append((item.tail, True))
    flush()
    in_blocks = [text for blocked, text in found if blocked]
    return in_blocks or [text for _, text in found]


def _chapter(root: ET.Element, href: str, toc_title: str) -> tuple[EpubChapter | None, str]:
    """The chapter of one XHTML document, or None and the rule that drops it."""
    body = next((e for e in root.iter() if _local(e.tag) == "body"), None)
    if body is None:
        return None, "no body"
    types = {t for e in (body, *body) for t in (e.get(_EPUB_TYPE) or "").split()}
    for aside in [
        e for e in body.iter() if _local(e.tag) == "aside" or e.get(_EPUB_TYPE) in ("footnote", "endnote")
    ]:
        tail = aside.tail  # the text after the note is the chapter's
        aside.clear()  # footnotes and translator's asides
        aside.tail = tail
    headings = outermost(body, lambda e: isinstance(e.tag, str) and _local(e.tag) in _HEADINGS)
    heading = next((text for e in headings if (text := _text(e))), "")
    title = heading or toc_title
    if types & MATTER_TYPES:
        return None, f"epub:type {' '.join(sorted(types & MATTER_TYPES))}"
    if MATTER_TITLE.match(title):
        return None, f"title {title!r}"
    paragraphs = [p for p in _paragraphs(body) if not NOTE_LINE.match(p) and p != heading]
    if not paragraphs:
        return None, "no text"
    return EpubChapter(href, title, paragraphs), ""


def _unsplit(href: str) -> str:
    """The name of the file a converter split ``href`` from ("c7_split_001.xhtml" -> "c7.xhtml")."""
    return _SPLIT.sub("", href)


def _refuse_drm(archive: _Archive, chapters: list[str]) -> None:
    """EpubError ``encrypted_entry`` when META-INF/encryption.xml lists any of ``chapters`` (entry names) as
    encrypted by an algorithm other than a font obfuscation (which is no DRM): the book's text cannot be
    read, only its bytes, which would each be a ``broken_xhtml`` chapter."""
    try:
        root = _xml(archive, "META-INF/encryption.xml", "no_encryption")
    except EpubError as err:
        if err.reason == "no_encryption":
            return  # none, or unreadable: a chapter that is encrypted all the same is broken_xhtml
        raise
    encrypted: dict[str, str] = {}  # entry name -> its algorithm
    # walked once each, the outermost only (an EncryptedData nested in another, which no valid file has,
    # asked for its own method and references read its subtree once per level: hours for a deep one)
    for data in outermost(root, lambda e: isinstance(e.tag, str) and _local(e.tag) == "EncryptedData"):
        inside = [e for e in data.iter() if isinstance(e.tag, str)]
        methods = [e.get("Algorithm", "") for e in inside if _local(e.tag) == "EncryptionMethod"]
        method = next((m for m in methods if m not in _FONT_OBFUSCATION), None if methods else "")
        if method is not None:  # any method other than a font obfuscation, or none named
            for ref in (e for e in inside if _local(e.tag) == "CipherReference"):
                encrypted[posixpath.normpath(unquote(ref.get("URI", "")))] = method or "no algorithm named"
    if drm := [name for name in dict.fromkeys(chapters) if name in encrypted]:
        raise EpubError(
            "encrypted_entry",
            f"{len(drm)} of {len(set(chapters))} chapters are encrypted (DRM, META-INF/encryption.xml: "
            f"{drm[0]} by {encrypted[drm[0]]}): read a copy without DRM",
        )


def _directory_bytes(path: Path) -> int:
    """The size of the zip's list of entries, as its end record (or its zip64 one) declares it, read
    before ``ZipFile`` lists them all (it reads that many bytes, whatever count of entries the record
    declares); 0 where there is no end record (``ZipFile`` names the problem)."""
    with path.open("rb") as file:
        end = zipfile._EndRecData(file)  # type: ignore[attr-defined] # zipfile's reader of that record
    return end[zipfile._ECD_SIZE] if end else 0  # type: ignore[attr-defined]


def read_epub(path: Path, caps: Caps = Caps(), chinese: bool = False) -> EpubBook:
    """The chapters of an EPUB in spine order (``chinese``: a Chinese site's, ``_parse``); unreadable
    chapters in ``broken``, matter in ``dropped``.

    A chapter is ``broken`` when its document is missing (``missing_item``) or does not parse
    (``broken_xhtml``). Raises EpubError when the book cannot be read: not a zip, no package, no
    spine, an entry that cannot be inflated, an entry or the book over its cap, more spine items than
    the chapter cap (``too_many_chapters``), a zip listing entries past their cap (``too_many_entries``),
    chapters encrypted with DRM (``encrypted_entry``), or no spine item that is a chapter (``no_chapters``). Spine items that are images, audio or video are
    dropped by rule. A spine item without a heading or a title in the table of contents that a converter
    split from the chapter read just before it (Calibre's "c7_split_001.xhtml" after "c7.xhtml" or
    "c7_split_000.xhtml") continues that chapter.
    """
    try:
        listed = _directory_bytes(path)
        zipped = zipfile.ZipFile(path) if listed <= caps.zip_directory_bytes else None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
        raise EpubError("not_an_epub", f"{path.name}: {err}") from None
    except NotImplementedError as err:  # a central directory asking for a zip version past 6.3
        raise EpubError(
            "not_an_epub", f"{path.name}: {err}, which no zip reader knows (a damaged central directory)"
        ) from None
    if zipped is None:
        raise EpubError(
            "too_many_entries",
            f"{path.name}: its zip's list of entries takes {listed:,} bytes (cap {caps.zip_directory_bytes:,}): "
            "more entries than a book has",
        )
    with zipped:
        archive = _Archive(zipped, caps.entry_bytes, caps.book_bytes, chinese)
        rootfile = _xml(archive, "META-INF/container.xml", "no_container", "c").find(
            "c:rootfiles/c:rootfile", _NS
        )
        if rootfile is None or not rootfile.get("full-path"):
            raise EpubError("no_container", "container.xml names no package document")
        opf_path = rootfile.get("full-path", "")
        opf = _xml(archive, opf_path, "bad_package", "opf")
        base = posixpath.dirname(opf_path)
        items = opf.findall("opf:manifest/opf:item", _NS)
        manifest = {
            i.get("id"): posixpath.normpath(posixpath.join(base, unquote(i.get("href", "")))) for i in items
        }
        media = {i.get("id"): (i.get("media-type") or "").strip().lower() for i in items}
        spine = [
            ref.get("idref") for ref in opf.findall("opf:spine/opf:itemref", _NS) if ref.get("linear") != "no"
        ]
        if not spine:
            raise EpubError("missing_spine", f"{opf_path} has no spine items")
        # a file listed again (epubcheck's OPF-034), by its id or by another manifest item's, is read once,
        # at its first place
        listed = Counter(manifest.get(idref, idref) for idref in spine)
        first_listed: dict[str | None, str | None] = {}
        for idref in spine:
            first_listed.setdefault(manifest.get(idref, idref), idref)
        spine = list(first_listed.values())
        if len(spine) > caps.chapters:
            raise EpubError(
                "too_many_chapters", f"{opf_path} lists {len(spine)} spine items (cap {caps.chapters})"
            )
        _refuse_drm(archive, [manifest[idref] for idref in spine if idref in manifest])
        titles = _toc_titles(archive, opf, base)
        book = EpubBook()
        for listed_file, times in listed.items():
            if times > 1:  # a 6 KB file listing one item 99,999 times was 99,999 copies of it to build
                book.dropped[f"{listed_file} again"] = f"the spine lists it {times} times"
        previous = None  # the chapter of the spine item just read, if it was one
        for idref in spine:
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
                root = _xml(archive, href, "broken_xhtml")
            except EpubError as err:
                if err.reason != "broken_xhtml":
                    raise  # the entry cannot be inflated, or is over a cap: the whole book is rejected
                book.broken[href] = (err.reason, err.detail)
                continue
            chapter, why = _chapter(root, href, titles.get(href, ""))
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
