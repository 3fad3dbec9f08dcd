"""An EPUB's package document (container.xml -> the OPF): its manifest and its spine."""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass
from urllib.parse import unquote

from crawlers.epub.archive import Archive, EpubError
from crawlers.epub.markup import NS, read_xml


@dataclass
class Package:
    path: str  # the package document's entry name
    opf: ET.Element
    manifest: dict[str | None, str]  # item id -> entry name
    media: dict[str | None, str]  # item id -> media type, lower case
    spine: list[str | None]  # ids of the linear spine items, each file once, at its first place
    listed: Counter[str | None]  # entry name (an id not in the manifest: the id) -> times the spine lists it

    @property
    def base(self) -> str:
        """The folder the package's hrefs are relative to."""
        return posixpath.dirname(self.path)


def read_package(archive: Archive, max_chapters: int) -> Package:
    """The package that container.xml names. EpubError when there is none (``no_container``), it does not
    parse (``bad_package``), its spine lists nothing (``missing_spine``), or more files than
    ``max_chapters`` (``too_many_chapters``). A file the spine lists again (epubcheck's OPF-034), by its
    id or by another manifest item's, is kept once, at its first place."""
    rootfile = read_xml(archive, "META-INF/container.xml", "no_container", "c").find(
        "c:rootfiles/c:rootfile", NS
    )
    if rootfile is None or not rootfile.get("full-path"):
        raise EpubError("no_container", "container.xml names no package document")
    opf_path = rootfile.get("full-path", "")
    opf = read_xml(archive, opf_path, "bad_package", "opf")
    base = posixpath.dirname(opf_path)
    items = opf.findall("opf:manifest/opf:item", NS)
    manifest = {
        i.get("id"): posixpath.normpath(posixpath.join(base, unquote(i.get("href", "")))) for i in items
    }
    media = {i.get("id"): (i.get("media-type") or "").strip().lower() for i in items}
    spine = [
        ref.get("idref") for ref in opf.findall("opf:spine/opf:itemref", NS) if ref.get("linear") != "no"
    ]
    if not spine:
        raise EpubError("missing_spine", f"{opf_path} has no spine items")
    listed = Counter(manifest.get(idref, idref) for idref in spine)
    first_listed: dict[str | None, str | None] = {}
    for idref in spine:
        first_listed.setdefault(manifest.get(idref, idref), idref)
    spine = list(first_listed.values())
    if len(spine) > max_chapters:
        raise EpubError(
            "too_many_chapters", f"{opf_path} lists {len(spine)} spine items (cap {max_chapters})"
        )
    return Package(opf_path, opf, manifest, media, spine, listed)
