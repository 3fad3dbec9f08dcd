"""Chapter titles from an EPUB's table of contents: the EPUB 3 nav document or the EPUB 2 NCX."""

from __future__ import annotations

import posixpath
import xml.etree.ElementTree as ET
from urllib.parse import unquote

from crawlers.epub.archive import Archive, EpubError
from crawlers.epub.markup import NS, element_text, read_xml
from crawlers.nesting import outermost


def toc_titles(archive: Archive, opf: ET.Element, base: str) -> dict[str, str]:
    """Spine href -> title from the EPUB 3 nav document or the EPUB 2 NCX (empty when neither reads)."""
    titles: dict[str, str] = {}
    items = opf.findall("opf:manifest/opf:item", NS)
    nav = next((i for i in items if "nav" in (i.get("properties") or "").split()), None)
    spine = opf.find("opf:spine", NS)
    ncx_id = spine.get("toc") if spine is not None else None
    ncx = next((i for i in items if i.get("id") == ncx_id), None)
    try:
        if nav is not None:
            path = posixpath.join(base, unquote(nav.get("href", "")))
            link_tag = f"{{{NS['x']}}}a"
            for link in outermost(read_xml(archive, path, "bad_nav", "x"), lambda e: e.tag == link_tag):
                href = posixpath.normpath(
                    posixpath.join(posixpath.dirname(path), unquote(link.get("href", "")))
                )
                titles.setdefault(href.split("#")[0], element_text(link))
        elif ncx is not None:
            path = posixpath.join(base, unquote(ncx.get("href", "")))
            for point in read_xml(archive, path, "bad_ncx", "ncx").iter(f"{{{NS['ncx']}}}navPoint"):
                label, content = point.find("ncx:navLabel/ncx:text", NS), point.find("ncx:content", NS)
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
