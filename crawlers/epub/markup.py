"""The XML documents of an EPUB, parsed safely, and what the other readers ask of their elements.

A document whose DTD declares entities is refused: an entity can expand a small file past every cap
(a "billion laughs"). XML declaring a multi-byte encoding that expat cannot read (GBK, Big5,
Shift-JIS, ...; in its XML declaration or an HTML meta element) is decoded with Python's codec, as is
UTF-32 with its byte order mark, and XML declaring none must be UTF-8 (or UTF-16 with its byte order
mark). HTML's named character references are read.
"""

from __future__ import annotations

import codecs
import re
import xml.etree.ElementTree as ET
from html.entities import html5
from xml.parsers import expat

from crawlers.epub.archive import Archive, EpubError
from text.decoding import LATIN_CHARSETS, chinese_codec, text_codec

NS = {
    "c": "urn:oasis:names:tc:opendocument:xmlns:container",
    "opf": "http://www.idpf.org/2007/opf",
    "ncx": "http://www.daisy.org/z3986/2005/ncx/",
    "x": "http://www.w3.org/1999/xhtml",
}
SPACE = re.compile(r"\s+")
_DECLARED = re.compile(rb"^\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
# HTML's own declaration, honoured when the XML declaration names none: <meta charset="gbk"> or
# <meta http-equiv="Content-Type" content="text/html; charset=gbk"> in the head
_META_CHARSET = re.compile(rb"<meta\s[^>]*?charset\s*=\s*[\"']?([A-Za-z0-9._-]+)", re.I)
_HEAD_BYTES = 8192  # how far into a document its meta declaration is sought
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)  # XML without a declaration: UTF-8 or these
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)  # the first starts as UTF-16's does
# a document's first character "<" in a wide encoding without its byte order mark -> that encoding
_WIDE_STARTS = ((b"<\0\0\0", "UTF-32"), (b"\0\0\0<", "UTF-32"), (b"<\0", "UTF-16"), (b"\0<", "UTF-16"))
_WIDER = {"gb2312": "gb18030", "gbk": "gb18030", "big5": "big5hkscs"}  # a declared codec -> its superset
_NAMED_REFERENCE = re.compile(r"&([A-Za-z][A-Za-z0-9]{1,31});")
_XML_NAMES = frozenset(("amp", "lt", "gt", "quot", "apos"))  # the only names XML knows without a DTD


def element_text(element: ET.Element) -> str:
    """An element's text, its runs of white space made single spaces."""
    return SPACE.sub(" ", "".join(element.itertext())).strip()


def read_xml(archive: Archive, name: str, reason: str, namespace: str = "") -> ET.Element:
    """The parsed entry ``name``; EpubError ``reason`` when it is missing or does not parse. A document
    that should be in ``namespace`` (a key of ``NS``) but declares none is read as if it did: some
    tools write a package or table of contents without its namespace, and readers accept it."""
    try:
        data = archive.read(name)
    except KeyError:
        raise EpubError(reason, f"{name} is missing") from None
    try:
        root = parse(data, archive.chinese)
    except (ET.ParseError, ValueError) as err:
        raise EpubError(reason, f"{name}: {err}") from None
    if namespace and not root.tag.startswith("{"):
        for element in root.iter():
            if isinstance(element.tag, str) and not element.tag.startswith("{"):
                element.tag = f"{{{NS[namespace]}}}{element.tag}"
    return root


def parse(data: bytes, chinese: bool = False) -> ET.Element:
    """The XML document, HTML's named references read; one declaring a multi-byte encoding (which expat
    refuses), in its XML declaration or else in an HTML meta element, is decoded first, as UTF-8 where
    its bytes are not in that encoding but are UTF-8, and so is UTF-32 with its byte order mark (which
    expat does not read). One declaring no encoding must be UTF-8 (or UTF-16 with its byte order mark;
    a declaration in UTF-16 or UTF-32 cannot be read without one). One declaring a codec that is no
    text encoding (``base64``, ``hex``, ``unicode_escape``) or none Python knows is refused (ValueError,
    ``text.decoding.text_codec``). One declaring entities is refused (``_refuse_entities``). In a
    ``chinese`` book, one declaring a Latin charset whose bytes are Chinese in GB18030
    (``text.decoding.chinese_codec``) is read so, not as Latin letters (mojibake)."""
    if data.startswith(_UTF32_BOMS):
        name = "utf-32"
    elif declared := _DECLARED.match(data) or _META_CHARSET.search(data, 0, _HEAD_BYTES):
        name = declared.group(1).decode("ascii").lower()
    else:
        if not data.startswith(_UTF16_BOMS):
            _require_utf8(data)
        name = "utf-8"
    codec = text_codec(_WIDER.get(name, name))
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
    legacy Chinese encoding, mostly: which one cannot be told safely from the bytes), or is UTF-16 or
    UTF-32 without its byte order mark (its declaration, if any, is in that encoding: unread)."""
    for start, wide in _WIDE_STARTS:
        if data.startswith(start):
            raise ValueError(f"{wide} without a byte order mark (save it with one, or as UTF-8)")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise ValueError(
            f"not UTF-8 at byte {err.start} and no encoding declared (declare it, e.g. "
            '<?xml version="1.0" encoding="gbk"?>, or save the file as UTF-8)'
        ) from None


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
