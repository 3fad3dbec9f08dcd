"""Bad EPUB books, each to its named rejection (never a traceback), read as ``CrawlBook`` reads them."""

from __future__ import annotations

import struct
import subprocess
import sys
import warnings
import zipfile
import zlib
from pathlib import Path

import pytest

from tests.crawlers.bad_books import EPUB, GOOD, outcome, rejection_details, text_file
from tests.crawlers.local_books import CONTAINER, write_epub, xhtml


def _patch_entry(
    path: Path, name: str, local_offset: int, central_offset: int, value: bytes, mask: bool = False
) -> Path:
    """Overwrite a field of entry ``name``'s local and central headers (``mask``: OR the bytes in)."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(name)
    central = data.find(b"PK\x01\x02")
    while data[central + 46 : central + 46 + len(name)] != name.encode():
        central = data.find(b"PK\x01\x02", central + 4)
    for at in (info.header_offset + local_offset, central + central_offset):
        old = data[at : at + len(value)]
        data[at : at + len(value)] = bytes(a | b for a, b in zip(old, value)) if mask else value
    path.write_bytes(bytes(data))
    return path


def _epub(tmp_path: Path, *documents: tuple[str, str]) -> Path:
    return write_epub(tmp_path / "book.epub", [GOOD, *documents])


def _bad_crc(tmp_path: Path) -> Path:
    path = _epub(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data.replace("甲走了".encode(), "乙走了".encode()))
    return path


def _twice_named(tmp_path: Path) -> Path:
    """A book whose chapter entry is in the zip twice, with two texts: zipfile read the last without a word."""
    path = _epub(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # zipfile's "Duplicate name"
        with zipfile.ZipFile(path, "a") as archive:
            archive.writestr("OEBPS/c1.xhtml", xhtml("第九章", ["丙来了。"]))
    return path


def _twins(tmp_path: Path, twin: str) -> Path:
    """A book whose chapter entry has a twin of another text, named ``twin`` in the zip: a name that a reader
    finds as the chapter's too (read as the first of them, without a word)."""
    path = _epub(tmp_path)
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr(twin, xhtml("第九章", ["丙来了。"]))
    return path


def _zip_version(tmp_path: Path) -> Path:
    """A chapter's entry asking for version 20.7 of zip (a damaged header): zipfile raised NotImplementedError,
    which failed CrawlBook with no named reason."""
    return _patch_entry(_epub(tmp_path), "OEBPS/c1.xhtml", 4, 6, struct.pack("<H", 207))


def _gbk(tmp_path: Path, declared: str = "xml") -> Path:
    """A book whose second chapter is GBK, declared so in its XML declaration ("xml"), only in an HTML
    meta element ("meta"), or nowhere ("")."""
    document = xhtml("第二章", ["乙来了。"])
    if declared == "xml":
        document = document.replace('encoding="utf-8"', 'encoding="gbk"')
    else:
        document = document.replace(' encoding="utf-8"', "")
    if declared == "meta":
        document = document.replace("<head>", '<head><meta charset="gbk"/>')
    path = _epub(tmp_path)
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("OEBPS/c2.xhtml", document.encode("gbk"))
    return _spine(path, ["c1.xhtml", "c2.xhtml"])


def _spine(path: Path, names: list[str]) -> Path:
    """Rewrite the package so that its spine lists ``names`` (files that may or may not exist)."""
    with zipfile.ZipFile(path) as archive:
        entries = {n: archive.read(n) for n in archive.namelist() if n != "OEBPS/content.opf"}
    items = "".join(
        f'<item id="d{k}" href="{n}" media-type="application/xhtml+xml"/>' for k, n in enumerate(names)
    )
    refs = "".join(f'<itemref idref="d{k}"/>' for k in range(len(names)))
    opf = (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
        f"<manifest>{items}</manifest><spine>{refs}</spine></package>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in {**entries, "OEBPS/content.opf": opf.encode()}.items():
            archive.writestr(name, data)
    return path


def _with_entities(tmp_path: Path) -> Path:
    """A chapter whose DTD declares a "billion laughs" (a thousand million characters from 1 KB)."""
    entities = '<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {chr(98 + k)} "{f"&{chr(97 + k)};" * 10}">' for k in range(8)
    )
    document = xhtml("第二章", ["&i;"]).replace("<html", f"<!DOCTYPE html [{entities}]><html", 1).encode()
    return _epub(tmp_path, ("c2.xhtml", document.decode()))


ENCRYPTION = (
    '<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
    'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod '
    'Algorithm="{algorithm}"/><enc:CipherData><enc:CipherReference URI="{uri}"/></enc:CipherData>'
    "</enc:EncryptedData></encryption>"
)


def _encrypted(tmp_path: Path, algorithm: str, uri: str) -> Path:
    """A book whose META-INF/encryption.xml lists ``uri`` as encrypted by ``algorithm``."""
    path = _epub(tmp_path, ("c2.xhtml", xhtml("第二章", ["乙来了。"])))
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("META-INF/encryption.xml", ENCRYPTION.format(algorithm=algorithm, uri=uri))
    return path


def _legacy_names(tmp_path: Path) -> Path:
    """A book whose chapter's entry name is GBK bytes without zip's UTF-8 flag (as some tools write it)."""
    entries = {
        b"mimetype": b"application/epub+zip",
        b"META-INF/container.xml": CONTAINER.encode(),
        b"OEBPS/content.opf": (
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>'
            '<item id="a" href="第一章.xhtml" media-type="application/xhtml+xml"/></manifest>'
            '<spine><itemref idref="a"/></spine></package>'
        ).encode(),
        "OEBPS/第一章.xhtml".encode("gbk"): GOOD[1].encode(),
    }
    local, central = bytearray(), bytearray()
    for name, data in entries.items():  # stored, flags 0: zipfile reads such a name as cp437
        fields = (0, 0, 0, 0, zlib.crc32(data), len(data), len(data), len(name))
        central += struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, *fields, 0, 0, 0, 0, 0, len(local))
        central += name
        local += struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, *fields, 0) + name + data
    end = struct.pack(
        "<4s4H2LH", b"PK\x05\x06", 0, 0, len(entries), len(entries), len(central), len(local), 0
    )
    path = tmp_path / "book.epub"
    path.write_bytes(bytes(local + central + end))
    return path


def _backslashes(tmp_path: Path) -> Path:
    """A book whose zip writes its folders with backslashes, as some tools on Windows do."""
    path = _epub(tmp_path, ("c2.xhtml", xhtml("第二章", ["乙。"])))
    with zipfile.ZipFile(path) as archive:
        entries = [(info.filename, archive.read(info)) for info in archive.infolist()]
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in entries:
            archive.writestr(name.replace("/", "\\"), data)
    return path


def _image_in_spine(tmp_path: Path) -> Path:
    """A book whose spine lists a PNG illustration between its two chapters."""
    path = _epub(tmp_path, ("c2.xhtml", xhtml("第二章", ["乙来了。"])))
    opf = (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>'
        '<item id="a" href="c1.xhtml" media-type="application/xhtml+xml"/>'
        '<item id="p" href="map.png" media-type="image/png"/>'
        '<item id="b" href="c2.xhtml" media-type="application/xhtml+xml"/></manifest>'
        '<spine><itemref idref="a"/><itemref idref="p"/><itemref idref="b"/></spine></package>'
    )
    with zipfile.ZipFile(path) as archive:
        entries = {n: archive.read(n) for n in archive.namelist() if n != "OEBPS/content.opf"}
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in {**entries, "OEBPS/content.opf": opf.encode()}.items():
            archive.writestr(name, data)
        archive.writestr("OEBPS/map.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    return path


AES = "http://www.w3.org/2001/04/xmlenc#aes128-cbc"

CASES = {
    "corrupt entry (bad CRC)": (EPUB, _bad_crc, {}, [], ["corrupt_entry"]),
    "a central directory asking for zip version 20.7": (EPUB, _zip_version, {}, [], ["not_an_epub"]),
    "two entries of one name": (EPUB, _twice_named, {}, [], ["duplicate_entry"]),
    **{
        f"two entries of one name as a reader finds it ({why})": (
            EPUB,
            lambda t, twin=twin: _twins(t, twin),
            {},
            [],
            ["duplicate_entry"],
        )
        for why, twin in {
            "case": "OEBPS/C1.XHTML",
            "backslashes": "OEBPS\\c1.xhtml",
            "percent-encoding": "OEBPS/c%31.xhtml",
            "a . segment": "OEBPS/./c1.xhtml",
            "a .. segment": "OEBPS/x/../c1.xhtml",
        }.items()
    },
    "unknown compression": (
        EPUB,
        lambda t: _patch_entry(_epub(t), "OEBPS/c1.xhtml", 8, 10, b"\x63\x00"),
        {},
        [],
        ["unsupported_compression"],
    ),
    "encrypted entry": (
        EPUB,
        lambda t: _patch_entry(_epub(t), "OEBPS/c1.xhtml", 6, 8, b"\x01", mask=True),
        {},
        [],
        ["encrypted_entry"],
    ),
    "GBK-declared XHTML is read": (EPUB, _gbk, {}, ["第一章", "第二章"], []),
    "GBK XHTML declared in an HTML meta element is read": (
        EPUB,
        lambda t: _gbk(t, "meta"),
        {},
        ["第一章", "第二章"],
        [],
    ),
    "GBK XHTML declaring no encoding": (EPUB, lambda t: _gbk(t, ""), {}, ["第一章"], ["broken_xhtml"]),
    "UTF-8 XHTML declared gb2312 is read": (
        EPUB,
        lambda t: _epub(
            t, ("c2.xhtml", xhtml("第二章", ["乙。"]).replace('encoding="utf-8"', 'encoding="gb2312"'))
        ),
        {},
        ["第一章", "第二章"],
        [],
    ),
    "unknown declared encoding": (
        EPUB,
        lambda t: _epub(
            t, ("c2.xhtml", xhtml("第二章", ["乙。"]).replace('encoding="utf-8"', 'encoding="rot-99"'))
        ),
        {},
        ["第一章"],
        ["broken_xhtml"],
    ),
    "spine item missing from the file": (
        EPUB,
        lambda t: _spine(_epub(t), ["c1.xhtml", "gone.xhtml"]),
        {},
        ["第一章"],
        ["missing_item"],
    ),
    "no chapter can be read": (
        EPUB,
        lambda t: _spine(_epub(t), ["gone.xhtml", "lost.xhtml"]),
        {},
        [],
        ["no_chapters"],
    ),
    "entry over the cap": (
        EPUB,
        lambda t: _epub(t, ("c2.xhtml", xhtml("第二章", ["乙" * 5000]))),
        {"entry_bytes": 4096},
        [],
        ["entry_too_large"],
    ),
    "book over the cap": (
        EPUB,
        lambda t: _epub(
            t,
            *((f"c{k}.xhtml", xhtml("章", ["乙" * 1000])) for k in range(2, 9)),
        ),
        {"book_bytes": 16384},
        [],
        ["book_too_large"],
    ),
    "chapter over the length cap": (
        EPUB,
        lambda t: _epub(t, ("c2.xhtml", xhtml("第二章", ["乙" * 50]))),
        {"chapter_chars": 20},
        ["第一章"],
        ["chapter_too_long"],
    ),
    "not a zip": (EPUB, lambda t: text_file(t, b"PK\x03\x04 not really"), {}, [], ["not_an_epub"]),
    "every spine item is front matter": (
        EPUB,
        lambda t: write_epub(
            t / "book.epub",
            [
                ("c1.xhtml", xhtml("Copyright", ["All rights reserved."])),
                ("c2.xhtml", xhtml("Contents", ["1"])),
            ],
        ),
        {},
        [],
        ["no_chapters"],
    ),
    "a DTD declaring entities (a billion laughs)": (EPUB, _with_entities, {}, ["第一章"], ["broken_xhtml"]),
    "chapters encrypted (DRM)": (
        EPUB,
        lambda t: _encrypted(t, AES, "OEBPS/c2.xhtml"),
        {},
        [],
        ["encrypted_entry"],
    ),
    "fonts obfuscated, which is no DRM": (
        EPUB,
        lambda t: _encrypted(t, "http://www.idpf.org/2008/embedding", "OEBPS/font.otf"),
        {},
        ["第一章", "第二章"],
        [],
    ),
    "entry names in GBK without the UTF-8 flag are read": (EPUB, _legacy_names, {}, ["第一章"], []),
    "an image in the spine is dropped, not broken": (EPUB, _image_in_spine, {}, ["第一章", "第二章"], []),
    "entry names written with backslashes are read": (EPUB, _backslashes, {}, ["第一章", "第二章"], []),
    "a spine item named in another case than its entry is read": (
        EPUB,
        lambda t: _spine(_epub(t, ("c2.xhtml", xhtml("第二章", ["乙。"]))), ["c1.xhtml", "C2.XHTML"]),
        {},
        ["第一章", "第二章"],
        [],
    ),
    "more spine items than the chapter cap": (
        EPUB,
        lambda t: _epub(t, ("c2.xhtml", xhtml("第二章", ["乙来了。"]))),
        {"chapters": 1},
        [],
        ["too_many_chapters"],
    ),
    "more paragraphs than their cap (15 documents of 16 MB of two-letter ones: over 6 minutes, 1.9 GB)": (
        EPUB,
        lambda t: _epub(t, ("c2.xhtml", xhtml("第二章", ["乙来了。", "丙来了。"]))),
        {"paragraphs": 2},
        [],
        ["too_many_paragraphs"],
    ),
    "as many paragraphs as their cap": (
        EPUB,
        lambda t: _epub(t, ("c2.xhtml", xhtml("第二章", ["乙来了。", "丙来了。"]))),
        {"paragraphs": 3},
        ["第一章", "第二章"],
        [],
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_bad_local_book_is_a_named_rejection(tmp_path, case):
    site, make, caps, titles, reasons = CASES[case]
    assert outcome(site, make(tmp_path), tmp_path, **caps) == (titles, reasons)


DETAILS = {
    "a billion laughs": (
        EPUB,
        _with_entities,
        "OEBPS/c2.xhtml: its DOCTYPE declares the entity 'a': entities are refused (they can expand past any cap)",
    ),
    "DRM": (
        EPUB,
        lambda t: _encrypted(t, AES, "OEBPS/c2.xhtml"),
        f"1 of 2 chapters are encrypted (DRM, META-INF/encryption.xml: OEBPS/c2.xhtml by {AES}): "
        "read a copy without DRM",
    ),
    "more spine items than the cap": (EPUB, _epub, "OEBPS/content.opf lists 1 spine items (cap 0)"),
    "a central directory asking for zip version 20.7": (
        EPUB,
        _zip_version,
        "book.epub: zip file version 20.7, which no zip reader knows (a damaged central directory)",
    ),
    "two entries of one name": (
        EPUB,
        _twice_named,
        "OEBPS/c1.xhtml: 2 entries of the zip have this name (which is the book's, no reader can tell)",
    ),
    "two entries of one name as a reader finds it": (
        EPUB,
        lambda t: _twins(t, "OEBPS/C1.xhtml"),
        "OEBPS/c1.xhtml: 2 entries of the zip have this name as a reader finds it (OEBPS/C1.xhtml, "
        "OEBPS/c1.xhtml): which is the book's, no reader can tell",
    ),
    "no chapter can be read": (
        EPUB,
        lambda t: _spine(_epub(t), ["gone.xhtml", "lost.xhtml"]),
        "book.epub: none of its 2 chapters can be read (missing_item: 2), e.g. OEBPS/gone.xhtml: "
        "spine item 'd0': OEBPS/gone.xhtml is not in the file",
    ),
}


@pytest.mark.parametrize("case", DETAILS)
def test_a_rejection_says_what_is_wrong_with_the_book(tmp_path, case):
    site, make, detail = DETAILS[case]
    caps = {"chapters": 0} if "cap" in case else {}
    assert rejection_details(site, make(tmp_path), tmp_path, **caps) == [detail]


def test_an_entity_bomb_is_refused_before_it_expands(tmp_path):
    """A 15 MB entity referenced 90 times (1.35 GB, under expat's amplification limit) in a 15 KB file."""
    document = xhtml("第二章", ["@"]).replace(
        "<html", f'<!DOCTYPE html [<!ENTITY a "{"a" * 15 * 2**20}">]><html', 1
    )
    path = tmp_path / "book.epub"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("META-INF/container.xml", CONTAINER)
        archive.writestr(
            "OEBPS/content.opf",
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf"><manifest>'
            '<item id="a" href="c1.xhtml"/><item id="b" href="c2.xhtml"/></manifest>'
            '<spine><itemref idref="a"/><itemref idref="b"/></spine></package>',
        )
        archive.writestr("OEBPS/c1.xhtml", GOOD[1])
        archive.writestr("OEBPS/c2.xhtml", document.replace("@", "&a;" * 90))
    assert path.stat().st_size < 100_000
    assert outcome(EPUB, path, tmp_path) == (["第一章"], ["broken_xhtml"])


def _bomb(path: Path, entries: int, entry_bytes: int) -> Path:
    """An EPUB whose ``entries`` chapters each inflate to ``entry_bytes`` of one paragraph (deflated ~1000:1)."""
    names = [f"c{k}.xhtml" for k in range(entries)]
    items = "".join(
        f'<item id="d{k}" href="{n}" media-type="application/xhtml+xml"/>' for k, n in enumerate(names)
    )
    refs = "".join(f'<itemref idref="d{k}"/>' for k in range(entries))
    opf = (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
        f"<manifest>{items}</manifest><spine>{refs}</spine></package>"
    )
    head, tail = (part.encode() for part in xhtml("第一章", ["@"]).split("@"))
    block = b"a" * 2**20
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("META-INF/container.xml", CONTAINER)
        archive.writestr("OEBPS/content.opf", opf)
        for name in names:
            with archive.open(f"OEBPS/{name}", "w", force_zip64=True) as entry:
                entry.write(head)
                for _ in range(entry_bytes // len(block)):
                    entry.write(block)
                entry.write(tail)
    return path


_READ_AND_MEASURE = """
import resource, sys
from pathlib import Path
from crawlers.journal import read_journal
from crawlers.local import read_local
from tests.crawlers.bad_books import EPUB
read_local(EPUB, Path(sys.argv[1]), Path(sys.argv[2]))
print(read_journal(Path(sys.argv[2])).toc_failure["reason"], resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@pytest.mark.slow
@pytest.mark.parametrize("entries", [1, 100])
def test_a_zip_bomb_is_rejected_within_bounded_memory(tmp_path, entries):
    """1.5 GB inflated, in one entry or in 100 entries each under the entry cap: rejected under 1.5 GB RSS."""
    path = _bomb(tmp_path / "bomb.epub", entries, 1536 * 2**20 // entries)
    assert path.stat().st_size < 4 * 2**20 * (1 + entries // 50)
    result = subprocess.run(
        [sys.executable, "-c", _READ_AND_MEASURE, str(path), str(tmp_path / "j.jsonl")],
        capture_output=True,
        text=True,
        check=True,
    )
    reason, peak_kib = result.stdout.split()
    assert reason == ("entry_too_large" if entries == 1 else "book_too_large")
    assert int(peak_kib) * 1024 < 1.5 * 10**9
