"""Books whose chapters are encrypted (DRM), refused by name (invented books, built here)."""

import zipfile

import pytest

from crawlers.epub import drm
from crawlers.epub.archive import EpubError
from crawlers.epub.book import read_epub
from tests.crawlers.local_books import write_epub, xhtml


def test_encryption_data_nested_deep_is_walked_once(tmp_path, monkeypatch):
    # an EncryptedData inside another, a thousand deep, the innermost naming a chapter and its cipher:
    # asked for its method and references per level, each read the whole subtree below it again
    depth = 1000
    aes = "http://www.w3.org/2001/04/xmlenc#aes256-cbc"
    inner = f'<enc:EncryptionMethod Algorithm="{aes}"/><enc:CipherData><enc:CipherReference URI="OEBPS/c1.xhtml"/></enc:CipherData>'
    encryption = (
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
        'xmlns:enc="http://www.w3.org/2001/04/xmlenc#">'
        + "<enc:EncryptedData>" * depth
        + inner
        + "</enc:EncryptedData>" * depth
        + "</encryption>"
    )
    path = write_epub(tmp_path / "b.epub", [("c1.xhtml", xhtml("Chapter 1", ["Sealed."]))])
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("META-INF/encryption.xml", encryption)
    calls = []
    local = drm.local_name
    monkeypatch.setattr(drm, "local_name", lambda tag: calls.append(1) or local(tag))
    with pytest.raises(EpubError) as err:
        read_epub(path)
    assert err.value.reason == "encrypted_entry"
    assert f"OEBPS/c1.xhtml by {aes}" in err.value.detail
    assert len(calls) < 10 * depth  # each element looked at a few times, not once per level above it
