"""Books whose chapters META-INF/encryption.xml lists as encrypted (DRM), refused by name."""

from __future__ import annotations

import posixpath
from urllib.parse import unquote

from crawlers.epub.archive import Archive, EpubError
from crawlers.blocks import local_name
from crawlers.epub.markup import read_xml
from crawlers.nesting import outermost

# encryption.xml algorithms that only obfuscate embedded fonts (EPUB's and Adobe's); any other is DRM.
_FONT_OBFUSCATION = frozenset(("http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"))


def refuse_drm(archive: Archive, chapters: list[str]) -> None:
    """EpubError ``encrypted_entry`` when META-INF/encryption.xml lists any of ``chapters`` (entry names) as
    encrypted by an algorithm other than a font obfuscation (which is no DRM): the book's text cannot be
    read, only its bytes, which would each be a ``broken_xhtml`` chapter."""
    try:
        root = read_xml(archive, "META-INF/encryption.xml", "no_encryption")
    except EpubError as err:
        if err.reason == "no_encryption":
            return  # none, or unreadable: a chapter that is encrypted all the same is broken_xhtml
        raise
    encrypted: dict[str, str] = {}  # entry name -> its algorithm
    # walked once each, the outermost only (an EncryptedData nested in another, which no valid file has,
    # asked for its own method and references read its subtree once per level: hours for a deep one)
    for data in outermost(root, lambda e: isinstance(e.tag, str) and local_name(e.tag) == "EncryptedData"):
        inside = [e for e in data.iter() if isinstance(e.tag, str)]
        methods = [e.get("Algorithm", "") for e in inside if local_name(e.tag) == "EncryptionMethod"]
        method = next((m for m in methods if m not in _FONT_OBFUSCATION), None if methods else "")
        if method is not None:  # any method other than a font obfuscation, or none named
            for ref in (e for e in inside if local_name(e.tag) == "CipherReference"):
                encrypted[posixpath.normpath(unquote(ref.get("URI", "")))] = method or "no algorithm named"
    if drm := [name for name in dict.fromkeys(chapters) if name in encrypted]:
        raise EpubError(
            "encrypted_entry",
            f"{len(drm)} of {len(set(chapters))} chapters are encrypted (DRM, META-INF/encryption.xml: "
            f"{drm[0]} by {encrypted[drm[0]]}): read a copy without DRM",
        )
